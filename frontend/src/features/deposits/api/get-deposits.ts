import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import type { DepositList, DepositListQuery } from '@/api/types';
import { api } from '@/lib/api-client';

export const DEPOSITS_QUERY_KEY = ['deposits'] as const;

/** GET /api/deposits: one keyset page of the filtered deposits, newest first unless sorted. */
export function getDeposits(query: DepositListQuery, { signal }: { signal?: AbortSignal } = {}): Promise<DepositList> {
  return api.get<DepositList>('/deposits', { params: query, signal });
}

export function getDepositsQueryOptions(query: DepositListQuery) {
  return queryOptions({
    queryKey: [...DEPOSITS_QUERY_KEY, 'list', query] as const,
    queryFn: ({ signal }) => getDeposits(query, { signal }),
    // Keep the page on screen while the next one loads (the table marks itself busy).
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
