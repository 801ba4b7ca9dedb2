import { Box, EmptyState, VStack } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

import { InboxIcon } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { groupTitle, routeTitle } from '@/config/menu-messages';
import { commonMessages } from '@/i18n/messages';
import { useSessionUser } from '@/lib/auth/session';
import { groupMenu, groupOfRoute } from '@/lib/menu';

import { placeholderMessages } from '../messages';

/**
 * What every menu route shows until its own feature is built: its title, a breadcrumb and an
 * honest empty state.
 */
export default function PlaceholderScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const user = useSessionUser();
  const { descriptor, values } = routeTitle(route);
  const title = intl.formatMessage(descriptor, values);
  const group = groupOfRoute(groupMenu(user.menu), route);
  const crumbs = [...(group ? [{ label: intl.formatMessage(groupTitle(group)) }] : []), { label: title }];
  return (
    <Box>
      <PageHeader title={title} crumbs={crumbs} homeHref={homeHref} />
      <Box borderWidth="1px" rounded="lg" bg="bg.panel">
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Indicator>
              <InboxIcon />
            </EmptyState.Indicator>
            <VStack textAlign="center">
              <EmptyState.Title as="h2">{intl.formatMessage(commonMessages.noRecords)}</EmptyState.Title>
              <EmptyState.Description>{intl.formatMessage(placeholderMessages.notBuilt)}</EmptyState.Description>
            </VStack>
          </EmptyState.Content>
        </EmptyState.Root>
      </Box>
    </Box>
  );
}
