import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import type { Restriction, RestrictionInput, RestrictionList } from '@/api/types';
import { api } from '@/lib/api-client';

export type RestrictionQuery = { status?: string; kind?: string; client?: string; q?: string; sort?: string; per_page?: number; cursor?: string };

/** GET /api/restrictions: staff's restrictions (platform-wide and of the clients they see), newest first. */
export function getRestrictionsQueryOptions(query: RestrictionQuery) {
  return queryOptions({
    queryKey: ['restrictions', 'list', query] as const,
    queryFn: ({ signal }) => api.get<RestrictionList>('/restrictions', { params: query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/restrictions: a proposal (active once another staff member validates it). */
export function useProposeRestriction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RestrictionInput) => api.post<Restriction>('/restrictions', body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['restrictions'] }),
  });
}

export type Decision = { id: string; action: 'validate' } | { id: string; action: 'reject' | 'revoke'; reason: string };

/** POST /api/restrictions/{id}/validate | reject | revoke. */
export function useDecideRestriction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) => {
      const path = `/restrictions/${encodeURIComponent(decision.id)}/${decision.action}`;
      return decision.action === 'validate' ? api.post<Restriction>(path) : api.post<Restriction>(path, { reason: decision.reason });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['restrictions'] }),
  });
}
