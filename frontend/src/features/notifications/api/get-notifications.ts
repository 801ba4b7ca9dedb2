import { queryOptions } from '@tanstack/react-query';

import type { NotificationList } from '@/api/types';
import { api } from '@/lib/api-client';

export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;
export const NOTIFICATIONS_POLL_MS = 60_000;

/** GET /api/notifications: the latest notifications and the unread count. */
export function getNotifications({ signal }: { signal?: AbortSignal } = {}): Promise<NotificationList> {
  return api.get<NotificationList>('/notifications', { signal });
}

export function getNotificationsQueryOptions() {
  return queryOptions({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: getNotifications,
    staleTime: 30_000,
    // The bell tells of events as they happen (a payout waiting for review, a file ready): poll while
    // the page is visible.
    refetchInterval: NOTIFICATIONS_POLL_MS,
    retry: false,
  });
}
