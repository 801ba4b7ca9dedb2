import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Payout } from '@/api/types';
import { api } from '@/lib/api-client';

import { PAYOUTS_QUERY_KEY } from './get-payouts';

/** POST /api/payouts/{id}/cancel: only while the withdraw waits for review. */
export function cancelPayout({ id, reason = '' }: { id: string; reason?: string }): Promise<Payout> {
  return api.post<Payout>(`/payouts/${encodeURIComponent(id)}/cancel`, { reason });
}

export function useCancelPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPayout,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PAYOUTS_QUERY_KEY }),
  });
}
