/** Periods as the statistics count them: São Paulo days (YYYY-MM-DD), `to` inclusive. */
const ISO = /^\d{4}-\d{2}-\d{2}$/;
const DAY = 86_400_000;

/** Today in São Paulo as YYYY-MM-DD (the API's days are São Paulo days, whatever the browser's zone). */
export function todayInSaoPaulo(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const toUtc = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function isIsoDate(value: string | null | undefined): value is string {
  return Boolean(value && ISO.test(value) && !Number.isNaN(toUtc(value)) && fromUtc(toUtc(value)) === value);
}

/** The month of `today` up to `today` (the homes' period). */
export function currentMonth(today: string): { from: string; to: string } {
  return { from: `${today.slice(0, 7)}-01`, to: today };
}

/** The period of the same length just before `from`..`to` (what metrics compare with). */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const days = Math.round((toUtc(to) - toUtc(from)) / DAY) + 1;
  return { from: fromUtc(toUtc(from) - days * DAY), to: fromUtc(toUtc(from) - DAY) };
}

/** Days between two dates, both included. */
export function daysIn(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY) + 1;
}
