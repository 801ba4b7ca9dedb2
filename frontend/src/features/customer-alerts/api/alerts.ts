import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import type { CustomerAlert, CustomerAlertList } from '@/api/types';
import { api } from '@/lib/api-client';

export type AlertQuery = { status?: string; rule?: string; client?: string; sort?: string; per_page?: number; cursor?: string };

/** GET /api/alerts: the alerts the rules opened, newest first. */
export function getAlertsQueryOptions(query: AlertQuery) {
  return queryOptions({
    queryKey: ['alerts', 'list', query] as const,
    queryFn: ({ signal }) => api.get<CustomerAlertList>('/alerts', { params: query, signal }),
    placeholderData: keepPreviousData,
  });
}

export type AlertAction = { id: string; action: 'acknowledge' | 'resolve' | 'notes'; note: string };

/** POST /api/alerts/{id}/acknowledge | resolve | notes. */
export function useAlertAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, note }: AlertAction) => api.post<CustomerAlert>(`/alerts/${encodeURIComponent(id)}/${action}`, { note }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['alerts'] }),
  });
}
