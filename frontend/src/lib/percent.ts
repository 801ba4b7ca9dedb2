import { separatorsOf } from '@/lib/amount-input';

/**
 * Percentages of fee rates, typed by people in the locale's notation, to integer basis points (1 bp =
 * 0,01 %), without ever going through a float: the digits are put back together as a string.
 *
 * pt-BR: "1,99" -> 199; en: "1.99" -> 199. A trailing "%" and spaces are ignored. At most two decimal
 * places (a basis point is the unit of the table), between 0 and 100 %. The locale's grouping
 * separator is refused ("1.99" in pt-BR would be one thousand ninety-nine): a percentage never needs it.
 */
export type PercentError = 'empty' | 'invalid' | 'decimals' | 'too_large';
export type PercentResult = { ok: true; bp: number } | { ok: false; error: PercentError };

export const MAX_BP = 10_000;

export function parsePercent(text: string, locale: string): PercentResult {
  const { decimal } = separatorsOf(locale);
  const value = text.replace(/%/g, '').replace(/[\s\u00a0\u202f]+/g, '');
  if (!value) return { ok: false, error: 'empty' };
  const parts = value.split(decimal);
  if (parts.length > 2) return { ok: false, error: 'invalid' };
  const [integer = '', fraction = ''] = parts;
  if (!/^[0-9]*$/.test(integer) || !/^[0-9]*$/.test(fraction)) return { ok: false, error: 'invalid' };
  if (integer === '' && fraction === '') return { ok: false, error: 'invalid' };
  if (parts.length === 2 && fraction === '') return { ok: false, error: 'invalid' };
  if (fraction.length > 2) return { ok: false, error: 'decimals' };
  const whole = integer.replace(/^0+(?=\d)/, '') || '0';
  if (whole.length > 3) return { ok: false, error: 'too_large' };
  const bp = Number.parseInt(`${whole}${fraction.padEnd(2, '0')}`, 10);
  if (bp > MAX_BP) return { ok: false, error: 'too_large' };
  return { ok: true, bp };
}

/** Basis points back to the text a person would type: 199 -> "1,99" (pt-BR), 5 -> "0,05". */
export function formatPercentInput(bp: number, locale: string): string {
  if (!Number.isSafeInteger(bp) || bp < 0) return '';
  const { decimal } = separatorsOf(locale);
  const text = String(bp).padStart(3, '0');
  return `${text.slice(0, -2)}${decimal}${text.slice(-2)}`;
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/** Basis points for display: 199 -> "1,99%" (pt-BR), "1.99%" (en). */
export function formatPercent(bp: number, locale: string): string {
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    percentFormats.set(locale, format);
  }
  // bp / 10000 is exact to the two decimals shown (the format rounds the float's last bits away).
  return format.format(bp / 10_000);
}
