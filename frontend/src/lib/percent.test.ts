import { describe, expect, it } from 'vitest';

import { formatPercent, formatPercentInput, parsePercent } from './percent';

describe('parsePercent (typed percentage -> basis points, exactly)', () => {
  it.each([
    ['1,99', 199],
    ['1,9', 190],
    ['0,01', 1],
    [',5', 50],
    ['0', 0],
    ['2', 200],
    ['100', 10_000],
    ['100,00', 10_000],
    ['  1,99 %', 199],
    ['1,99%', 199],
    ['007,50', 750],
    // The values where a float goes astray: 0.29 * 100 = 28.999999999999996, 1.13 * 100 = 112.99999999999999.
    ['0,29', 29],
    ['1,13', 113],
    ['4,35', 435],
    ['9,95', 995],
  ])('pt-BR %s -> %i bp', (text, bp) => {
    expect(parsePercent(text, 'pt-BR')).toEqual({ ok: true, bp });
  });

  it('reads the English notation in English', () => {
    expect(parsePercent('1.99', 'en')).toEqual({ ok: true, bp: 199 });
    expect(parsePercent('0.29%', 'en')).toEqual({ ok: true, bp: 29 });
  });

  it('refuses the grouping separator and anything else than digits', () => {
    expect(parsePercent('1.99', 'pt-BR')).toEqual({ ok: false, error: 'invalid' });
    expect(parsePercent('1,99', 'en')).toEqual({ ok: false, error: 'invalid' });
    expect(parsePercent('1,9,9', 'pt-BR')).toEqual({ ok: false, error: 'invalid' });
    expect(parsePercent('1,', 'pt-BR')).toEqual({ ok: false, error: 'invalid' });
    expect(parsePercent('-1', 'pt-BR')).toEqual({ ok: false, error: 'invalid' });
    expect(parsePercent('abc', 'pt-BR')).toEqual({ ok: false, error: 'invalid' });
    expect(parsePercent('1e2', 'en')).toEqual({ ok: false, error: 'invalid' });
  });

  it('says what is wrong: empty, too many decimals, above 100 %', () => {
    expect(parsePercent('', 'pt-BR')).toEqual({ ok: false, error: 'empty' });
    expect(parsePercent(' % ', 'pt-BR')).toEqual({ ok: false, error: 'empty' });
    expect(parsePercent('1,999', 'pt-BR')).toEqual({ ok: false, error: 'decimals' });
    expect(parsePercent('100,01', 'pt-BR')).toEqual({ ok: false, error: 'too_large' });
    expect(parsePercent('1000', 'pt-BR')).toEqual({ ok: false, error: 'too_large' });
    expect(parsePercent('99999999999999999999', 'pt-BR')).toEqual({ ok: false, error: 'too_large' });
  });
});

describe('percent display', () => {
  it('puts basis points back into the text a person types', () => {
    expect(formatPercentInput(199, 'pt-BR')).toBe('1,99');
    expect(formatPercentInput(5, 'pt-BR')).toBe('0,05');
    expect(formatPercentInput(10_000, 'en')).toBe('100.00');
    expect(formatPercentInput(0, 'en')).toBe('0.00');
  });

  it('round-trips every basis point', () => {
    for (let bp = 0; bp <= 10_000; bp += 1) {
      expect(parsePercent(formatPercentInput(bp, 'pt-BR'), 'pt-BR')).toEqual({ ok: true, bp });
    }
  });

  it('formats for the locale', () => {
    expect(formatPercent(199, 'pt-BR').replace(/\s/g, ' ')).toMatch(/^1,99 ?%$/);
    expect(formatPercent(29, 'en')).toBe('0.29%');
    expect(formatPercent(0, 'en')).toBe('0.00%');
  });
});
