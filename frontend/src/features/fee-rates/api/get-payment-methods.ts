import { queryOptions } from '@tanstack/react-query';

import type { Plugin } from '@/api/types';
import { api } from '@/lib/api-client';

/**
 * GET /api/admin/plugins: the loaded plugins; the fee table takes the payment methods and their
 * currencies from it (a third-party method gets its rows). Platform view, cached like the routes
 * screen's list under a key of its own.
 */
export function getPlugins({ signal }: { signal?: AbortSignal } = {}): Promise<Plugin[]> {
  return api.get<Plugin[]>('/admin/plugins', { signal });
}

export function getPluginsQueryOptions() {
  return queryOptions({ queryKey: ['admin', 'fee-rate-methods'] as const, queryFn: getPlugins, staleTime: 60_000 });
}
