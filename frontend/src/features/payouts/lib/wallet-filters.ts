/**
 * The filters of admin/wallet-withdraws, kept in the URL: status, client (slug), period (requested
 * from/until), search by id, sort and page size. Unknown values in a hand-edited URL are dropped.
 */
import type { WalletWithdrawListQuery } from '@/api/types';
import { withoutPage } from '@/lib/cursor-pages';

import { PAYOUT_STATUSES } from './filters';

export const WALLET_SORTS = ['-created_at', 'created_at', '-amount', 'amount'] as const;
export const WALLET_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_WALLET_SORT = '-created_at';
export const DEFAULT_WALLET_PAGE_SIZE = 25;

export type WalletSort = (typeof WALLET_SORTS)[number];

export type WalletFilters = {
  status: string;
  /** client slug */
  client: string;
  dateFrom: string;
  dateTo: string;
  q: string;
  sort: WalletSort;
  perPage: number;
};

const KEYS = ['status', 'client', 'date_from', 'date_to', 'q', 'sort', 'per_page'];

const isoDate = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : '');

export function readWalletFilters(params: URLSearchParams): WalletFilters {
  const status = params.get('status') ?? '';
  const sort = params.get('sort') ?? DEFAULT_WALLET_SORT;
  const perPage = Number(params.get('per_page') ?? DEFAULT_WALLET_PAGE_SIZE);
  return {
    status: (PAYOUT_STATUSES as readonly string[]).includes(status) ? status : '',
    client: (params.get('client') ?? '').trim(),
    dateFrom: isoDate(params.get('date_from')),
    dateTo: isoDate(params.get('date_to')),
    q: (params.get('q') ?? '').trim(),
    sort: (WALLET_SORTS as readonly string[]).includes(sort) ? (sort as WalletSort) : DEFAULT_WALLET_SORT,
    perPage: (WALLET_PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_WALLET_PAGE_SIZE,
  };
}

/** New filters in the URL, back on the first page (other parameters, e.g. the open detail, kept). */
export function writeWalletFilters(params: URLSearchParams, filters: WalletFilters): URLSearchParams {
  const next = withoutPage(params);
  for (const key of KEYS) next.delete(key);
  const set = (key: string, value: string) => value.trim() && next.set(key, value.trim());
  set('status', filters.status);
  set('client', filters.client);
  set('date_from', filters.dateFrom);
  set('date_to', filters.dateTo);
  set('q', filters.q);
  if (filters.sort !== DEFAULT_WALLET_SORT) next.set('sort', filters.sort);
  if (filters.perPage !== DEFAULT_WALLET_PAGE_SIZE) next.set('per_page', String(filters.perPage));
  return next;
}

/** Whether the list is narrowed (the empty state then says to use the filter above). */
export function hasActiveWalletFilters(f: WalletFilters): boolean {
  return Boolean(f.status || f.client || f.dateFrom || f.dateTo || f.q);
}

/** The API query of the page shown. */
export function walletListQuery(f: WalletFilters, cursor: string | null): WalletWithdrawListQuery {
  return {
    status: f.status ? [f.status] : [],
    tenant: f.client,
    date_from: f.dateFrom || null,
    date_to: f.dateTo || null,
    q: f.q,
    sort: f.sort,
    per_page: f.perPage,
    cursor,
  };
}
