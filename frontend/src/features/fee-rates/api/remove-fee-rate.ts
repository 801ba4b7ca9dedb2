import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { FeeRate } from '@/api/types';
import { api } from '@/lib/api-client';

import { FEE_RATES_QUERY_KEY } from './get-fee-rates';

/**
 * DELETE /api/admin/fee-rates/{method}/{currency}?tenant=: a client's rate (the platform default
 * applies again) or, without tenant, the platform default (no fee).
 */
export function removeFeeRate(rate: Pick<FeeRate, 'tenant' | 'method' | 'currency'>): Promise<void> {
  return api.delete<void>(`/admin/fee-rates/${encodeURIComponent(rate.method)}/${encodeURIComponent(rate.currency)}`, {
    params: { tenant: rate.tenant },
  });
}

export function useRemoveFeeRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFeeRate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: FEE_RATES_QUERY_KEY }),
  });
}
