import { describe, expect, it } from 'vitest';

import { formatClockTime, formatDateTime, formatMoney, money } from './format';

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

describe('money (the one formatter of API amounts)', () => {
  it('formats centavos and a currency code in the locale', () => {
    expect(money(123456, 'BRL', 'pt-BR').replace(/\u00a0/g, ' ')).toBe('R$ 1.234,56');
    expect(money(123456, 'BRL', 'en')).toBe('R$1,234.56');
    expect(money(1000, 'USD', 'pt-BR').replace(/\u00a0/g, ' ')).toBe('US$ 10,00');
  });

  it('never throws on data it cannot format', () => {
    expect(money(1050, 'not a code', 'pt-BR')).toBe('not a code 10.50');
  });
});

describe('date formatting', () => {
  it('formats unix seconds for the locale', () => {
    const when = Date.UTC(2024, 0, 31, 12, 0) / 1000;
    expect(formatDateTime(when, 'pt-BR', { dateStyle: 'short', timeZone: 'UTC' })).toBe('31/01/2024');
    expect(formatDateTime(when, 'en', { dateStyle: 'short', timeZone: 'UTC' })).toBe('1/31/24');
  });
});

describe('clock times (the API\'s "HH:MM")', () => {
  it('follows the locale: 24 h in pt-BR, AM/PM in English', () => {
    expect(formatClockTime('20:00', 'pt-BR')).toBe('20:00');
    expect(normalize(formatClockTime('20:00', 'en'))).toBe('8:00 PM');
    expect(normalize(formatClockTime('06:30:00', 'en'))).toBe('6:30 AM');
    expect(formatClockTime('06:30:00', 'pt-BR')).toBe('06:30');
  });

  it('shows what it cannot read as it came', () => {
    expect(formatClockTime('soon', 'en')).toBe('soon');
    expect(formatClockTime('25:00', 'en')).toBe('25:00');
  });
});
