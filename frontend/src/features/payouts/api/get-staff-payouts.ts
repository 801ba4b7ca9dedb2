import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import type { TransactionList } from '@/api/types';
import { api } from '@/lib/api-client';

import type { StaffPayoutListQuery } from '../lib/staff-filters';
import { PAYOUTS_QUERY_KEY } from './get-payouts';

/**
 * Which payouts a staff list shows: `all` (employee/payout-requests, admin/payout-requests) or `wallet`,
 * the clients' withdraws to their own accounts (admin/wallet-withdraws).
 */
export type StaffPayoutKind = 'all' | 'wallet';

/**
 * One keyset page of the payouts of every client the staff member may see (admin and financial: all; an
 * employee: the assigned clients), from the platform's transaction index, scoped by the server:
 * GET /api/transactions?kind=payout, or GET /api/transactions/wallet-withdraws for the wallet kind (its
 * own endpoint, open to the admin/wallet-withdraws route).
 */
export function getStaffPayouts(kind: StaffPayoutKind, query: StaffPayoutListQuery, { signal }: { signal?: AbortSignal } = {}): Promise<TransactionList> {
  if (kind === 'wallet') return api.get<TransactionList>('/transactions/wallet-withdraws', { params: query, signal });
  return api.get<TransactionList>('/transactions', { params: { ...query, kind: ['payout'] }, signal });
}

/** The key sits under `payouts`, so a new withdraw refreshes the lists. */
export function getStaffPayoutsQueryOptions(kind: StaffPayoutKind, query: StaffPayoutListQuery) {
  return queryOptions({
    queryKey: [...PAYOUTS_QUERY_KEY, 'staff', kind, query] as const,
    queryFn: ({ signal }) => getStaffPayouts(kind, query, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
