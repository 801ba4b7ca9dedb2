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

/**
 * The one money formatter of the app: an API amount (integer centavos) and its currency code, in the
 * locale's notation ("R$ 1.234,56" in pt-BR, "R$1,234.56" in English, "US$ 10,00" for USD in pt-BR).
 * Any ISO 4217 code formats; a code Intl does not know is shown as "XYZ 12.34" (never throws on data).
 */
export function money(cents: number, currency: string, locale: string): string {
  try {
    return formatMoney(cents, currency as Currency, locale);
  } catch {
    return `${currency} ${(cents / 100).toFixed(2)}`;
  }
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

/**
 * A time of day as the API sends it ("20:00" or "20:00:00", Brasília wall-clock) in the locale's
 * notation: "20:00" in pt-BR, "8:00 PM" in English. Anything else is shown as it came.
 */
export function formatClockTime(value: string, locale: string): string {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value);
  if (!match) return value;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return value;
  // A fixed UTC instant, formatted in UTC: the wall-clock time as given, whatever the browser's zone.
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, 0, 1, hours, minutes)),
  );
}

/** A file's size as "12 KB" / "1,5 MB" in the locale. */
export function fileSize(bytes: number, locale: string): string {
  if (bytes < 1024 * 1024) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1024))} KB`;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))} MB`;
}
