// The amount parser of every money form (deposits, payouts, refunds).
/**
 * Amounts typed by people, in the locale's notation, to integer centavos, without ever going through
 * a float: the text is split into its digits and put back together as a string.
 *
 * pt-BR: "1.234,56" -> 123456; en: "1,234.56" -> 123456. Grouping separators are optional but, when
 * present, must group by three ("1.234", not "12.34"). At most two decimal places: "12,345" in pt-BR is
 * refused (did the person mean 12.345,00 or 12,35?), while in English it is a well-formed 12,345.00.
 */

export type AmountError = 'empty' | 'invalid' | 'decimals' | 'grouping' | 'too_large';
export type AmountResult = { ok: true; cents: number } | { ok: false; error: AmountError };

export type Separators = { group: string; decimal: string };

const separatorCache = new Map<string, Separators>();

/** The grouping and decimal separators of a locale ("." and "," for pt-BR). */
export function separatorsOf(locale: string): Separators {
  let found = separatorCache.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234567.5);
    const group = parts.find((p) => p.type === 'group')?.value ?? ',';
    const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
    // Some locales group with a (narrow) no-break space: accept a plain space for it too.
    found = { group: /\s/.test(group) ? ' ' : group, decimal };
    separatorCache.set(locale, found);
  }
  return found;
}

/** Currency symbols and spaces people paste around a number. */
const DECORATION = /R\$|US\$|\$/g;

/** Parse "1.234,56" (pt-BR) or "1,234.56" (en) into integer centavos. */
export function parseAmount(text: string, locale: string): AmountResult {
  const { group, decimal } = separatorsOf(locale);
  const spaced = text.replace(DECORATION, '').trim();
  // Spaces are noise, unless the locale groups digits with them.
  const value = group === ' ' ? spaced.replace(/[\s\u00a0\u202f]+/g, ' ') : spaced.replace(/[\s\u00a0\u202f]+/g, '');
  if (!value) return { ok: false, error: 'empty' };

  const allowed = new RegExp(`^[0-9${escape(group)}${escape(decimal)}]+$`);
  if (!allowed.test(value)) return { ok: false, error: 'invalid' };

  const decimalParts = value.split(decimal);
  if (decimalParts.length > 2) return { ok: false, error: 'invalid' };
  const [integerText = '', fraction = ''] = decimalParts;
  if (decimalParts.length === 2 && fraction.length === 0) return { ok: false, error: 'invalid' };
  if (!/^[0-9]*$/.test(fraction)) return { ok: false, error: 'invalid' };
  if (fraction.length > 2) return { ok: false, error: 'decimals' };

  let digits = integerText;
  if (integerText.includes(group)) {
    const groups = integerText.split(group);
    const [head = '', ...tail] = groups;
    if (!/^[0-9]{1,3}$/.test(head) || tail.some((g) => !/^[0-9]{3}$/.test(g))) return { ok: false, error: 'grouping' };
    digits = groups.join('');
  }
  if (!/^[0-9]*$/.test(digits) || (digits === '' && fraction === '')) return { ok: false, error: 'invalid' };

  const centsText = `${digits || '0'}${fraction.padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  const cents = Number.parseInt(centsText, 10);
  if (!Number.isSafeInteger(cents)) return { ok: false, error: 'too_large' };
  return { ok: true, cents };
}

/** Integer centavos back to the text a person would type: 123456 -> "1.234,56" (pt-BR). */
export function formatAmountInput(cents: number, locale: string): string {
  if (!Number.isSafeInteger(cents) || cents < 0) return '';
  const { group, decimal } = separatorsOf(locale);
  const text = String(cents).padStart(3, '0');
  const integer = text.slice(0, -2);
  const fraction = text.slice(-2);
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${grouped}${decimal}${fraction}`;
}

function escape(char: string): string {
  return char.replace(/[\\^$.*+?()[\]{}|-]/g, '\\$&');
}
