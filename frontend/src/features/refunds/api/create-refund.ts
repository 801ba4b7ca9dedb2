import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Refund, RefundIn } from '@/api/types';
import { api } from '@/lib/api-client';

import { REFUNDS_QUERY_KEY } from './get-refunds';

/** POST /api/deposits/{id}/refunds: part or all of a paid deposit back to the payer. */
export function createRefund({ depositId, body }: { depositId: string; body: RefundIn }): Promise<Refund> {
  return api.post<Refund>(`/deposits/${encodeURIComponent(depositId)}/refunds`, body);
}

export function useCreateRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRefund,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: REFUNDS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['deposits'] });
    },
  });
}
