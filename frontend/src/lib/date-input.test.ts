import { describe, expect, it } from 'vitest';

import { dateOrderOf, formatDate, isIsoDate, maskDate, parseDate } from './date-input';

describe('date input', () => {
  it('knows the order of each locale', () => {
    expect(dateOrderOf('pt-BR')).toEqual({ order: ['day', 'month', 'year'], separator: '/' });
    expect(dateOrderOf('en')).toEqual({ order: ['month', 'day', 'year'], separator: '/' });
  });

  it('formats an API date in the locale', () => {
    expect(formatDate('2026-12-31', 'pt-BR')).toBe('31/12/2026');
    expect(formatDate('2026-12-31', 'en')).toBe('12/31/2026');
    expect(formatDate('2026-02-30', 'pt-BR')).toBe('');
    expect(formatDate('', 'en')).toBe('');
  });

  it('parses what is typed in pt-BR (day first)', () => {
    expect(parseDate('31/12/2026', 'pt-BR')).toEqual({ ok: true, iso: '2026-12-31' });
    expect(parseDate('1/2/2026', 'pt-BR')).toEqual({ ok: true, iso: '2026-02-01' });
    expect(parseDate('05022026', 'pt-BR')).toEqual({ ok: true, iso: '2026-02-05' });
    expect(parseDate('12/31/2026', 'pt-BR')).toEqual({ ok: false, error: 'invalid' });
  });

  it('parses what is typed in English (month first)', () => {
    expect(parseDate('12/31/2026', 'en')).toEqual({ ok: true, iso: '2026-12-31' });
    expect(parseDate('02/05/2026', 'en')).toEqual({ ok: true, iso: '2026-02-05' });
    expect(parseDate('31/12/2026', 'en')).toEqual({ ok: false, error: 'invalid' });
  });

  it('refuses days that do not exist and incomplete text', () => {
    expect(parseDate('', 'pt-BR')).toEqual({ ok: false, error: 'empty' });
    expect(parseDate('31/12', 'pt-BR')).toEqual({ ok: false, error: 'incomplete' });
    expect(parseDate('31/12/26', 'pt-BR')).toEqual({ ok: false, error: 'incomplete' });
    expect(parseDate('30/02/2026', 'pt-BR')).toEqual({ ok: false, error: 'invalid' });
    expect(parseDate('29/02/2026', 'pt-BR')).toEqual({ ok: false, error: 'invalid' });
    expect(parseDate('29/02/2028', 'pt-BR')).toEqual({ ok: true, iso: '2028-02-29' });
    expect(parseDate('00/01/2026', 'pt-BR')).toEqual({ ok: false, error: 'invalid' });
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
  });

  it('masks digits into the locale pattern', () => {
    expect(maskDate('3', 'pt-BR')).toBe('3');
    expect(maskDate('3112', 'pt-BR')).toBe('31/12');
    expect(maskDate('31/', 'pt-BR')).toBe('31/');
    expect(maskDate('311220261', 'pt-BR')).toBe('31/12/2026');
    expect(maskDate('12a31b2026', 'en')).toBe('12/31/2026');
  });
});
