import { defineMessage, defineMessages } from 'react-intl';

export const notificationMessages = {
  ...defineMessages({
    title: { id: 'notifications.title', defaultMessage: 'Notifications' },
    empty: { id: 'notifications.empty', defaultMessage: 'No notifications' },
    loadFailed: { id: 'notifications.loadFailed', defaultMessage: 'Notifications could not be loaded' },
    markRead: { id: 'notifications.markRead', defaultMessage: 'Mark as read' },
    markAllRead: { id: 'notifications.markAllRead', defaultMessage: 'Mark all as read' },
    danger: { id: 'notifications.tone.danger', defaultMessage: 'Attention' },
    success: { id: 'notifications.tone.success', defaultMessage: 'Success' },
  }),
  button: defineMessage<{ unread: number }>({
    id: 'notifications.button',
    defaultMessage: '{unread, plural, =0 {Notifications} one {Notifications, # unread} other {Notifications, # unread}}',
  }),
  unreadBadge: defineMessage<{ unread: number }>({ id: 'notifications.unreadBadge', defaultMessage: '{unread, plural, one {# new} other {# new}}' }),
  openNamed: defineMessage<{ title: string }>({ id: 'notifications.openNamed', defaultMessage: 'Open “{title}”' }),
  markReadNamed: defineMessage<{ title: string }>({ id: 'notifications.markReadNamed', defaultMessage: 'Mark “{title}” as read' }),
};
