/** The partner's clients on the list kit: search and status in the URL, with the API's parameter names. */
import type { PartnerClientListQuery } from '@/api/types';
import { type ListState, defineList } from '@/components/kit';
import { LIST_PAGE_SIZES } from '@/lib/list-params';

export const CLIENT_STATUSES = ['active', 'suspended'] as const;
export const CLIENT_SORTS = ['-created_at', 'created_at', 'slug', '-slug'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

export const partnerClientsList = defineList({
  id: 'partner-clients',
  filters: { status: { values: CLIENT_STATUSES } },
  search: true,
  sorts: CLIENT_SORTS,
  defaultSort: '-created_at',
  pageSizes: LIST_PAGE_SIZES,
});

export function partnerClientsQuery(state: ListState<ClientSort>): PartnerClientListQuery {
  const status = typeof state.filters.status === 'string' ? state.filters.status : '';
  return { q: state.q, status: status ? [status] : [], sort: state.sort, per_page: state.perPage, cursor: state.cursor };
}
