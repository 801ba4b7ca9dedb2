import { queryOptions } from '@tanstack/react-query';

import type { VisibleTenant } from '@/api/types';
import { api } from '@/lib/api-client';

/** GET /api/tenants: the client companies the admin may see, by name (the screen's filter). */
export async function getClients({ signal }: { signal?: AbortSignal } = {}): Promise<VisibleTenant[]> {
  const tenants = await api.get<VisibleTenant[]>('/tenants', { signal });
  return tenants.filter((tenant) => tenant.kind === 'client').sort((a, b) => a.name.localeCompare(b.name));
}

export function getClientsQueryOptions() {
  return queryOptions({ queryKey: ['tenants', 'clients'] as const, queryFn: getClients, staleTime: 60_000 });
}
