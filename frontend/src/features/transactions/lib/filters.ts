/** The staff transaction list's filters, kept in the URL with the API's parameter names. */
import type { TransactionListQuery } from '@/api/types';
import { withoutPage } from '@/lib/cursor-pages';

export const KINDS = ['deposit', 'payout', 'refund'] as const;
export const STATUSES = ['waiting', 'pending', 'approved', 'rejected', 'confirmed', 'paid_to_client', 'canceled', 'expired', 'refunded', 'reversed', 'failed'] as const;
export const METHODS = ['billet', 'pix', 'card', 'wire', 'ted'] as const;
export const CURRENCIES = ['BRL', 'USD'] as const;
export const SORTS = ['-created_at', 'created_at', '-amount', 'amount'] as const;
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_SORT = '-created_at';
export const DEFAULT_PAGE_SIZE = 25;

export type Sort = (typeof SORTS)[number];

export type TransactionFilters = {
  kind: string;
  status: string;
  method: string;
  currency: string;
  /** client slug */
  tenant: string;
  dateFrom: string;
  dateTo: string;
  q: string;
  sort: Sort;
  perPage: number;
};

const FILTER_KEYS = ['kind', 'status', 'method', 'currency', 'tenant', 'date_from', 'date_to', 'q', 'sort', 'per_page'];

const one = (params: URLSearchParams, key: string, allowed: readonly string[]) => {
  const value = params.get(key) ?? '';
  return allowed.includes(value) ? value : '';
};
const isoDate = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : '');

export function readFilters(params: URLSearchParams): TransactionFilters {
  const sort = params.get('sort') ?? DEFAULT_SORT;
  const perPage = Number(params.get('per_page') ?? DEFAULT_PAGE_SIZE);
  return {
    kind: one(params, 'kind', KINDS),
    status: one(params, 'status', STATUSES),
    method: one(params, 'method', METHODS),
    currency: one(params, 'currency', CURRENCIES),
    tenant: (params.get('tenant') ?? '').trim(),
    dateFrom: isoDate(params.get('date_from')),
    dateTo: isoDate(params.get('date_to')),
    q: (params.get('q') ?? '').trim(),
    sort: (SORTS as readonly string[]).includes(sort) ? (sort as Sort) : DEFAULT_SORT,
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
  };
}

export function writeFilters(current: URLSearchParams, filters: TransactionFilters): URLSearchParams {
  const next = withoutPage(current);
  for (const key of FILTER_KEYS) next.delete(key);
  const set = (key: string, value: string) => value && next.set(key, value);
  set('kind', filters.kind);
  set('status', filters.status);
  set('method', filters.method);
  set('currency', filters.currency);
  set('tenant', filters.tenant.trim());
  set('date_from', filters.dateFrom);
  set('date_to', filters.dateTo);
  set('q', filters.q.trim());
  if (filters.sort !== DEFAULT_SORT) next.set('sort', filters.sort);
  if (filters.perPage !== DEFAULT_PAGE_SIZE) next.set('per_page', String(filters.perPage));
  return next;
}

export function hasActiveFilters(f: TransactionFilters): boolean {
  return Boolean(f.kind || f.status || f.method || f.currency || f.tenant || f.dateFrom || f.dateTo || f.q);
}

export function listQuery(f: TransactionFilters, cursor: string | null): TransactionListQuery {
  const list = (value: string) => (value ? [value] : []);
  return {
    kind: list(f.kind),
    status: list(f.status),
    method: list(f.method),
    currency: list(f.currency),
    tenant: f.tenant,
    date_from: f.dateFrom || null,
    date_to: f.dateTo || null,
    q: f.q,
    sort: f.sort,
    per_page: f.perPage,
    cursor,
  };
}
