import { queryOptions } from '@tanstack/react-query';

import type { Balance } from '@/api/types';
import { api } from '@/lib/api-client';

export const BALANCE_QUERY_KEY = ['balance'] as const;

/** GET /api/balance: per currency, available, pending (not settled) and held. */
export function getBalance({ signal }: { signal?: AbortSignal } = {}): Promise<Balance[]> {
  return api.get<Balance[]>('/balance', { signal });
}

export function getBalanceQueryOptions() {
  return queryOptions({ queryKey: BALANCE_QUERY_KEY, queryFn: getBalance, staleTime: 30_000 });
}
