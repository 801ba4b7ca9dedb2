import { queryOptions } from '@tanstack/react-query';

import type { Plugin, RefusedPlugin } from '@/api/types';
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

/** GET /api/admin/plugins/refused: installed plugins not loaded (built for another plugin API version). */
export function getRefusedPlugins({ signal }: { signal?: AbortSignal } = {}): Promise<RefusedPlugin[]> {
  return api.get<RefusedPlugin[]>('/admin/plugins/refused', { signal });
}

export function getRefusedPluginsQueryOptions() {
  return queryOptions({ queryKey: [...PLUGINS_QUERY_KEY, 'refused'] as const, queryFn: getRefusedPlugins, staleTime: 60_000 });
}
