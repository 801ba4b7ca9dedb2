/**
 * Logo link by role (spec §2): company -> company/atividade, client -> clients/home,
 * admin -> admin/home, hms -> hms/, any other -> home/.
 * The server sends the same answer as `home` in the session user; this mapping is used when the
 * interface shows another role (the change-role demo action).
 */
const LOGO_ROUTES: Readonly<Record<string, string>> = {
  company: 'company/atividade',
  client: 'clients/home',
  admin: 'admin/home',
  hms: 'hms/',
};

export function logoRouteForRole(role: string | null | undefined): string {
  return role && Object.hasOwn(LOGO_ROUTES, role) ? (LOGO_ROUTES[role] as string) : 'home/';
}
