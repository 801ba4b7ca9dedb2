import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Payout, StaffPayoutIn } from '@/api/types';
import { api } from '@/lib/api-client';

import { PAYOUTS_QUERY_KEY } from './get-payouts';

/** POST /api/admin/payouts (staff): a single withdraw for a client, with its Idempotency-Key. */
export function createStaffPayout({ body, idempotencyKey }: { body: StaffPayoutIn; idempotencyKey: string }): Promise<Payout> {
  return api.post<Payout>('/admin/payouts', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateStaffPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaffPayout,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: PAYOUTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['transactions'] });
    },
  });
}
