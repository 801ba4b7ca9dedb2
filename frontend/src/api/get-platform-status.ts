import { queryOptions } from '@tanstack/react-query';

import type { PlatformStatus } from '@/api/types';
import { api } from '@/lib/api-client';

export const PLATFORM_STATUS_QUERY_KEY = ['platform-status'] as const;
/** How often the shell asks again (a banner set by an operator reaches open pages within this). */
const REFRESH_MS = 60_000;

/** GET /api/platform-status: the maintenance banner every signed-in user sees while it is set. */
export function getPlatformStatusQueryOptions() {
  return queryOptions({
    queryKey: PLATFORM_STATUS_QUERY_KEY,
    queryFn: ({ signal }) => api.get<PlatformStatus>('/platform-status', { signal }),
    staleTime: REFRESH_MS,
    refetchInterval: REFRESH_MS,
  });
}
