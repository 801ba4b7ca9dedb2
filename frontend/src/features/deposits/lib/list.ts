import type { DepositListQuery } from '@/api/types';
import { type ListState, defineList } from '@/components/kit';

import { CURRENCIES, DEFAULT_PAGE_SIZE, DEFAULT_SORT, DEPOSIT_METHODS, DEPOSIT_STATUSES, PAGE_SIZES, SORTS } from './constants';

/** The parameter that opens a deposit's detail drawer. */
export const DETAIL_PARAM = 'deposit';

const CENTS = /^\d{1,15}$/;

/** clients/payments: the deposits list's URL state (parameters named as the API's). */
export const depositsList = defineList({
  id: 'deposits',
  filters: {
    status: { values: DEPOSIT_STATUSES, multi: true },
    method: { values: DEPOSIT_METHODS, multi: true },
    currency: { values: CURRENCIES, multi: true },
    amount_min: { pattern: CENTS },
    amount_max: { pattern: CENTS },
  },
  period: true,
  search: true,
  sorts: SORTS,
  defaultSort: DEFAULT_SORT,
  pageSizes: PAGE_SIZES,
  defaultPerPage: DEFAULT_PAGE_SIZE,
});

const many = (value: string | string[] | undefined) => (Array.isArray(value) ? value : value ? [value] : []);
const cents = (value: string | string[] | undefined) => (typeof value === 'string' && value ? Number.parseInt(value, 10) : null);

/** The filters as the API's query (list and summary share them). */
export function filterQuery(state: ListState): DepositListQuery {
  return {
    status: many(state.filters.status),
    method: many(state.filters.method),
    currency: many(state.filters.currency),
    date_from: state.dateFrom || null,
    date_to: state.dateTo || null,
    amount_min: cents(state.filters.amount_min),
    amount_max: cents(state.filters.amount_max),
    q: state.q,
  };
}

export function listQuery(state: ListState): DepositListQuery {
  return { ...filterQuery(state), sort: state.sort as DepositListQuery['sort'], per_page: state.perPage, cursor: state.cursor };
}
