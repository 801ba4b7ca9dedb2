import { queryOptions } from '@tanstack/react-query';

import type { Plugin } from '@/api/types';
import { api } from '@/lib/api-client';

export const PLUGINS_QUERY_KEY = ['admin', 'plugins'] as const;

/**
 * GET /api/admin/plugins: payment methods and bank providers with their configuration for the
 * platform, or as a client sees them (`tenant`): its own values, else the platform's (`inherited`).
 */
export function getPlugins(tenant: string | null, { signal }: { signal?: AbortSignal } = {}): Promise<Plugin[]> {
  return api.get<Plugin[]>('/admin/plugins', { signal, params: { tenant } });
}

export function getPluginsQueryOptions(tenant: string | null) {
  return queryOptions({
    queryKey: [...PLUGINS_QUERY_KEY, tenant ?? ''] as const,
    queryFn: ({ signal }) => getPlugins(tenant, { signal }),
    staleTime: 30_000,
  });
}
