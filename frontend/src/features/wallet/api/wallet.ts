import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import type { Deposit, WalletActivityList, WalletActivityQuery, WalletBalance, WalletDepositIn } from '@/api/types';
import { API_URL, api } from '@/lib/api-client';

export const WALLET_QUERY_KEY = ['wallet'] as const;

/** GET /api/wallet: the customer's wallet balance per currency. */
export function getWalletQueryOptions() {
  return queryOptions({
    queryKey: [...WALLET_QUERY_KEY, 'balance'] as const,
    queryFn: ({ signal }) => api.get<WalletBalance[]>('/wallet', { signal }),
    staleTime: 5_000,
  });
}

/** GET /api/wallet/activity: the customer's deposits and withdraws, newest first (filters). */
export function getWalletActivityQueryOptions(query: WalletActivityQuery) {
  return queryOptions({
    queryKey: [...WALLET_QUERY_KEY, 'activity', query] as const,
    queryFn: async ({ signal }) => (await api.get<WalletActivityList>('/wallet/activity', { params: query, signal })).items,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/** A wallet deposit while it waits for the payer: polled until it leaves waiting/pending. */
export const POLL_MS = 3_000;

export function getWalletDepositQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...WALLET_QUERY_KEY, 'deposit', id] as const,
    queryFn: ({ signal }) => api.get<Deposit>(`/wallet/deposits/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === undefined || status === 'waiting' || status === 'pending' ? POLL_MS : false;
    },
  });
}

export function walletDocumentUrl(id: string): string {
  return `${API_URL}/wallet/deposits/${encodeURIComponent(id)}/document`;
}

/** POST /api/wallet/deposits. */
export function useCreateWalletDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WalletDepositIn) => api.post<Deposit>('/wallet/deposits', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
  });
}
