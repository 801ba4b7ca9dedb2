/** admin/clients on the list kit: search, kind and status in the URL, with the API's parameter names. */
import type { AdminTenantListQuery } from '@/api/types';
import { type ListState, defineList } from '@/components/kit';
import { LIST_PAGE_SIZES } from '@/lib/list-params';

export const TENANT_KINDS = ['client', 'partner'] as const;
export const TENANT_STATUSES = ['active', 'suspended'] as const;
export const CLIENT_SORTS = ['-created_at', 'created_at', 'slug', '-slug'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

export const adminClientsList = defineList({
  id: 'admin-clients',
  filters: { kind: { values: TENANT_KINDS }, status: { values: TENANT_STATUSES } },
  search: true,
  sorts: CLIENT_SORTS,
  defaultSort: '-created_at',
  pageSizes: LIST_PAGE_SIZES,
});

const text = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');

export function adminClientsQuery(state: ListState<ClientSort>): AdminTenantListQuery {
  const status = text(state.filters.status);
  return {
    q: state.q,
    kind: text(state.filters.kind),
    status: status ? [status] : [],
    sort: state.sort,
    per_page: state.perPage,
    cursor: state.cursor,
  };
}
