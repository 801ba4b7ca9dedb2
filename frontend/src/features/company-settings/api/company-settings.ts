import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import type { CompanySettings, CompanySettingsIn } from '@/api/types';
import { api } from '@/lib/api-client';

const SETTINGS_QUERY_KEY = ['company', 'settings'] as const;

/** GET /api/company/settings: the company's profile, e-mails, approval threshold and logo. */
export function getCompanySettingsQueryOptions() {
  return queryOptions({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => api.get<CompanySettings>('/company/settings', { signal }),
  });
}

/** PATCH /api/company/settings: only the fields sent change (audited with before and after). */
export function useSaveCompanySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanySettingsIn) => api.patch<CompanySettings>('/company/settings', body),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_QUERY_KEY, saved),
  });
}

/** PUT /api/company/logo: the image itself as the body (PNG or JPEG; the server checks its content). */
export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => api.put<CompanySettings>('/company/logo', file),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_QUERY_KEY, saved),
  });
}

/** DELETE /api/company/logo (audited). */
export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<null>('/company/logo'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY }),
  });
}
