import { describe, expect, it } from 'vitest';

import { groupMenu, groupOfRoute } from './menu';
import { canWriteRoute, hasVisibleMenu, isRouteAllowed, landingRoute, normalizeRoute } from './permissions';

const menu = [
  { route: 'clients/payments', group: 'client_finance', write: true },
  { route: 'clients/withdraws', group: 'client_finance', write: true },
  { route: 'employee/transactions', group: 'general', write: true },
  { route: 'clients/home', group: 'client_reports', write: true },
  { route: 'employee/transactions', group: 'admin_home', write: true },
];

describe('route permission', () => {
  it('allows a route iff the server listed it in the menu', () => {
    expect(isRouteAllowed('clients/payments', menu)).toBe(true);
    expect(isRouteAllowed('/clients/withdraws/', menu)).toBe(true);
    expect(isRouteAllowed('clients/refunds', menu)).toBe(false);
    expect(isRouteAllowed('admin/home', menu)).toBe(false);
    expect(isRouteAllowed('clients', menu)).toBe(false);
  });

  it('always allows the profile routes', () => {
    expect(isRouteAllowed('user/profile', [])).toBe(true);
    expect(isRouteAllowed('/pages/profile', [])).toBe(true);
  });

  it('a user with no menu entry has nothing visible', () => {
    expect(hasVisibleMenu([])).toBe(false);
    expect(hasVisibleMenu(menu)).toBe(true);
  });

  it('lands on home when permitted, else on the first menu entry', () => {
    expect(landingRoute('clients/home', menu)).toBe('clients/home');
    expect(landingRoute('home/', menu)).toBe('clients/payments');
    expect(landingRoute('home/', [{ route: 'home' }])).toBe('home/');
    expect(landingRoute('hms/', [])).toBe('hms/');
  });

  it('normalizes slashes', () => {
    expect(normalizeRoute('/hms/')).toBe('hms');
    expect(normalizeRoute('clients/home')).toBe('clients/home');
  });
});

describe('menu grouping', () => {
  it('keeps the server order of groups and entries', () => {
    const groups = groupMenu(menu);
    expect(groups.map((group) => group.key)).toEqual(['client_finance', 'general', 'client_reports', 'admin_home']);
    expect(groups[0]?.entries.map((entry) => entry.route)).toEqual(['clients/payments', 'clients/withdraws']);
  });

  it('finds the first group holding a route', () => {
    const groups = groupMenu(menu);
    expect(groupOfRoute(groups, '/employee/transactions')).toBe('general');
    expect(groupOfRoute(groups, 'nope')).toBeUndefined();
  });
});

describe('canWriteRoute (what GET /api/auth/me says the user may write)', () => {
  it('follows the entry of the route, and refuses a route outside the menu', () => {
    const user = { can_write: true, menu: [{ route: 'clients/payments', write: true }, { route: 'clients/home', write: false }] };
    expect(canWriteRoute(user, '/clients/payments/')).toBe(true);
    expect(canWriteRoute(user, 'clients/home')).toBe(false);
    expect(canWriteRoute(user, 'admin/clients')).toBe(false);
    expect(canWriteRoute(user)).toBe(true);
  });

  it('refuses everything to a read-only session, whatever its entries say', () => {
    const user = { can_write: false, menu: [{ route: 'clients/payments', write: true }] };
    expect(canWriteRoute(user, 'clients/payments')).toBe(false);
    expect(canWriteRoute(user)).toBe(false);
  });
});
