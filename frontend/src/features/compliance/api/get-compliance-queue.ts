import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import type { ComplianceList } from '@/api/types';
import { api } from '@/lib/api-client';

export type ComplianceQuery = { client?: string; date_from?: string; date_to?: string; sort?: string; per_page?: number; cursor?: string };

/** GET /api/payouts/compliance: withdrawals waiting for review, across clients, oldest first. */
export function getComplianceQueue(query: ComplianceQuery, { signal }: { signal?: AbortSignal } = {}): Promise<ComplianceList> {
  return api.get<ComplianceList>('/payouts/compliance', { params: query, signal });
}

export function getComplianceQueueQueryOptions(query: ComplianceQuery) {
  return queryOptions({
    queryKey: ['payouts', 'compliance', 'queue', query] as const,
    queryFn: ({ signal }) => getComplianceQueue(query, { signal }),
    placeholderData: keepPreviousData,
  });
}
