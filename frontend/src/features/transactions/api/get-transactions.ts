import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import type { TransactionList, TransactionListQuery } from '@/api/types';
import { api } from '@/lib/api-client';

/** GET /api/transactions: one keyset page of the transactions of every client the staff member may see. */
export function getTransactions(query: TransactionListQuery, { signal }: { signal?: AbortSignal } = {}): Promise<TransactionList> {
  return api.get<TransactionList>('/transactions', { params: query, signal });
}

export function getTransactionsQueryOptions(query: TransactionListQuery) {
  return queryOptions({
    queryKey: ['transactions', 'list', query] as const,
    queryFn: ({ signal }) => getTransactions(query, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
