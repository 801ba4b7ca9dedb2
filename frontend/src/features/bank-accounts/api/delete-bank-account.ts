import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { BANK_ACCOUNTS_QUERY_KEY } from './get-bank-accounts';

/** DELETE /api/bank-accounts/{id} (payouts keep their copy of the account). */
export function deleteBankAccount(id: string): Promise<void> {
  return api.delete<void>(`/bank-accounts/${encodeURIComponent(id)}`);
}

export function useDeleteBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBankAccount,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: BANK_ACCOUNTS_QUERY_KEY }),
  });
}
