import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import type { WebhookDeliveryDetail, WebhookDeliveryList } from '@/api/types';
import { api } from '@/lib/api-client';

export type DeliveryQuery = { type?: string; status?: string; per_page?: number; cursor?: string };

/** GET /api/webhook-endpoints/{id}/deliveries: the endpoint's delivery log, newest first, keyset pages. */
export function getDeliveriesQueryOptions(endpointId: string, query: DeliveryQuery) {
  return queryOptions({
    queryKey: ['webhook-deliveries', endpointId, query] as const,
    queryFn: ({ signal }) => api.get<WebhookDeliveryList>(`/webhook-endpoints/${encodeURIComponent(endpointId)}/deliveries`, { params: query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000, // deliveries arrive while the screen is open
  });
}

/** GET /api/webhook-deliveries/{id}: one delivery with every attempt (request and response). */
export function getDeliveryQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['webhook-deliveries', 'one', id] as const,
    queryFn: ({ signal }) => api.get<WebhookDeliveryDetail>(`/webhook-deliveries/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: 5_000,
  });
}

/** POST /api/webhook-deliveries/{id}/resend: send it again now (successful ones too). */
export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<WebhookDeliveryDetail>(`/webhook-deliveries/${encodeURIComponent(id)}/resend`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['webhook-deliveries'] }),
  });
}
