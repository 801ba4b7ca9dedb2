import { queryOptions } from '@tanstack/react-query';

import type { PayoutDetail } from '@/api/types';
import { api } from '@/lib/api-client';

import { PAYOUTS_QUERY_KEY } from './get-payouts';

/** GET /api/payouts/{id}: one withdraw with its timeline and ledger postings. */
export function getPayout(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<PayoutDetail> {
  return api.get<PayoutDetail>(`/payouts/${encodeURIComponent(id)}`, { signal });
}

export function getPayoutQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...PAYOUTS_QUERY_KEY, 'detail', id] as const,
    queryFn: ({ signal }) => getPayout(id, { signal }),
  });
}
