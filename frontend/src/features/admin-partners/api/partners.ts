import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import type { FeeFloorIn, PartnerDetail, PartnerList, PartnerListQuery, PartnerTermsIn, VisibleTenant } from '@/api/types';
import { api } from '@/lib/api-client';

const KEY = ['admin', 'partners'] as const;
const path = (slug: string) => `/admin/partners/${encodeURIComponent(slug)}`;

/** GET /api/admin/partners: partners with their commission rate, clients and users counted, in keyset pages. */
export function getPartnersQueryOptions(query: PartnerListQuery) {
  return queryOptions({
    queryKey: [...KEY, 'list', query] as const,
    queryFn: ({ signal }) => api.get<PartnerList>('/admin/partners', { params: query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** GET /api/admin/partners/{slug}: one partner, its linked clients and its users. */
export function getPartnerQueryOptions(slug: string) {
  return queryOptions({ queryKey: [...KEY, 'detail', slug] as const, queryFn: ({ signal }) => api.get<PartnerDetail>(path(slug), { signal }), staleTime: 15_000 });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: KEY });
}

/** PATCH /api/admin/partners/{slug}: the commission rate, in basis points (audited). */
export function useSetCommission(slug: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: PartnerTermsIn) => api.patch<PartnerDetail>(path(slug), body), onSuccess: refresh });
}

/** POST /api/admin/partners/{slug}/clients: give the partner a client (its users see it at once). */
export function useLinkClient(slug: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (client: string) => api.post<VisibleTenant>(`${path(slug)}/clients`, { client }), onSuccess: refresh });
}

/** DELETE /api/admin/partners/{slug}/clients/{client}: take the client away (and its users' grants). */
export function useUnlinkClient(slug: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (client: string) => api.delete<null>(`${path(slug)}/clients/${encodeURIComponent(client)}`), onSuccess: refresh });
}

/** PUT /api/admin/partners/{slug}/fee-floors: the lowest rate the partner may give its clients (method, currency). */
export function useSetFeeFloor(slug: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: FeeFloorIn) => api.put<PartnerDetail>(`${path(slug)}/fee-floors`, body), onSuccess: refresh });
}

/** DELETE /api/admin/partners/{slug}/fee-floors/{method}/{currency}: the platform's default rate is the floor again. */
export function useRemoveFeeFloor(slug: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ method, currency }: { method: string; currency: string }) => api.delete<null>(`${path(slug)}/fee-floors/${encodeURIComponent(method)}/${encodeURIComponent(currency)}`),
    onSuccess: refresh,
  });
}
