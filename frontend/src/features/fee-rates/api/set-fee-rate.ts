import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { FeeRate, FeeRateIn } from '@/api/types';
import { api } from '@/lib/api-client';

import { FEE_RATES_QUERY_KEY } from './get-fee-rates';

/** PUT /api/admin/fee-rates: creates or replaces the rate of (tenant, method, currency). */
export function setFeeRate(body: FeeRateIn): Promise<FeeRate> {
  return api.put<FeeRate>('/admin/fee-rates', body);
}

export function useSetFeeRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFeeRate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: FEE_RATES_QUERY_KEY }),
  });
}
