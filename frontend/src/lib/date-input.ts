/**
 * Dates typed by people, in the locale's order, to the API's YYYY-MM-DD and back.
 *
 * pt-BR: "31/12/2026" <-> "2026-12-31"; en: "12/31/2026" <-> "2026-12-31". The order of day, month
 * and year and the separator come from Intl, so any locale gets its own numeric order.
 */

export type DateOrder = { order: ('day' | 'month' | 'year')[]; separator: string };
export type DateError = 'empty' | 'incomplete' | 'invalid';
export type DateResult = { ok: true; iso: string } | { ok: false; error: DateError };

const orderCache = new Map<string, DateOrder>();

/** The numeric order of a locale's dates: day/month/year in pt-BR, month/day/year in English. */
export function dateOrderOf(locale: string): DateOrder {
  let found = orderCache.get(locale);
  if (!found) {
    const parts = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).formatToParts(Date.UTC(2026, 11, 31));
    const order = parts.filter((p) => p.type === 'day' || p.type === 'month' || p.type === 'year').map((p) => p.type as 'day' | 'month' | 'year');
    const separator = parts.find((p) => p.type === 'literal')?.value.trim() || '/';
    found = order.length === 3 ? { order, separator } : { order: ['day', 'month', 'year'], separator: '/' };
    orderCache.set(locale, found);
  }
  return found;
}

const WIDTH = { day: 2, month: 2, year: 4 } as const;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day (no 31/02, 29/02 only in leap years), years 1000 to 9999. */
function exists(year: number, month: number, day: number): boolean {
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Is this a valid YYYY-MM-DD (a day that exists)? */
export function isIsoDate(value: string): boolean {
  const match = ISO.exec(value);
  return Boolean(match && exists(Number(match[1]), Number(match[2]), Number(match[3])));
}

/**
 * The mask: whatever is typed is kept as its digits (at most eight) and the separators are put back
 * in the locale's places: "3112" -> "31/12", "31122026" -> "31/12/2026".
 */
export function maskDate(text: string, locale: string): string {
  const { order, separator } = dateOrderOf(locale);
  const digits = text.replace(/\D/g, '').slice(0, 8);
  const pieces: string[] = [];
  let at = 0;
  for (const part of order) {
    if (at >= digits.length) break;
    pieces.push(digits.slice(at, at + WIDTH[part]));
    at += WIDTH[part];
  }
  let masked = pieces.join(separator);
  // Typing the separator right after a full piece keeps it ("31/" stays "31/", not "31").
  const last = pieces.length - 1;
  const full = last >= 0 && last < 2 && pieces[last]?.length === WIDTH[order[last] ?? 'year'];
  if (full && text.trimEnd().endsWith(separator)) masked += separator;
  return masked;
}

/** "31/12/2026" (pt-BR) -> "2026-12-31"; empty, incomplete or a day that does not exist is an error. */
export function parseDate(text: string, locale: string): DateResult {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, error: 'empty' };
  const { order } = dateOrderOf(locale);
  const pieces = trimmed.split(/[^\d]+/).filter(Boolean);
  const digits = trimmed.replace(/\D/g, '');
  let values: Record<'day' | 'month' | 'year', string>;
  if (pieces.length === 3) {
    values = { day: '', month: '', year: '' };
    order.forEach((part, index) => (values[part] = pieces[index] ?? ''));
  } else if (pieces.length === 1 && digits.length === 8) {
    values = { day: '', month: '', year: '' };
    let at = 0;
    for (const part of order) {
      values[part] = digits.slice(at, at + WIDTH[part]);
      at += WIDTH[part];
    }
  } else {
    return { ok: false, error: 'incomplete' };
  }
  if (values.year.length !== 4 || values.day.length > 2 || values.month.length > 2) return { ok: false, error: 'incomplete' };
  const [year, month, day] = [Number(values.year), Number(values.month), Number(values.day)];
  if (!exists(year, month, day)) return { ok: false, error: 'invalid' };
  return { ok: true, iso: `${values.year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` };
}

/** "2026-12-31" -> "31/12/2026" (pt-BR) or "12/31/2026" (en); anything not a valid ISO day -> "". */
export function formatDate(iso: string, locale: string): string {
  if (!isIsoDate(iso)) return '';
  const [year, month, day] = iso.split('-');
  const { order, separator } = dateOrderOf(locale);
  const values = { day, month, year };
  return order.map((part) => values[part]).join(separator);
}
