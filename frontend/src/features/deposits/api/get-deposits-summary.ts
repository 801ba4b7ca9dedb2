import { queryOptions } from '@tanstack/react-query';

import type { DepositListQuery, DepositSummary } from '@/api/types';
import { api } from '@/lib/api-client';

import { DEPOSITS_QUERY_KEY } from './get-deposits';

type SummaryQuery = Omit<DepositListQuery, 'sort' | 'per_page' | 'cursor'>;

/** GET /api/deposits/summary: count, amount, fees and average ticket of the filtered set. */
export function getDepositsSummary(query: SummaryQuery, { signal }: { signal?: AbortSignal } = {}): Promise<DepositSummary> {
  return api.get<DepositSummary>('/deposits/summary', { params: query, signal });
}

export function getDepositsSummaryQueryOptions(query: SummaryQuery) {
  return queryOptions({
    queryKey: [...DEPOSITS_QUERY_KEY, 'summary', query] as const,
    queryFn: ({ signal }) => getDepositsSummary(query, { signal }),
    staleTime: 15_000,
  });
}
