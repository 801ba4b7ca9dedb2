import type { PayoutListQuery } from '@/api/types';
import { type ListState, defineList } from '@/components/kit';
import { LIST_PAGE_SIZES, LIST_SORTS } from '@/lib/list-params';

export const PAYOUT_STATUSES = ['waiting', 'pending', 'approved', 'rejected', 'confirmed', 'canceled', 'reversed', 'paid_to_client'] as const;
export const PAYOUT_METHODS = ['pix', 'ted'] as const;
export const DETAIL_PARAM = 'payout';

/** clients/withdraws and the like: the payouts list's URL state. */
export const payoutsList = defineList({
  id: 'payouts',
  filters: { status: { values: PAYOUT_STATUSES }, method: { values: PAYOUT_METHODS } },
  period: true,
  search: true,
  sorts: LIST_SORTS,
  defaultSort: '-created_at',
  pageSizes: LIST_PAGE_SIZES,
});

/** The API query of the page shown; `kind` fixes the list to one kind (manual, transactional...). */
export function listQuery(state: ListState, kind?: string): PayoutListQuery {
  const one = (value: string | string[] | undefined) => (typeof value === 'string' && value ? [value] : undefined);
  return {
    q: state.q || undefined,
    status: one(state.filters.status),
    method: one(state.filters.method),
    kind: kind ? [kind] : undefined,
    date_from: state.dateFrom || undefined,
    date_to: state.dateTo || undefined,
    sort: state.sort,
    per_page: state.perPage,
    cursor: state.cursor ?? undefined,
  };
}
