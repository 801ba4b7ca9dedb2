import { describe, expect, it } from 'vitest';

import { formatDateTime, formatMoney } from './format';

const normalize = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

describe('money formatting (integer centavos)', () => {
  it('BRL in pt-BR', () => {
    expect(normalize(formatMoney(123456, 'BRL', 'pt-BR'))).toBe('R$ 1.234,56');
    expect(normalize(formatMoney(5, 'BRL', 'pt-BR'))).toBe('R$ 0,05');
    expect(normalize(formatMoney(-100, 'BRL', 'pt-BR'))).toBe('-R$ 1,00');
  });

  it('USD in pt-BR and English', () => {
    expect(normalize(formatMoney(123456, 'USD', 'pt-BR'))).toBe('US$ 1.234,56');
    expect(formatMoney(123456, 'USD', 'en')).toBe('$1,234.56');
    expect(formatMoney(123456, 'BRL', 'en')).toBe('R$1,234.56');
  });

  it('refuses fractions of a centavo', () => {
    expect(() => formatMoney(10.5, 'BRL', 'pt-BR')).toThrow(RangeError);
  });
});

describe('date formatting', () => {
  it('formats unix seconds for the locale', () => {
    const when = Date.UTC(2024, 0, 31, 12, 0) / 1000;
    expect(formatDateTime(when, 'pt-BR', { dateStyle: 'short', timeZone: 'UTC' })).toBe('31/01/2024');
    expect(formatDateTime(when, 'en', { dateStyle: 'short', timeZone: 'UTC' })).toBe('1/31/24');
  });
});
