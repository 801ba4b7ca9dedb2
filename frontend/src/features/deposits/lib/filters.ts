/**
 * The deposit list's filters live in the URL (search parameters named as the API's): back/forward,
 * reload and a shared link restore them. Values the API would refuse are dropped on the way in.
 */
import type { DepositListQuery } from '@/api/types';
import { withoutPage } from '@/lib/cursor-pages';

import {
  CURRENCIES,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  DEPOSIT_METHODS,
  DEPOSIT_STATUSES,
  PAGE_SIZES,
  SORTS,
  type SortKey,
} from './constants';

export type DepositFilters = {
  status: string[];
  method: string[];
  currency: string[];
  /** YYYY-MM-DD or "" */
  dateFrom: string;
  dateTo: string;
  /** integer centavos */
  amountMin: number | null;
  amountMax: number | null;
  q: string;
  sort: SortKey;
  perPage: number;
};

/** The parameter that opens a deposit's detail drawer. */
export const DETAIL_PARAM = 'deposit';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function pick(params: URLSearchParams, key: string, allowed: readonly string[]): string[] {
  return [...new Set(params.getAll(key).filter((value) => allowed.includes(value)))];
}

function cents(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number.parseInt(value, 10);
}

function isoDate(value: string | null): string {
  return value && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)) ? value : '';
}

export function readFilters(params: URLSearchParams): DepositFilters {
  const sort = params.get('sort') ?? DEFAULT_SORT;
  const perPage = Number(params.get('per_page') ?? DEFAULT_PAGE_SIZE);
  return {
    status: pick(params, 'status', DEPOSIT_STATUSES),
    method: pick(params, 'method', DEPOSIT_METHODS),
    currency: pick(params, 'currency', CURRENCIES),
    dateFrom: isoDate(params.get('date_from')),
    dateTo: isoDate(params.get('date_to')),
    amountMin: cents(params.get('amount_min')),
    amountMax: cents(params.get('amount_max')),
    q: (params.get('q') ?? '').trim(),
    sort: (SORTS as readonly string[]).includes(sort) ? (sort as SortKey) : DEFAULT_SORT,
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
  };
}

/**
 * New search parameters for `filters`: defaults are left out, the page goes back to the first one,
 * and parameters that are not filters (the open detail drawer) are kept.
 */
export function writeFilters(current: URLSearchParams, filters: DepositFilters): URLSearchParams {
  const next = withoutPage(current);
  for (const key of ['status', 'method', 'currency', 'date_from', 'date_to', 'amount_min', 'amount_max', 'q', 'sort', 'per_page']) {
    next.delete(key);
  }
  for (const value of filters.status) next.append('status', value);
  for (const value of filters.method) next.append('method', value);
  for (const value of filters.currency) next.append('currency', value);
  if (filters.dateFrom) next.set('date_from', filters.dateFrom);
  if (filters.dateTo) next.set('date_to', filters.dateTo);
  if (filters.amountMin !== null) next.set('amount_min', String(filters.amountMin));
  if (filters.amountMax !== null) next.set('amount_max', String(filters.amountMax));
  if (filters.q.trim()) next.set('q', filters.q.trim());
  if (filters.sort !== DEFAULT_SORT) next.set('sort', filters.sort);
  if (filters.perPage !== DEFAULT_PAGE_SIZE) next.set('per_page', String(filters.perPage));
  return next;
}

/** Whether the set is narrowed (sort and page size do not count): picks the empty-state text. */
export function hasActiveFilters(filters: DepositFilters): boolean {
  return (
    filters.status.length > 0 ||
    filters.method.length > 0 ||
    filters.currency.length > 0 ||
    Boolean(filters.dateFrom || filters.dateTo || filters.q) ||
    filters.amountMin !== null ||
    filters.amountMax !== null
  );
}

/** The filters as the API's query (list and summary share them). */
export function filterQuery(filters: DepositFilters): DepositListQuery {
  return {
    status: filters.status,
    method: filters.method,
    currency: filters.currency,
    date_from: filters.dateFrom || null,
    date_to: filters.dateTo || null,
    amount_min: filters.amountMin,
    amount_max: filters.amountMax,
    q: filters.q,
  };
}

export function listQuery(filters: DepositFilters, cursor: string | null): DepositListQuery {
  return { ...filterQuery(filters), sort: filters.sort, per_page: filters.perPage, cursor };
}
