import { queryOptions } from '@tanstack/react-query';

import type { BankAccount } from '@/api/types';
import { api } from '@/lib/api-client';

/** GET /api/admin/payouts/clients/{slug}/bank-accounts (staff): a client's bank accounts. */
export function getClientBankAccounts(slug: string, { signal }: { signal?: AbortSignal } = {}): Promise<BankAccount[]> {
  return api.get<BankAccount[]>(`/admin/payouts/clients/${encodeURIComponent(slug)}/bank-accounts`, { signal });
}

export function getClientBankAccountsQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['payouts', 'client-bank-accounts', slug] as const,
    queryFn: ({ signal }) => getClientBankAccounts(slug, { signal }),
    enabled: slug.length >= 2,
    retry: false,
  });
}
