import type { Notification } from '@/api/types';

export type NotificationTone = 'danger' | 'success';

/** Spec §4: a danger icon if the type id is 4 or the status is 0, otherwise a success icon. */
export function notificationTone(notification: Pick<Notification, 'type' | 'status'>): NotificationTone {
  return notification.type.id === 4 || notification.status === 0 ? 'danger' : 'success';
}
