/** admin/partners on the list kit: search and status in the URL, with the API's parameter names. */
import type { PartnerListQuery } from '@/api/types';
import { type ListState, defineList } from '@/components/kit';
import { LIST_PAGE_SIZES } from '@/lib/list-params';

export const PARTNER_STATUSES = ['active', 'suspended'] as const;
export const PARTNER_SORTS = ['-created_at', 'created_at', 'slug', '-slug'] as const;
export type PartnerSort = (typeof PARTNER_SORTS)[number];

export const adminPartnersList = defineList({
  id: 'admin-partners',
  filters: { status: { values: PARTNER_STATUSES } },
  search: true,
  sorts: PARTNER_SORTS,
  defaultSort: '-created_at',
  pageSizes: LIST_PAGE_SIZES,
});

export function adminPartnersQuery(state: ListState<PartnerSort>): PartnerListQuery {
  const status = typeof state.filters.status === 'string' ? state.filters.status : '';
  return { q: state.q, status: status ? [status] : [], sort: state.sort, per_page: state.perPage, cursor: state.cursor };
}
