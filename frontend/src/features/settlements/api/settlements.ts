import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import type { SettlementDetail, SettlementList, SettlementListQuery } from '@/api/types';
import { api } from '@/lib/api-client';

/** GET /api/settlements: a keyset page of the client's settlements, newest day first. */
export function getSettlementsQueryOptions(query: SettlementListQuery) {
  return queryOptions({
    queryKey: ['settlements', query] as const,
    queryFn: ({ signal }) => api.get<SettlementList>('/settlements', { params: query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** GET /api/settlements/{id}: one settlement with (the first page of) its deposits. */
export function getSettlementQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['settlements', 'detail', id] as const,
    queryFn: ({ signal }) => api.get<SettlementDetail>(`/settlements/${encodeURIComponent(id)}`, { params: { per_page: 100 }, signal }),
    staleTime: 15_000,
  });
}
