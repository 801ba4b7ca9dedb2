import { queryOptions } from '@tanstack/react-query';

import type { DepositDetail } from '@/api/types';
import { api } from '@/lib/api-client';

import { DEPOSITS_QUERY_KEY } from './get-deposits';

/** GET /api/deposits/{id}: one deposit with its status timeline and ledger postings. */
export function getDeposit(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<DepositDetail> {
  return api.get<DepositDetail>(`/deposits/${encodeURIComponent(id)}`, { signal });
}

export function getDepositQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...DEPOSITS_QUERY_KEY, 'detail', id] as const,
    queryFn: ({ signal }) => getDeposit(id, { signal }),
    staleTime: 15_000,
    retry: false,
  });
}
