import { describe, expect, it } from 'vitest';

import { logoRouteForRole } from './logo-route';

describe('logo link by role', () => {
  it.each([
    ['company', 'company/atividade'],
    ['client', 'clients/home'],
    ['admin', 'admin/home'],
    ['hms', 'hms/'],
    ['employee', 'home/'],
    ['customer', 'home/'],
    ['partner', 'home/'],
    ['', 'home/'],
  ])('%s -> %s', (role, route) => {
    expect(logoRouteForRole(role)).toBe(route);
  });

  it('any unknown or missing role goes home/', () => {
    expect(logoRouteForRole(undefined)).toBe('home/');
    expect(logoRouteForRole(null)).toBe('home/');
    expect(logoRouteForRole('toString')).toBe('home/');
  });
});
