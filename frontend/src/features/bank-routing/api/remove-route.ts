import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { ROUTES_QUERY_KEY } from './get-routes';

/** DELETE /api/admin/routes/{method}?tenant=: a client's route goes; the platform default applies. */
export function removeRoute({ method, tenant }: { method: string; tenant: string }): Promise<void> {
  return api.delete<void>(`/admin/routes/${encodeURIComponent(method)}`, { params: { tenant } });
}

export function useRemoveRoute() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeRoute, onSuccess: () => void queryClient.invalidateQueries({ queryKey: ROUTES_QUERY_KEY }) });
}
