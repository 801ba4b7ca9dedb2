import { queryOptions } from '@tanstack/react-query';

import type { ProviderRoute } from '@/api/types';
import { api } from '@/lib/api-client';

export const ROUTES_QUERY_KEY = ['admin', 'routes'] as const;

/** GET /api/admin/routes: every stored route (tenant null: the platform default). */
export function getRoutes({ signal }: { signal?: AbortSignal } = {}): Promise<ProviderRoute[]> {
  return api.get<ProviderRoute[]>('/admin/routes', { signal });
}

export function getRoutesQueryOptions() {
  return queryOptions({ queryKey: ROUTES_QUERY_KEY, queryFn: getRoutes, staleTime: 30_000 });
}
