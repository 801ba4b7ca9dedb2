import type { MenuEntry } from '@/api/types';

/** Reachable by every signed-in user whatever the menu says (the user menu). */
export const ALWAYS_ALLOWED_ROUTES: readonly string[] = ['user/profile', 'pages/profile'];

/** "/clients/payments/" -> "clients/payments". */
export function normalizeRoute(route: string): string {
  return route.replace(/^\/+/, '').replace(/\/+$/, '');
}

/**
 * The server decides what a user may see and sends it as `menu`; a route is permitted iff it is
 * one of those entries, or one of the always-allowed profile routes.
 */
export function isRouteAllowed(route: string, menu: readonly Pick<MenuEntry, 'route'>[]): boolean {
  const wanted = normalizeRoute(route);
  if (ALWAYS_ALLOWED_ROUTES.includes(wanted)) return true;
  return menu.some((entry) => normalizeRoute(entry.route) === wanted);
}

/** A user without a single visible entry goes to the not-authorized page. */
export function hasVisibleMenu(menu: readonly unknown[]): boolean {
  return menu.length > 0;
}

/**
 * Where a signed-in user lands (after login, and at /plataforma): the server's `home` when the
 * menu permits it, otherwise the first menu entry. `home` follows the logo rule of the spec
 * ("home/" for most roles), which is not in the menu of, e.g., a client_user or an employee;
 * sending them there would show "not authorized" right after a successful login.
 */
export function landingRoute(home: string, menu: readonly Pick<MenuEntry, 'route'>[]): string {
  if (isRouteAllowed(home, menu)) return home;
  return menu[0]?.route ?? home;
}

/**
 * Whether the session may use the write actions (generate, cancel, approve...) of a menu entry, or,
 * without a route, of its screens at all. The server says it in GET /api/auth/me (`can_write` and each
 * entry's `write`), from the same rule that refuses the writes of read-only roles.
 */
export function canWriteRoute(user: { can_write: boolean; menu: readonly Pick<MenuEntry, 'route' | 'write'>[] }, route?: string): boolean {
  if (!user.can_write) return false;
  if (route === undefined) return true;
  const wanted = normalizeRoute(route);
  return user.menu.some((entry) => normalizeRoute(entry.route) === wanted && entry.write);
}
