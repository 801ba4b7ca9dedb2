import { queryOptions } from '@tanstack/react-query';

import type { FeeRate } from '@/api/types';
import { api } from '@/lib/api-client';

export const FEE_RATES_QUERY_KEY = ['admin', 'fee-rates'] as const;

/** GET /api/admin/fee-rates: every stored rate (tenant null: the platform default). */
export function getFeeRates({ signal }: { signal?: AbortSignal } = {}): Promise<FeeRate[]> {
  return api.get<FeeRate[]>('/admin/fee-rates', { signal });
}

export function getFeeRatesQueryOptions() {
  return queryOptions({ queryKey: FEE_RATES_QUERY_KEY, queryFn: getFeeRates, staleTime: 30_000 });
}
