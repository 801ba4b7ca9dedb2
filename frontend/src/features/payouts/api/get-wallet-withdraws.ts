import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import type { TransactionList, WalletWithdrawListQuery } from '@/api/types';
import { api } from '@/lib/api-client';

import { PAYOUTS_QUERY_KEY } from './get-payouts';

/**
 * GET /api/transactions/wallet-withdraws (admin/wallet-withdraws): one keyset page of the clients'
 * withdraws to their own accounts, from the platform's transaction index, scoped by the server.
 */
export function getWalletWithdraws(query: WalletWithdrawListQuery, { signal }: { signal?: AbortSignal } = {}): Promise<TransactionList> {
  return api.get<TransactionList>('/transactions/wallet-withdraws', { params: query, signal });
}

export function getWalletWithdrawsQueryOptions(query: WalletWithdrawListQuery) {
  return queryOptions({
    queryKey: [...PAYOUTS_QUERY_KEY, 'wallet', query] as const,
    queryFn: ({ signal }) => getWalletWithdraws(query, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
