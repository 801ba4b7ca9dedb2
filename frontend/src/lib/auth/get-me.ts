import { queryOptions } from '@tanstack/react-query';

import type { SessionUser } from '@/api/types';
import { api } from '@/lib/api-client';

export const ME_QUERY_KEY = ['auth', 'me'] as const;

/** GET /api/auth/me: the session user, or 401 (then the client goes to the login page). */
export function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<SessionUser> {
  return api.get<SessionUser>('/auth/me', { signal });
}

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: getMe,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
