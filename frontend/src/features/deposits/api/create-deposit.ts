import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Deposit, DepositIn } from '@/api/types';
import { api } from '@/lib/api-client';

import { BALANCE_QUERY_KEY } from './get-balance';
import { DEPOSITS_QUERY_KEY } from './get-deposits';

/** POST /api/deposits: a billet or PIX charge; `amount` in integer centavos. */
export function createDeposit(body: DepositIn): Promise<Deposit> {
  return api.post<Deposit>('/deposits', body);
}

export function useCreateDeposit({ onSuccess }: { onSuccess?: (deposit: Deposit) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeposit,
    onSuccess: (deposit) => {
      void queryClient.invalidateQueries({ queryKey: DEPOSITS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
      onSuccess?.(deposit);
    },
  });
}
