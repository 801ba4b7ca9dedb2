import { Alert, Button, HStack, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';

import { EmptyBlock, LoadError } from '@/components/query-state';
import { RouteHeader } from '@/components/route-header';
import { paths } from '@/config/paths';
import { useSessionUser } from '@/lib/auth/session';
import { canWriteRoute } from '@/lib/permissions';

import { getNoticesQueryOptions } from '../api/notices';
import { audienceMessages, noticesMessages as m } from '../messages';
import { NOTICES_ROUTE, when } from './notices-screen';

/** The horizontal variant's Home (/) for the editor: what is shown to users now, and the way to write more. */
export default function NoticesHomeScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const user = useSessionUser();
  const notices = useQuery(getNoticesQueryOptions());
  const items = notices.data?.items ?? [];
  const live = items.filter((notice) => notice.state === 'live');
  const scheduled = items.filter((notice) => notice.state === 'scheduled').length;
  const href = paths.screen.getHref(NOTICES_ROUTE);
  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      <Text color="fg.muted">{intl.formatMessage(m.homeIntro)}</Text>
      <HStack gap="3" wrap="wrap">
        {canWriteRoute(user, NOTICES_ROUTE) && (
          <Button asChild colorPalette="blue" size="sm">
            <RouterLink to={`${href}?new=1`}>{intl.formatMessage(m.write)}</RouterLink>
          </Button>
        )}
        <Button asChild variant="outline" size="sm">
          <RouterLink to={href}>{intl.formatMessage(m.manage)}</RouterLink>
        </Button>
      </HStack>
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="md">
          {intl.formatMessage(m.liveNow)}
        </Heading>
        {notices.data && <Text color="fg.muted">{intl.formatMessage(m.scheduledCount, { count: scheduled })}</Text>}
      </HStack>
      {notices.isPending ? (
        <Skeleton height="16" />
      ) : notices.isError ? (
        <LoadError title={intl.formatMessage(m.loadError)} onRetry={() => void notices.refetch()} />
      ) : live.length === 0 ? (
        <EmptyBlock title={intl.formatMessage(m.noneLive)} description={intl.formatMessage(m.noneLiveHelp)} />
      ) : (
        <Stack gap="3">
          {live.map((notice) => (
            <Alert.Root key={notice.id} status={notice.level === 'warning' ? 'warning' : 'info'} data-notice={notice.id}>
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  {intl.formatMessage(audienceMessages[notice.audience] ?? audienceMessages.everyone!)} · {when(notice, intl)}
                </Alert.Title>
                <Alert.Description whiteSpace="pre-line">{intl.locale === 'en' ? notice.message_en : notice.message_pt_br}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
