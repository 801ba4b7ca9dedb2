import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import { PLATFORM_STATUS_QUERY_KEY } from '@/api/get-platform-status';
import type { PlatformSettings, PlatformSettingsIn } from '@/api/types';
import { api } from '@/lib/api-client';

const SETTINGS_QUERY_KEY = ['admin', 'platform-settings'] as const;

/** GET /api/admin/platform-settings: limits, TED hours and the maintenance banner. */
export function getPlatformSettingsQueryOptions() {
  return queryOptions({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => api.get<PlatformSettings>('/admin/platform-settings', { signal }),
  });
}

/** PUT /api/admin/platform-settings: replaces every setting (audited with before and after). */
export function useSavePlatformSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlatformSettingsIn) => api.put<PlatformSettings>('/admin/platform-settings', body),
    onSuccess: (saved) => {
      queryClient.setQueryData(SETTINGS_QUERY_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: PLATFORM_STATUS_QUERY_KEY });
    },
  });
}
