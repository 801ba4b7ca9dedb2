import { queryOptions } from '@tanstack/react-query';

import type { BankAccount } from '@/api/types';
import { api } from '@/lib/api-client';

export const BANK_ACCOUNTS_QUERY_KEY = ['bank-accounts'] as const;

/** GET /api/bank-accounts: the company's accounts (a customer: their own). */
export function getBankAccounts({ signal }: { signal?: AbortSignal } = {}): Promise<BankAccount[]> {
  return api.get<BankAccount[]>('/bank-accounts', { signal });
}

export function getBankAccountsQueryOptions() {
  return queryOptions({ queryKey: BANK_ACCOUNTS_QUERY_KEY, queryFn: getBankAccounts, staleTime: 30_000 });
}
