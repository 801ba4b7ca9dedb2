import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import type { PartnerBalance, PartnerDepositList, PartnerDepositListQuery, PartnerHome, PartnerWithdrawList, PartnerWithdrawListQuery } from '@/api/types';
import { api } from '@/lib/api-client';

/** GET /api/partner/deposits: a keyset page of the deposits of the partner's clients. */
export function getPartnerDepositsQueryOptions(query: PartnerDepositListQuery) {
  return queryOptions({
    queryKey: ['partner', 'deposits', query] as const,
    queryFn: ({ signal }) => api.get<PartnerDepositList>('/partner/deposits', { params: query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** GET /api/partner/withdraws: a keyset page of the payouts of the partner's clients. */
export function getPartnerWithdrawsQueryOptions(query: PartnerWithdrawListQuery) {
  return queryOptions({
    queryKey: ['partner', 'withdraws', query] as const,
    queryFn: ({ signal }) => api.get<PartnerWithdrawList>('/partner/withdraws', { params: query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** GET /api/partner/balance: each client's balance per currency. */
export function getPartnerBalanceQueryOptions(query: { client: string; currency: string[] }) {
  return queryOptions({
    queryKey: ['partner', 'balance', query] as const,
    queryFn: ({ signal }) => api.get<PartnerBalance[]>('/partner/balance', { params: query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** GET /api/partner/home: the clients at a glance in one currency this month (or a period). */
export function getPartnerHomeQueryOptions(query: { client: string; currency: string; from: string | null; to: string | null }) {
  return queryOptions({
    queryKey: ['partner', 'home', query] as const,
    queryFn: ({ signal }) => api.get<PartnerHome>('/partner/home', { params: query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
