import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import type { Adjustment, AdjustmentInput, AdjustmentList, ClientBalanceList, LedgerAccountList, Statement } from '@/api/types';
import { api } from '@/lib/api-client';

/** GET /api/statements/accounts: a client's balance accounts, or (client=platform) the platform's. */
export function getAccountsQueryOptions(client: string) {
  return queryOptions({
    queryKey: ['statements', 'accounts', client] as const,
    queryFn: ({ signal }) => api.get<LedgerAccountList>('/statements/accounts', { params: { client }, signal }),
    enabled: Boolean(client),
  });
}

export type StatementQuery = { account: string; from?: string; to?: string; per_page: number; cursor?: string };

/** GET /api/statements: one page of an account's postings in a period, with opening and closing balances. */
export function getStatementQueryOptions(query: StatementQuery) {
  return queryOptions({
    queryKey: ['statements', 'page', query] as const,
    queryFn: ({ signal }) => api.get<Statement>('/statements', { params: query, signal }),
    enabled: Boolean(query.account),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/statements/adjustments: external credits and debits (here: those waiting for confirmation). */
export function getAdjustmentsQueryOptions(query: { status?: string; client?: string; per_page?: number }) {
  return queryOptions({
    queryKey: ['statements', 'adjustments', query] as const,
    queryFn: ({ signal }) => api.get<AdjustmentList>('/statements/adjustments', { params: query, signal }),
  });
}

/** POST /api/statements/adjustments: propose a credit or debit (posted once another staff member confirms). */
export function useProposeAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdjustmentInput) => api.post<Adjustment>('/statements/adjustments', body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['statements'] }),
  });
}

export type AdjustmentDecision = { id: string; action: 'confirm' } | { id: string; action: 'reject'; reason: string };

/** POST /api/statements/adjustments/{id}/confirm | reject. */
export function useDecideAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: AdjustmentDecision) => {
      const path = `/statements/adjustments/${encodeURIComponent(decision.id)}/${decision.action}`;
      return decision.action === 'confirm' ? api.post<Adjustment>(path) : api.post<Adjustment>(path, { reason: decision.reason });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['statements'] });
      void queryClient.invalidateQueries({ queryKey: ['balances'] });
    },
  });
}

export type BalancesQuery = { q?: string; currency?: string; sort: string; per_page: number; cursor?: string };

/** GET /api/admin/balances: available, pending and held per client and currency, totals per currency. */
export function getBalancesQueryOptions(query: BalancesQuery) {
  return queryOptions({
    queryKey: ['balances', query] as const,
    queryFn: ({ signal }) => api.get<ClientBalanceList>('/admin/balances', { params: query, signal }),
    placeholderData: keepPreviousData,
  });
}
