import { Stack, Tabs } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';

import { RouteHeader } from '@/components/route-header';
import MembersScreen from '@/features/members/components/client-users-screen';
import PartnerClientsPanel from '@/features/partner-clients/components/partner-clients-panel';
import { partnerClientsMessages as m } from '@/features/partner-clients/messages';
import { useSessionUser } from '@/lib/auth/session';

/** Who manage the partner's clients: the owner and its administrators (section 6, ARCHITECTURE.md "A
 * partner's clients"); the API refuses the partner's reading roles. */
export const CLIENT_MANAGERS = ['partner', 'partner_admin', 'partner_superadmin'];

/**
 * partner/users: the partner's users and, for its administrators, a Clientes tab (ARCHITECTURE.md,
 * "A partner's clients"). The tab is in the URL (`view=clients`); one list is mounted at a time, so the
 * two lists' URL parameters never meet (switching tabs starts the other list afresh).
 */
export default function PartnerUsersScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  if (!CLIENT_MANAGERS.includes(user.role)) return <MembersScreen route={route} homeHref={homeHref} />;
  const view = params.get('view') === 'clients' ? 'clients' : 'users';
  // As the app's other tabbed screens (batch files): the page's heading first, then the tabs.
  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} title={view === 'clients' ? intl.formatMessage(m.tabClients) : undefined} />
      <Tabs.Root value={view} onValueChange={(details) => setParams(details.value === 'clients' ? { view: 'clients' } : {})} variant="line" lazyMount unmountOnExit>
        <Tabs.List aria-label={intl.formatMessage(m.tabs)}>
          <Tabs.Trigger value="users">{intl.formatMessage(m.tabUsers)}</Tabs.Trigger>
          <Tabs.Trigger value="clients">{intl.formatMessage(m.tabClients)}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="users">
          <MembersScreen route={route} homeHref={homeHref} header={false} />
        </Tabs.Content>
        <Tabs.Content value="clients">
          <PartnerClientsPanel />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
