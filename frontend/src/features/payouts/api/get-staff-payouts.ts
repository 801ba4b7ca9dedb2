import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import type { TransactionList, TransactionListQuery } from '@/api/types';
import { api } from '@/lib/api-client';

import { PAYOUTS_QUERY_KEY } from './get-payouts';

/**
 * GET /api/transactions with kind=payout (staff): one keyset page of the withdrawals of every client the
 * staff member may see (admin and financial: all; an employee: the assigned clients), from the
 * platform's transaction index. The key sits under `payouts`, so a new withdraw refreshes it.
 */
export function getStaffPayouts(query: TransactionListQuery, { signal }: { signal?: AbortSignal } = {}): Promise<TransactionList> {
  return api.get<TransactionList>('/transactions', { params: { ...query, kind: ['payout'] }, signal });
}

export function getStaffPayoutsQueryOptions(query: TransactionListQuery) {
  return queryOptions({
    queryKey: [...PAYOUTS_QUERY_KEY, 'staff', query] as const,
    queryFn: ({ signal }) => getStaffPayouts(query, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
