import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import type { WebhookEndpoint, WebhookEndpointCreated, WebhookEndpointIn, WebhookEndpointPatch } from '@/api/types';
import { api } from '@/lib/api-client';

const ENDPOINTS_KEY = ['webhook-endpoints'] as const;
const path = (id: string) => `/webhook-endpoints/${encodeURIComponent(id)}`;

/** GET /api/webhook-endpoints: this tenant's endpoints (never their secrets), newest first. */
export function getEndpointsQueryOptions() {
  return queryOptions({
    queryKey: ENDPOINTS_KEY,
    queryFn: ({ signal }) => api.get<WebhookEndpoint[]>('/webhook-endpoints', { signal }),
    refetchInterval: 10_000, // pending counts and pauses move while the worker delivers
  });
}

/** GET /api/webhook-endpoints/event-types: what an endpoint can receive. */
export function getEventTypesQueryOptions() {
  return queryOptions({
    queryKey: ['webhook-event-types'] as const,
    queryFn: ({ signal }) => api.get<{ items: string[] }>('/webhook-endpoints/event-types', { signal }),
    staleTime: Infinity,
  });
}

function useInvalidating<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['webhook-deliveries'] });
    },
  });
}

/** POST /api/webhook-endpoints: the answer carries the secret, the only time it is shown. */
export const useCreateEndpoint = () => useInvalidating((body: WebhookEndpointIn) => api.post<WebhookEndpointCreated>('/webhook-endpoints', body));

/** PATCH: url, events, active (false pauses; true resumes and replays the backlog in order). */
export const useUpdateEndpoint = () => useInvalidating(({ id, body }: { id: string; body: WebhookEndpointPatch }) => api.patch<WebhookEndpoint>(path(id), body));

export const useDeleteEndpoint = () => useInvalidating((id: string) => api.delete<null>(path(id)));

/** POST …/rotate-secret: a new secret (shown once); the old one signs too for `overlap_hours`. */
export const useRotateSecret = () =>
  useInvalidating(({ id, overlapHours }: { id: string; overlapHours: number }) => api.post<WebhookEndpointCreated>(`${path(id)}/rotate-secret`, { overlap_hours: overlapHours }));
