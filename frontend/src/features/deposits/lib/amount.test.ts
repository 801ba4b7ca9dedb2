import { describe, expect, it } from 'vitest';

import { formatAmountInput, parseAmount } from './amount';

const cents = (text: string, locale: string) => {
  const result = parseAmount(text, locale);
  return result.ok ? result.cents : result.error;
};

describe('amounts typed in the locale -> integer centavos', () => {
  it('reads pt-BR: comma decimals, dot thousands', () => {
    expect(cents('1.234,56', 'pt-BR')).toBe(123456);
    expect(cents('1234,56', 'pt-BR')).toBe(123456);
    expect(cents('1234', 'pt-BR')).toBe(123400);
    expect(cents('0,5', 'pt-BR')).toBe(50);
    expect(cents(',05', 'pt-BR')).toBe(5);
    expect(cents('R$ 1.000.000,00', 'pt-BR')).toBe(100000000);
    expect(cents(' 12.345 ', 'pt-BR')).toBe(1234500);
  });

  it('reads English: dot decimals, comma thousands', () => {
    expect(cents('1,234.56', 'en')).toBe(123456);
    expect(cents('1234.5', 'en')).toBe(123450);
    expect(cents('$ 0.01', 'en')).toBe(1);
    // Well-formed grouping in English: twelve thousand three hundred forty-five.
    expect(cents('12,345', 'en')).toBe(1234500);
  });

  it('never goes through a float', () => {
    // 0.1 + 0.2 style traps and values past float precision at the centavo stay exact.
    expect(cents('0,29', 'pt-BR')).toBe(29);
    expect(cents('1,15', 'pt-BR')).toBe(115);
    expect(cents('4,35', 'pt-BR')).toBe(435);
    expect(cents('90.071.992.547.409,91', 'pt-BR')).toBe(9007199254740991);
    expect(Number.isInteger(cents('19,99', 'pt-BR'))).toBe(true);
  });

  it('refuses the ambiguous and the malformed', () => {
    // pt-BR "12,345": a decimal comma with three places (12,345 reais?) — refused, not guessed.
    expect(cents('12,345', 'pt-BR')).toBe('decimals');
    expect(cents('1.234.56', 'pt-BR')).toBe('grouping');
    expect(cents('1234.56', 'pt-BR')).toBe('grouping');
    expect(cents('1,234.56', 'pt-BR')).toBe('invalid');
    expect(cents('1.234,56', 'en')).toBe('invalid');
    expect(cents('12.345', 'en')).toBe('decimals');
    expect(cents('1,23', 'en')).toBe('grouping');
    expect(cents('12,', 'pt-BR')).toBe('invalid');
    expect(cents('-5', 'pt-BR')).toBe('invalid');
    expect(cents('1e3', 'en')).toBe('invalid');
    expect(cents('abc', 'en')).toBe('invalid');
    expect(cents('', 'en')).toBe('empty');
    expect(cents('   ', 'pt-BR')).toBe('empty');
    expect(cents('99999999999999999', 'pt-BR')).toBe('too_large');
  });

  it('writes centavos back in the locale for the inputs', () => {
    expect(formatAmountInput(123456, 'pt-BR')).toBe('1.234,56');
    expect(formatAmountInput(123456, 'en')).toBe('1,234.56');
    expect(formatAmountInput(5, 'pt-BR')).toBe('0,05');
    expect(formatAmountInput(100000000, 'en')).toBe('1,000,000.00');
    for (const value of [1, 99, 100, 123456, 9007199254740991]) {
      expect(cents(formatAmountInput(value, 'pt-BR'), 'pt-BR')).toBe(value);
      expect(cents(formatAmountInput(value, 'en'), 'en')).toBe(value);
    }
  });
});
