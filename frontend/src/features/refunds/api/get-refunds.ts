import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import type { RefundList } from '@/api/types';
import { api } from '@/lib/api-client';

export const REFUNDS_QUERY_KEY = ['refunds'] as const;
export type RefundsQuery = {
  deposit?: string;
  status?: string[];
  q?: string;
  date_from?: string;
  date_to?: string;
  sort?: string;
  per_page?: number;
  cursor?: string;
};

/** GET /api/refunds: refunds (estornos): status, period, search, sort, keyset pages. */
export function getRefunds(query: RefundsQuery, { signal }: { signal?: AbortSignal } = {}): Promise<RefundList> {
  return api.get<RefundList>('/refunds', { params: query, signal });
}

export function getRefundsQueryOptions(query: RefundsQuery) {
  return queryOptions({
    queryKey: [...REFUNDS_QUERY_KEY, 'list', query] as const,
    queryFn: ({ signal }) => getRefunds(query, { signal }),
    placeholderData: keepPreviousData,
  });
}
