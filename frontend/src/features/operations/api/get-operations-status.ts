import { queryOptions } from '@tanstack/react-query';

import type { OperationsStatus } from '@/api/types';
import { api } from '@/lib/api-client';

/** How often hms/ asks again: the screen is left open on a wall or a second monitor. */
export const REFRESH_MS = 10_000;

/** GET /api/operations/status: components, job queues, outbox and scheduler. */
export function getOperationsStatusQueryOptions() {
  return queryOptions({
    queryKey: ['operations', 'status'] as const,
    queryFn: ({ signal }) => api.get<OperationsStatus>('/operations/status', { signal }),
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
