/** Money and date formatting for the chosen locale. Amounts are integer centavos (cents). */
export type Currency = 'BRL' | 'USD';

const numberFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(locale: string, currency: Currency): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 });
    numberFormats.set(key, format);
  }
  return format;
}

/** 123456 BRL in pt-BR -> "R$ 1.234,56"; USD in pt-BR -> "US$ 1.234,56". */
export function formatMoney(cents: number, currency: Currency, locale: string): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amount must be integer cents, got ${cents}`);
  return moneyFormat(locale, currency).format(cents / 100);
}

/** Unix seconds -> localized date and time. */
export function formatDateTime(unixSeconds: number, locale: string, options?: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(locale, options ?? { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(unixSeconds * 1000),
  );
}

/** ISO date (YYYY-MM-DD) or unix seconds -> localized date. */
export function formatDate(value: string | number, locale: string): string {
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(`${value}T00:00:00`);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short' }).format(date);
}
