import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import type { PayoutList, PayoutListQuery } from '@/api/types';
import { api } from '@/lib/api-client';

export const PAYOUTS_QUERY_KEY = ['payouts'] as const;

/** GET /api/payouts: one keyset page of the tenant's withdrawals, newest first. */
export function getPayouts(query: PayoutListQuery, { signal }: { signal?: AbortSignal } = {}): Promise<PayoutList> {
  return api.get<PayoutList>('/payouts', { params: query, signal });
}

export function getPayoutsQueryOptions(query: PayoutListQuery) {
  return queryOptions({
    queryKey: [...PAYOUTS_QUERY_KEY, 'list', query] as const,
    queryFn: ({ signal }) => getPayouts(query, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
