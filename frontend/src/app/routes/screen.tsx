import type { ComponentType, LazyExoticComponent } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

import { paths } from '@/config/paths';
import { useSessionUser } from '@/lib/auth/session';
import { lazyWithTimeout } from '@/lib/lazy-with-timeout';
import { isRouteAllowed, landingRoute, normalizeRoute } from '@/lib/permissions';

export type ScreenProps = { route: string; homeHref: string };
type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

const ProfileScreen = lazyWithTimeout(() => import('@/features/profile/components/profile-screen'));
const PlaceholderScreen = lazyWithTimeout(() => import('@/features/placeholder/components/placeholder-screen'));
const DepositsScreen = lazyWithTimeout(() => import('@/features/deposits/components/deposits-screen'));
const ClientHomeScreen = lazyWithTimeout(() => import('@/features/deposits/components/client-home-screen'));
const TransactionsScreen = lazyWithTimeout(() => import('@/features/transactions/components/transactions-screen'));

/**
 * Screens built so far, by menu route. Every other permitted route shows the placeholder screen
 * (title, breadcrumb, empty state) until its feature lands here.
 */
export const SCREENS: Readonly<Record<string, Screen>> = {
  'user/profile': ProfileScreen,
  'pages/profile': ProfileScreen,
  [paths.deposits.route]: DepositsScreen,
  [paths.clientHome.route]: ClientHomeScreen,
  [paths.transactions.route]: TransactionsScreen,
};

/** Any path inside the shell: permitted iff the route is in the user's menu (or a profile route). */
export function ScreenRoute() {
  const user = useSessionUser();
  const { pathname } = useLocation();
  const route = normalizeRoute(pathname);
  if (!isRouteAllowed(route, user.menu)) return <Navigate to={paths.notAuthorized.getHref()} replace />;
  const Screen = (Object.hasOwn(SCREENS, route) ? SCREENS[route] : undefined) ?? PlaceholderScreen;
  return <Screen key={route} route={route} homeHref={paths.screen.getHref(user.home)} />;
}

/** /plataforma: the signed-in user's home route (or the first menu entry when home is not permitted). */
export function HomeRedirect() {
  const user = useSessionUser();
  return <Navigate to={paths.screen.getHref(landingRoute(user.home, user.menu))} replace />;
}
