import { describe, expect, it } from 'vitest';

import { commissionText, formatCommission, parseCommission } from './commission';

describe('commission rate', () => {
  it('reads a percentage with up to two decimals in either notation', () => {
    expect(parseCommission('15')).toEqual({ bp: 1500, error: null });
    expect(parseCommission('15,5')).toEqual({ bp: 1550, error: null });
    expect(parseCommission(' 15.25 % ')).toEqual({ bp: 1525, error: null });
    expect(parseCommission('0')).toEqual({ bp: 0, error: null });
    expect(parseCommission('100')).toEqual({ bp: 10_000, error: null });
  });

  it('refuses more than all of the fee, three decimals, signs and words', () => {
    expect(parseCommission('100,01').error).toBe('range');
    expect(parseCommission('1.234').error).toBe('invalid');
    expect(parseCommission('-1').error).toBe('invalid');
    expect(parseCommission('').error).toBe('invalid');
    expect(parseCommission('ten').error).toBe('invalid');
  });

  it('shows the rate in the locale', () => {
    expect(formatCommission(1550, 'pt-BR')).toMatch(/^15,5\s?%$/);
    expect(formatCommission(1550, 'en')).toBe('15.5%');
    expect(commissionText(1525, 'pt-BR')).toBe('15,25');
    expect(commissionText(0, 'en')).toBe('0');
  });
});
