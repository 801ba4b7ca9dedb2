import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import type { AdminTenant, AdminTenantList, AdminTenantListQuery, TenantCreateIn, TenantCreated } from '@/api/types';
import { api } from '@/lib/api-client';

const KEY = ['admin', 'tenants'] as const;

/** GET /api/admin/tenants: clients and partners, searched and filtered, in keyset pages. */
export function getAdminTenantsQueryOptions(query: AdminTenantListQuery) {
  return queryOptions({
    queryKey: [...KEY, query] as const,
    queryFn: ({ signal }) => api.get<AdminTenantList>('/admin/tenants', { params: query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** POST /api/admin/tenants: provisions the tenant and its owner; the one-time password comes back once. */
export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TenantCreateIn) => api.post<TenantCreated>('/admin/tenants', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** POST /api/admin/tenants/{slug}/suspend or /reactivate, with the reason kept in the audit trail. */
export function useSetTenantStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, action, reason }: { slug: string; action: 'suspend' | 'reactivate'; reason: string }) =>
      api.post<AdminTenant>(`/admin/tenants/${encodeURIComponent(slug)}/${action}`, { reason }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
