/** The staff transaction list on the list kit: its filters in the URL with the API's parameter names. */
import type { TransactionListQuery } from '@/api/types';
import { type ListState, defineList } from '@/components/kit';
import { LIST_PAGE_SIZES, LIST_SORTS, type ListSort } from '@/lib/list-params';

export const KINDS = ['deposit', 'payout', 'refund'] as const;
export const STATUSES = ['waiting', 'pending', 'approved', 'rejected', 'confirmed', 'paid_to_client', 'canceled', 'expired', 'refunded', 'reversed', 'failed'] as const;
export const METHODS = ['billet', 'pix', 'card', 'wire', 'ted'] as const;
export const CURRENCIES = ['BRL', 'USD'] as const;
/** The parameter that opens a transaction's detail drawer. */
export const DETAIL_PARAM = 'transaction';

export const transactionsList = defineList({
  id: 'transactions',
  filters: { kind: { values: KINDS }, status: { values: STATUSES }, method: { values: METHODS }, currency: { values: CURRENCIES }, tenant: {} },
  period: true,
  search: true,
  sorts: LIST_SORTS,
  defaultSort: '-created_at',
  pageSizes: LIST_PAGE_SIZES,
});

const text = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');
const list = (value: string | string[] | undefined) => (text(value) ? [text(value)] : []);

/** The API query of the page shown. */
export function listQuery(state: ListState<ListSort>): TransactionListQuery {
  return {
    kind: list(state.filters.kind),
    status: list(state.filters.status),
    method: list(state.filters.method),
    currency: list(state.filters.currency),
    tenant: text(state.filters.tenant),
    date_from: state.dateFrom || null,
    date_to: state.dateTo || null,
    q: state.q,
    sort: state.sort,
    per_page: state.perPage,
    cursor: state.cursor,
  };
}
