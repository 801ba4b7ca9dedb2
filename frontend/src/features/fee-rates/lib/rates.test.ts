import { describe, expect, it } from 'vitest';

import type { FeeRate, Plugin } from '@/api/types';

import { BUILT_IN_METHODS, allRates, computeFee, effectiveRate, methodOptions, rateRows } from './rates';

const rate = (tenant: string | null, method: string, currency: string, percent_bp: number, fixed: number): FeeRate => ({ tenant, method, currency, percent_bp, fixed });
const RATES = [rate(null, 'pix', 'BRL', 99, 0), rate(null, 'card', 'USD', 450, 30), rate('acme', 'pix', 'BRL', 199, 150), rate('acme', 'payout_pix', 'BRL', 0, 150), rate('beta', 'wire', 'BRL', 0, 50)];
const METHODS = methodOptions(undefined);

describe('computeFee (payments.fees.compute_fee)', () => {
  it('rounds the percentage half up to the centavo, then adds the fixed part', () => {
    expect(computeFee(10_000, { percent_bp: 199, fixed: 150 })).toBe(349);
    expect(computeFee(150, { percent_bp: 99, fixed: 0 })).toBe(1); // 1.485 -> 1
    expect(computeFee(152, { percent_bp: 99, fixed: 0 })).toBe(2); // 1.5048 -> 2
    expect(computeFee(5050, { percent_bp: 1, fixed: 0 })).toBe(1); // 0.505 -> 1 (half up)
  });

  it('never charges more than the amount, nor anything without a rate', () => {
    expect(computeFee(100, { percent_bp: 0, fixed: 150 })).toBe(100);
    expect(computeFee(10_000, undefined)).toBe(0);
    expect(computeFee(0, { percent_bp: 100, fixed: 100 })).toBe(0);
  });
});

describe('the methods a rate is set for', () => {
  it('falls back to the built-in methods, and always has the payout methods last', () => {
    expect(METHODS.map((m) => m.code)).toEqual(['billet', 'pix', 'card', 'wire', 'payout_pix', 'payout_ted']);
  });

  it('takes the loaded payment methods and their currencies from the plugins', () => {
    const plugin = (code: string, currencies: string[], kind = 'method') => ({ kind, code, currencies }) as unknown as Plugin;
    const methods = methodOptions([plugin('pix', ['BRL']), plugin('crypto', ['USD']), plugin('sandbox_bank', [], 'provider'), plugin('billet', ['BRL'])]);
    expect(methods.map((m) => [m.code, m.currencies])).toEqual([
      ['billet', ['BRL']],
      ['pix', ['BRL']],
      ['crypto', ['USD']],
      ['payout_pix', ['BRL']],
      ['payout_ted', ['BRL']],
    ]);
    expect(BUILT_IN_METHODS.find((m) => m.code === 'card')?.currencies).toEqual(['BRL', 'USD']);
  });
});

describe('rate rows', () => {
  it('lists every method and currency of the platform, with the stored rate or no fee', () => {
    const rows = rateRows(RATES, METHODS, null);
    expect(rows.map((r) => `${r.method}/${r.currency}:${r.applies}`)).toEqual([
      'billet/BRL:none', 'pix/BRL:platform', 'card/BRL:none', 'card/USD:platform', 'wire/BRL:none', 'payout_pix/BRL:none', 'payout_ted/BRL:none',
    ]);
    expect(rows.find((r) => r.method === 'pix')?.own?.percent_bp).toBe(99);
  });

  it('shows a client its own rate first, else the platform default it inherits', () => {
    const rows = rateRows(RATES, METHODS, 'acme');
    const pix = rows.find((r) => r.method === 'pix')!;
    expect([pix.applies, pix.effective?.percent_bp, pix.platform?.percent_bp]).toEqual(['client', 199, 99]);
    const usd = rows.find((r) => r.method === 'card' && r.currency === 'USD')!;
    expect([usd.applies, usd.own, usd.effective?.percent_bp]).toEqual(['platform', undefined, 450]);
    expect(rows.find((r) => r.method === 'payout_pix')?.applies).toBe('client');
    expect(rows.find((r) => r.method === 'wire')?.applies).toBe('none'); // beta's rate is not acme's
  });

  it('keeps a stored pair no method lists (e.g. a currency a plugin dropped)', () => {
    const rows = rateRows([...RATES, rate(null, 'pix', 'USD', 10, 0)], METHODS, null);
    expect(rows.map((r) => `${r.method}/${r.currency}`)).toContain('pix/USD');
  });

  it('finds the effective rate and its source', () => {
    expect(effectiveRate(RATES, 'acme', 'pix', 'BRL')).toMatchObject({ source: 'client', rate: { percent_bp: 199 } });
    expect(effectiveRate(RATES, 'beta', 'pix', 'BRL')).toMatchObject({ source: 'platform', rate: { percent_bp: 99 } });
    expect(effectiveRate(RATES, null, 'wire', 'BRL')).toEqual({ source: 'none', rate: undefined });
  });

  it('sorts all rates: platform first, then clients by name', () => {
    const names: Record<string, string> = { acme: 'Zeta Acme', beta: 'Beta Ltda' };
    expect(allRates(RATES, (slug) => names[slug] ?? slug).map((r) => `${r.tenant}:${r.method}`)).toEqual([
      'null:pix', 'null:card', 'beta:wire', 'acme:pix', 'acme:payout_pix',
    ]);
  });
});
