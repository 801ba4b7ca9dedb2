import type { IntlShape } from 'react-intl';

import type { BankAccount, Payout } from '@/api/types';
import { formatDateTime, money } from '@/lib/format';

import { labelOf, payoutStatusMessages, payoutsMessages } from '../messages';


/** ISO date-time from the API -> localized date and time ("" when absent). */
export function when(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : formatDateTime(Math.floor(ms / 1000), locale);
}

export function withDigit(value: string, digit: string): string {
  return value && digit ? `${value}-${digit}` : value;
}

/** "001 Banco do Brasil · 1234 · 56789-0 · Acme Ltda" for the account select. */
export function accountLabel(a: BankAccount): string {
  const bank = [a.bank.compe, a.bank.name].filter(Boolean).join(' ');
  const parts = [bank, withDigit(a.agency, a.agency_digit), withDigit(a.account, a.account_digit), a.holder_name];
  if (a.pix_key) parts.push(`PIX ${a.pix_key}`);
  return parts.filter(Boolean).join(' · ');
}

/** The toast text of a payout just created: its id, amount and status. */
export function payoutCreatedText(intl: IntlShape, payout: Payout): string {
  const status = labelOf(payoutStatusMessages, payout.status);
  return intl.formatMessage(payoutsMessages.generatedText, {
    id: payout.id,
    amount: money(payout.amount, payout.currency, intl.locale),
    status: typeof status === 'string' ? status : intl.formatMessage(status),
  });
}
