import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import type { AuditEventList } from '@/api/types';
import { api } from '@/lib/api-client';

export type AuditQuery = {
  client?: string;
  actor?: string;
  action?: string;
  target?: string;
  date_from?: string;
  date_to?: string;
  sort?: string;
  per_page?: number;
  cursor?: string;
};

/** GET /api/audit-events: the trail of the host's tenant (staff: the platform's, or a client's). */
export function getAuditEventsQueryOptions(query: AuditQuery) {
  return queryOptions({
    queryKey: ['audit-events', query] as const,
    queryFn: ({ signal }) => api.get<AuditEventList>('/audit-events', { params: query, signal }),
    placeholderData: keepPreviousData,
  });
}
