/**
 * The staff payout lists (employee/payout-requests and admin/payout-requests: every payout;
 * admin/wallet-withdraws: the wallet withdraws) on the list kit: status, client (slug, picked by name),
 * period, search by id, sort and page size in the URL. The payout kind is not a filter: each screen
 * fixes it (see `getStaffPayoutsQueryOptions`). Unknown values in a hand-edited URL are dropped.
 */
import type { WalletWithdrawListQuery } from '@/api/types';
import { type ListState, defineList } from '@/components/kit';
import { LIST_PAGE_SIZES, LIST_SORTS, type ListSort } from '@/lib/list-params';

import { PAYOUT_STATUSES } from './filters';

export const staffPayoutsList = defineList({
  id: 'staff-payouts',
  filters: { status: { values: PAYOUT_STATUSES }, client: {} },
  period: true,
  search: true,
  sorts: LIST_SORTS,
  defaultSort: '-created_at',
  pageSizes: LIST_PAGE_SIZES,
});

/** The parameters both staff endpoints take (GET /api/transactions adds the kind). */
export type StaffPayoutListQuery = WalletWithdrawListQuery;

/** The API query of the page shown. */
export function staffListQuery(state: ListState<ListSort>): StaffPayoutListQuery {
  const status = typeof state.filters.status === 'string' ? state.filters.status : '';
  return {
    status: status ? [status] : [],
    tenant: typeof state.filters.client === 'string' ? state.filters.client : '',
    date_from: state.dateFrom || null,
    date_to: state.dateTo || null,
    q: state.q,
    sort: state.sort,
    per_page: state.perPage,
    cursor: state.cursor,
  };
}
