/** The staff transaction list's filters, kept in the URL with the API's parameter names. */
import type { TransactionListQuery } from '@/api/types';
import { withoutPage } from '@/lib/cursor-pages';
import { LIST_BASICS_KEYS, type ListBasics, listBasicsQuery, readListBasics, writeListBasics } from '@/lib/list-params';

export const KINDS = ['deposit', 'payout', 'refund'] as const;
export const STATUSES = ['waiting', 'pending', 'approved', 'rejected', 'confirmed', 'paid_to_client', 'canceled', 'expired', 'refunded', 'reversed', 'failed'] as const;
export const METHODS = ['billet', 'pix', 'card', 'wire', 'ted'] as const;
export const CURRENCIES = ['BRL', 'USD'] as const;

export type TransactionFilters = ListBasics & {
  kind: string;
  status: string;
  method: string;
  currency: string;
  /** client slug */
  tenant: string;
};

const FILTER_KEYS = ['kind', 'status', 'method', 'currency', 'tenant', ...LIST_BASICS_KEYS];

const one = (params: URLSearchParams, key: string, allowed: readonly string[]) => {
  const value = params.get(key) ?? '';
  return allowed.includes(value) ? value : '';
};

export function readFilters(params: URLSearchParams): TransactionFilters {
  return {
    kind: one(params, 'kind', KINDS),
    status: one(params, 'status', STATUSES),
    method: one(params, 'method', METHODS),
    currency: one(params, 'currency', CURRENCIES),
    tenant: (params.get('tenant') ?? '').trim(),
    ...readListBasics(params),
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
  return writeListBasics(next, filters);
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
    ...listBasicsQuery(f, cursor),
  };
}
