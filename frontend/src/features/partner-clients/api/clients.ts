import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import type { PartnerClient, PartnerClientConfigIn, PartnerClientCreated, PartnerClientCreateIn, PartnerClientDetail, PartnerClientFeeIn, PartnerClientList, PartnerClientListQuery } from '@/api/types';
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

const path = (slug: string) => `/partner/clients/${encodeURIComponent(slug)}`;

/** GET /api/partner/clients/{slug}: its modules, toggles and fee rates, with what the partner may change. */
export function getPartnerClientQueryOptions(slug: string) {
  return queryOptions({
    queryKey: [...KEY, 'detail', slug] as const,
    queryFn: ({ signal }) => api.get<PartnerClientDetail>(path(slug), { signal }),
  });
}

/** PATCH /api/partner/clients/{slug}: modules and toggles, within the platform's allowance (else 422). */
export function useConfigurePartnerClient(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerClientConfigIn) => api.patch<PartnerClientDetail>(path(slug), body),
    onSuccess: (detail) => queryClient.setQueryData([...KEY, 'detail', slug], detail),
  });
}

/** PUT /api/partner/clients/{slug}/fee-rates: one method and currency, no lower than the floor (else 422). */
export function useSetPartnerClientFee(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerClientFeeIn) => api.put<PartnerClientDetail>(`${path(slug)}/fee-rates`, body),
    onSuccess: (detail) => queryClient.setQueryData([...KEY, 'detail', slug], detail),
  });
}
