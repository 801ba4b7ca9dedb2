/**
 * The partner's commission rate: a share of the platform's fees on its clients, stored in basis points
 * (1/100 of a percent) and typed as a percentage with up to two decimals, in either locale's notation.
 */
const PERCENT = /^(\d{1,3})(?:[.,](\d{1,2}))?$/;

export type CommissionCheck = { bp: number; error: null } | { bp: null; error: 'invalid' | 'range' };

/** "15", "15,5" or "15.25" -> 1500, 1550, 1525; more than 100% or three decimals are refused. */
export function parseCommission(text: string): CommissionCheck {
  const match = PERCENT.exec(text.trim().replace(/\s*%$/, ''));
  if (!match) return { bp: null, error: 'invalid' };
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp > 10_000 ? { bp: null, error: 'range' } : { bp, error: null };
}

/** 1550 -> "15,5%" (pt-BR) or "15.5%" (en). */
export function formatCommission(bp: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000);
}

/** The rate as the field shows it to be edited: 1550 -> "15,5" (pt-BR) or "15.5" (en). */
export function commissionText(bp: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }).format(bp / 100);
}
