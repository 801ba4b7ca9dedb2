import { formatDate, formatDateTime } from '@/lib/format';


/** An ISO date-time of the API ("2026-01-15T12:00:00Z") for the locale. */
export function dateTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : formatDateTime(Math.floor(ms / 1000), locale);
}

/** An ISO date of the API ("2026-01-15") for the locale. */
export function day(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  return Number.isNaN(Date.parse(iso)) ? iso : formatDate(iso.slice(0, 10), locale);
}

/** Today in the browser's time zone as YYYY-MM-DD (the value of <input type="date">). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function addDaysIso(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  return todayIso(new Date(y!, m! - 1, d! + days));
}

/** A billet's 47-digit typed line, grouped as printed on the billet: "23790.12345 60000.123456 ...". */
export function formatTypedLine(line: string): string {
  const d = line.replace(/\D/g, '');
  if (d.length !== 47) return line;
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d[32]} ${d.slice(33)}`;
}
