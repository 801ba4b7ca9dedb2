import { useIntl } from 'react-intl';

import { PageHeader } from '@/components/page-header';
import { groupTitle, routeTitle } from '@/config/menu-messages';
import { useSessionUser } from '@/lib/auth/session';
import { groupMenu, groupOfRoute } from '@/lib/menu';

/**
 * The screen's title (from the menu route) and breadcrumb with its menu group. `title`: a part of the
 * screen shown on its own (a tab): the heading says it, and the breadcrumb goes through the route to it.
 */
export function RouteHeader({ route, homeHref, title: part }: { route: string; homeHref: string; title?: string }) {
  const intl = useIntl();
  const user = useSessionUser();
  const { descriptor, values } = routeTitle(route);
  const title = intl.formatMessage(descriptor, values);
  const group = groupOfRoute(groupMenu(user.menu), route);
  const crumbs = [...(group ? [{ label: intl.formatMessage(groupTitle(group)) }] : []), { label: title }, ...(part && part !== title ? [{ label: part }] : [])];
  return <PageHeader title={part ?? title} crumbs={crumbs} homeHref={homeHref} />;
}
