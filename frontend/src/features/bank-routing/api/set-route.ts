import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ProviderRoute, ProviderRouteIn } from '@/api/types';
import { api } from '@/lib/api-client';

import { ROUTES_QUERY_KEY } from './get-routes';

/** PUT /api/admin/routes: the provider of a method for a client (tenant null: the platform default). */
export function setRoute(body: ProviderRouteIn): Promise<ProviderRoute> {
  return api.put<ProviderRoute>('/admin/routes', body);
}

export function useSetRoute() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setRoute, onSuccess: () => void queryClient.invalidateQueries({ queryKey: ROUTES_QUERY_KEY }) });
}
