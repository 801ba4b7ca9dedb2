import { queryOptions } from '@tanstack/react-query';

import type { VisibleTenant } from '@/api/types';
import { api } from '@/lib/api-client';

/** GET /api/tenants (staff): the client companies the staff member may see, by name. */
export async function getStaffClients({ signal }: { signal?: AbortSignal } = {}): Promise<VisibleTenant[]> {
  const tenants = await api.get<VisibleTenant[]>('/tenants', { signal });
  return tenants.filter((tenant) => tenant.kind === 'client').sort((a, b) => a.name.localeCompare(b.name));
}

export function getStaffClientsQueryOptions() {
  return queryOptions({ queryKey: ['tenants', 'clients'] as const, queryFn: getStaffClients, staleTime: 60_000 });
}
