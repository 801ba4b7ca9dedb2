import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import type { PartnerClient, PartnerClientCreated, PartnerClientCreateIn, PartnerClientList, PartnerClientListQuery } from '@/api/types';
import { api } from '@/lib/api-client';

const KEY = ['partner', 'clients'] as const;

/** GET /api/partner/clients: the partner's clients with their status, in keyset pages. */
export function getPartnerClientsQueryOptions(query: PartnerClientListQuery) {
  return queryOptions({
    queryKey: [...KEY, query] as const,
    queryFn: ({ signal }) => api.get<PartnerClientList>('/partner/clients', { params: query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** POST /api/partner/clients: onboards a client under the partner; the owner's one-time password comes back once. */
export function useCreatePartnerClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerClientCreateIn) => api.post<PartnerClientCreated>('/partner/clients', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** POST /api/partner/clients/{slug}/suspend or /reactivate, with the reason kept in the audit trails. */
export function useSetPartnerClientStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, action, reason }: { slug: string; action: 'suspend' | 'reactivate'; reason: string }) =>
      api.post<PartnerClient>(`/partner/clients/${encodeURIComponent(slug)}/${action}`, { reason }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
