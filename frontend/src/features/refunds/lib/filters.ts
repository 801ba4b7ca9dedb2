import { type ListState, defineList } from '@/components/kit';
import { LIST_PAGE_SIZES, LIST_SORTS } from '@/lib/list-params';

export const REFUND_STATUSES = ['pending', 'confirmed', 'failed'] as const;

/** clients/refunds: the refunds list's URL state (`deposit` narrows it to one deposit's refunds). */
export const refundsList = defineList({
  id: 'refunds',
  filters: { status: { values: REFUND_STATUSES, multi: true }, deposit: { pattern: /^dep_[0-9a-f]{20}$/ } },
  period: true,
  search: true,
  sorts: LIST_SORTS,
  defaultSort: '-created_at',
  pageSizes: LIST_PAGE_SIZES,
});

/** The API query of the page shown. */
export function refundsQuery(state: ListState) {
  const status = state.filters.status;
  const deposit = state.filters.deposit;
  return {
    q: state.q || undefined,
    status: Array.isArray(status) && status.length ? status : undefined,
    deposit: typeof deposit === 'string' && deposit ? deposit : undefined,
    date_from: state.dateFrom || undefined,
    date_to: state.dateTo || undefined,
    sort: state.sort,
    per_page: state.perPage,
    cursor: state.cursor ?? undefined,
  };
}
