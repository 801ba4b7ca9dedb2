/**
 * The filters of the staff payout lists (employee/payout-requests and admin/payout-requests: every
 * payout; admin/wallet-withdraws: the wallet withdraws), kept in the URL: status, client (slug), period
 * (created from/until), search by id, sort and page size. The payout kind is not a filter: each screen
 * fixes it (see `getStaffPayoutsQueryOptions`). Unknown values in a hand-edited URL are dropped.
 */
import type { WalletWithdrawListQuery } from '@/api/types';
import { withoutPage } from '@/lib/cursor-pages';
import { LIST_BASICS_KEYS, type ListBasics, listBasicsQuery, readListBasics, writeListBasics } from '@/lib/list-params';

import { PAYOUT_STATUSES } from './filters';

export type StaffPayoutFilters = ListBasics & {
  status: string;
  /** client slug */
  client: string;
};

/** The parameters both staff endpoints take (GET /api/transactions adds the kind). */
export type StaffPayoutListQuery = WalletWithdrawListQuery;

const KEYS = ['status', 'client', ...LIST_BASICS_KEYS];

export function readStaffFilters(params: URLSearchParams): StaffPayoutFilters {
  const status = params.get('status') ?? '';
  return {
    status: (PAYOUT_STATUSES as readonly string[]).includes(status) ? status : '',
    client: (params.get('client') ?? '').trim(),
    ...readListBasics(params),
  };
}

/** New filters in the URL, back on the first page (other parameters, e.g. the open detail, kept). */
export function writeStaffFilters(params: URLSearchParams, filters: StaffPayoutFilters): URLSearchParams {
  const next = withoutPage(params);
  for (const key of KEYS) next.delete(key);
  if (filters.status) next.set('status', filters.status);
  if (filters.client.trim()) next.set('client', filters.client.trim());
  return writeListBasics(next, filters);
}

/** Whether the list is narrowed (the empty state then says to use the filter above). */
export function hasActiveStaffFilters(f: StaffPayoutFilters): boolean {
  return Boolean(f.status || f.client || f.dateFrom || f.dateTo || f.q);
}

/** The API query of the page shown. */
export function staffListQuery(f: StaffPayoutFilters, cursor: string | null): StaffPayoutListQuery {
  return {
    status: f.status ? [f.status] : [],
    tenant: f.client,
    ...listBasicsQuery(f, cursor),
  };
}
