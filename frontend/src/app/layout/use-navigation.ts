import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';

import { groupTitle, routeTitle } from '@/config/menu-messages';
import { paths } from '@/config/paths';
import { useComplianceCount } from '@/features/compliance/hooks/use-compliance-count';
import { useRoleView } from '@/features/role-switch/components/role-view-provider';
import { useSessionUser } from '@/lib/auth/session';
import { groupMenu } from '@/lib/menu';
import { normalizeRoute } from '@/lib/permissions';

export type NavEntry = { key: string; route: string; href: string; title: string; badge?: number };
export type NavGroup = { key: string; title: string; entries: NavEntry[] };

/** The menu of the session user with translated titles, badges and the active route. */
export function useNavigation() {
  const intl = useIntl();
  const user = useSessionUser();
  const { logoRoute } = useRoleView();
  const { pathname } = useLocation();
  const complianceCount = useComplianceCount(user.role);
  const activeRoute = normalizeRoute(pathname);

  const groups = useMemo<NavGroup[]>(
    () =>
      groupMenu(user.menu).map((group) => ({
        key: group.key,
        title: intl.formatMessage(groupTitle(group.key)),
        entries: group.entries.map((entry) => {
          const { descriptor, values } = routeTitle(entry.route);
          return {
            key: `${group.key}:${entry.route}`,
            route: normalizeRoute(entry.route),
            href: paths.screen.getHref(entry.route),
            title: intl.formatMessage(descriptor, values),
            badge: entry.badge === 'compliance_count' ? complianceCount : undefined,
          };
        }),
      })),
    [user.menu, intl, complianceCount],
  );

  const activeGroup = groups.find((group) => group.entries.some((entry) => entry.route === activeRoute))?.key;
  return { groups, activeRoute, activeGroup, logoHref: paths.screen.getHref(logoRoute) };
}
