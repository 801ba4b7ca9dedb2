import { useIntl } from 'react-intl';

import { PageHeader } from '@/components/page-header';
import { groupTitle, routeTitle } from '@/config/menu-messages';
import { useSessionUser } from '@/lib/auth/session';
import { groupMenu, groupOfRoute } from '@/lib/menu';

/** The screen's title (from the menu route) and breadcrumb with its menu group. */
export function RouteHeader({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const user = useSessionUser();
  const { descriptor, values } = routeTitle(route);
  const title = intl.formatMessage(descriptor, values);
  const group = groupOfRoute(groupMenu(user.menu), route);
  const crumbs = [...(group ? [{ label: intl.formatMessage(groupTitle(group)) }] : []), { label: title }];
  return <PageHeader title={title} crumbs={crumbs} homeHref={homeHref} />;
}
