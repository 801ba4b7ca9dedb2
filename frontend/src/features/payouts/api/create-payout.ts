import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Payout, PayoutIn } from '@/api/types';
import { api } from '@/lib/api-client';

import { PAYOUTS_QUERY_KEY } from './get-payouts';

export type CreatePayoutVariables = { body: PayoutIn; idempotencyKey: string };

/** POST /api/payouts with its Idempotency-Key: funds are held at once; 200 when the key was seen. */
export function createPayout({ body, idempotencyKey }: CreatePayoutVariables): Promise<Payout> {
  return api.post<Payout>('/payouts', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreatePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPayout,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PAYOUTS_QUERY_KEY }),
  });
}
