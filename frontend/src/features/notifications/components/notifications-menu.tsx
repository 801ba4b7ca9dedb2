import { Badge, Box, Button, Flex, Float, IconButton, Popover, Portal, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';

import type { Notification } from '@/api/types';
import { AlertCircleIcon, BellIcon, CheckCircleIcon, InboxIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';

import { getNotificationsQueryOptions } from '../api/get-notifications';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-notification-read';
import { notificationTone } from '../lib/notification-tone';
import { notificationMessages as m } from '../messages';

export function NotificationIcon({ notification }: { notification: Pick<Notification, 'type' | 'status'> }) {
  const intl = useIntl();
  const tone = notificationTone(notification);
  return (
    <Box color={tone === 'danger' ? 'red.600' : 'green.600'} _dark={{ color: tone === 'danger' ? 'red.300' : 'green.300' }} pt="0.5" data-tone={tone}>
      {tone === 'danger' ? <AlertCircleIcon /> : <CheckCircleIcon />}
      <VisuallyHidden>{intl.formatMessage(tone === 'danger' ? m.danger : m.success)}</VisuallyHidden>
    </Box>
  );
}

export function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen?: () => void }) {
  const intl = useIntl();
  const markRead = useMarkNotificationRead();
  const title = (
    <Text fontWeight={notification.read ? 'normal' : 'semibold'} fontSize="sm">
      {notification.title}
    </Text>
  );
  return (
    <Flex as="li" gap="3" py="3" px="1" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }} opacity={notification.read ? 0.75 : 1}>
      <NotificationIcon notification={notification} />
      <Stack gap="1" flex="1" minW="0">
        {notification.link ? (
          // The notification's screen: opening it reads it.
          <RouterLink
            to={paths.screen.getHref(notification.link)}
            aria-label={intl.formatMessage(m.openNamed, { title: notification.title })}
            onClick={() => {
              if (!notification.read) markRead.mutate(notification.id);
              onOpen?.();
            }}
            style={{ textDecoration: 'underline', textUnderlineOffset: '2px' }}
          >
            {title}
          </RouterLink>
        ) : (
          title
        )}
        <Text fontSize="sm" color="fg.muted">
          {notification.content}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          <time dateTime={new Date(notification.created_at * 1000).toISOString()}>
            {formatDateTime(notification.created_at, intl.locale)}
          </time>
        </Text>
        {!notification.read && (
          <Button
            alignSelf="start"
            size="xs"
            variant="outline"
            loading={markRead.isPending}
            onClick={() => markRead.mutate(notification.id)}
            aria-label={intl.formatMessage(m.markReadNamed, { title: notification.title })}
          >
            {intl.formatMessage(m.markRead)}
          </Button>
        )}
      </Stack>
    </Flex>
  );
}

/** The top bar's notifications dropdown. */
export function NotificationsMenu() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const markAll = useMarkAllNotificationsRead();
  const query = useQuery(getNotificationsQueryOptions());
  const unread = query.data?.unread ?? 0;
  const items = query.data?.items ?? [];
  return (
    <Popover.Root
      positioning={{ placement: 'bottom-end' }}
      lazyMount
      unmountOnExit
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
    >
      <Popover.Trigger asChild>
        <IconButton variant="ghost" aria-label={intl.formatMessage(m.button, { unread })} position="relative">
          <BellIcon />
          {unread > 0 && (
            <Float placement="top-end" offset="2">
              <Badge size="xs" colorPalette="red" variant="solid" rounded="full" aria-hidden="true">
                {unread}
              </Badge>
            </Float>
          )}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="sm" maxW="calc(100vw - 2rem)">
            <Popover.Header>
              <Flex justify="space-between" align="center">
                <Popover.Title fontWeight="semibold">{intl.formatMessage(m.title)}</Popover.Title>
                {unread > 0 && (
                  <Flex align="center" gap="2">
                    <Badge colorPalette="blue">{intl.formatMessage(m.unreadBadge, { unread })}</Badge>
                    <Button size="xs" variant="ghost" loading={markAll.isPending} onClick={() => markAll.mutate()}>
                      {intl.formatMessage(m.markAllRead)}
                    </Button>
                  </Flex>
                )}
              </Flex>
            </Popover.Header>
            <Popover.Body pt="0" maxH="sm" overflowY="auto">
              {query.isError ? (
                <Text py="6" textAlign="center" color="fg.muted">
                  {intl.formatMessage(m.loadFailed)}
                </Text>
              ) : items.length === 0 ? (
                <Flex direction="column" align="center" gap="2" py="6" color="fg.muted">
                  <InboxIcon boxSize="6" />
                  <Text>{intl.formatMessage(m.empty)}</Text>
                </Flex>
              ) : (
                <Box as="ul" listStyleType="none" m="0" p="0">
                  {items.map((notification) => (
                    <NotificationItem key={notification.id} notification={notification} onOpen={() => setOpen(false)} />
                  ))}
                </Box>
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
