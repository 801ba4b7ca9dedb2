/** The partner's lists on the list kit: filters in the URL with the API's parameter names (those of a client's own lists plus `client`). */
import type { PartnerDepositListQuery, PartnerWithdrawListQuery } from '@/api/types';
import { type ListState, defineList } from '@/components/kit';
import { LIST_PAGE_SIZES, LIST_SORTS, type ListSort } from '@/lib/list-params';

export const DEPOSIT_STATUSES = ['waiting', 'pending', 'confirmed', 'paid_to_client', 'canceled', 'expired', 'refunded'] as const;
export const PAYOUT_STATUSES = ['waiting', 'approved', 'pending', 'confirmed', 'paid_to_client', 'rejected', 'canceled', 'reversed'] as const;
export const DEPOSIT_METHODS = ['billet', 'pix', 'card', 'wire'] as const;
export const PAYOUT_METHODS = ['pix', 'ted'] as const;
export const PAYOUT_KINDS = ['standard', 'manual', 'transactional', 'wallet'] as const;
export const CURRENCIES = ['BRL', 'USD'] as const;
const SLUG = /^[a-z0-9-]{1,63}$/;

export const partnerDepositsList = defineList({
  id: 'partner-deposits',
  filters: { status: { values: DEPOSIT_STATUSES }, method: { values: DEPOSIT_METHODS }, currency: { values: CURRENCIES }, client: { pattern: SLUG }, provider: { pattern: /^[a-z0-9_-]{1,40}$/ } },
  period: true,
  search: true,
  sorts: LIST_SORTS,
  defaultSort: '-created_at',
  pageSizes: LIST_PAGE_SIZES,
});

export const partnerWithdrawsList = defineList({
  id: 'partner-withdraws',
  filters: { status: { values: PAYOUT_STATUSES }, method: { values: PAYOUT_METHODS }, kind: { values: PAYOUT_KINDS }, currency: { values: CURRENCIES }, client: { pattern: SLUG } },
  period: true,
  search: true,
  sorts: LIST_SORTS,
  defaultSort: '-created_at',
  pageSizes: LIST_PAGE_SIZES,
});

/** Balance and home: a client and a currency, no pages. */
export const partnerBalanceList = defineList({
  id: 'partner-balance',
  filters: { client: { pattern: SLUG }, currency: { values: CURRENCIES } },
  sorts: ['client'] as const,
  defaultSort: 'client',
});

export const partnerHomeList = defineList({
  id: 'partner-home',
  filters: { client: { pattern: SLUG }, currency: { values: CURRENCIES } },
  period: true,
  sorts: ['client'] as const,
  defaultSort: 'client',
});

const text = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');
const list = (value: string | string[] | undefined) => (text(value) ? [text(value)] : []);

function shared(state: ListState<ListSort>) {
  return {
    status: list(state.filters.status),
    method: list(state.filters.method),
    currency: list(state.filters.currency),
    client: text(state.filters.client),
    date_from: state.dateFrom || null,
    date_to: state.dateTo || null,
    q: state.q,
    sort: state.sort,
    per_page: state.perPage,
    cursor: state.cursor,
  };
}

export function depositsQuery(state: ListState<ListSort>): PartnerDepositListQuery {
  return { ...shared(state), provider: list(state.filters.provider) };
}

export function withdrawsQuery(state: ListState<ListSort>): PartnerWithdrawListQuery {
  return { ...shared(state), kind: list(state.filters.kind) };
}
