import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { BankAccount, BankAccountIn } from '@/api/types';
import { api } from '@/lib/api-client';

import { BANK_ACCOUNTS_QUERY_KEY } from './get-bank-accounts';

/** POST /api/bank-accounts. */
export function createBankAccount(body: BankAccountIn): Promise<BankAccount> {
  return api.post<BankAccount>('/bank-accounts', body);
}

export function useCreateBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBankAccount,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: BANK_ACCOUNTS_QUERY_KEY }),
  });
}
