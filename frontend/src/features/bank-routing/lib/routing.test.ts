import { describe, expect, it } from 'vitest';

import type { Plugin, ProviderRoute } from '@/api/types';

import { payoutProviders, providersFor, routeRows } from './routing';

const ROUTES: ProviderRoute[] = [
  { tenant: null, method: 'pix', provider: 'sandbox_bank' },
  { tenant: null, method: 'card', provider: 'sandbox_bank' },
  { tenant: 'acme', method: 'pix', provider: 'other_bank' },
  { tenant: 'acme', method: 'wire', provider: 'other_bank' },
  { tenant: 'beta', method: 'billet', provider: 'other_bank' },
];
const METHODS = ['wire', 'pix', 'card', 'billet'];

const plugin = (overrides: Partial<Plugin>): Plugin =>
  ({ kind: 'provider', code: 'x', name: 'X', enabled: true, methods: [], payout_methods: [], refund_methods: [], currencies: [], ...overrides }) as Plugin;

describe('routeRows', () => {
  it('shows the platform default of every method, or that none is set', () => {
    expect(routeRows(ROUTES, METHODS, null).map((r) => [r.method, r.provider, r.source])).toEqual([
      ['billet', null, 'builtin'],
      ['pix', 'sandbox_bank', 'platform'],
      ['card', 'sandbox_bank', 'platform'],
      ['wire', null, 'builtin'],
    ]);
  });

  it('shows a client its own routes, else the platform default', () => {
    const rows = routeRows(ROUTES, METHODS, 'acme');
    expect(rows.map((r) => [r.method, r.provider, r.source])).toEqual([
      ['billet', null, 'builtin'], // beta's route is not acme's
      ['pix', 'other_bank', 'client'],
      ['card', 'sandbox_bank', 'platform'],
      ['wire', 'other_bank', 'client'],
    ]);
    expect(rows[1]?.platform?.provider).toBe('sandbox_bank');
    expect(rows[2]?.own).toBeUndefined();
  });
});

describe('providers', () => {
  const plugins = [
    plugin({ code: 'sandbox_bank', methods: ['pix', 'billet'], payout_methods: ['pix', 'ted'] }),
    plugin({ code: 'off_bank', methods: ['pix'], enabled: false, payout_methods: ['pix'] }),
    plugin({ code: 'card_only', methods: ['card'] }),
    plugin({ kind: 'method', code: 'pix', currencies: ['BRL'] }),
  ];

  it('offers for a route only the enabled providers that collect the method', () => {
    expect(providersFor(plugins, 'pix').map((p) => p.code)).toEqual(['sandbox_bank']);
    expect(providersFor(plugins, 'card').map((p) => p.code)).toEqual(['card_only']);
    expect(providersFor(plugins, 'wire')).toEqual([]);
  });

  it('lists the providers that make payouts', () => {
    expect(payoutProviders(plugins).map((p) => p.code)).toEqual(['sandbox_bank', 'off_bank']);
  });
});
