/** "12 s", "3 min", "2 h" (in the user's language): how long ago, or how long something has waited. */
export function age(seconds: number, locale: string): string {
  const [value, unit] = seconds < 90 ? [seconds, 'second'] : seconds < 90 * 60 ? [seconds / 60, 'minute'] : [seconds / 3600, 'hour'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 0 }).format(value);
}
