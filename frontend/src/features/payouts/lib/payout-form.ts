import type { MessageDescriptor } from 'react-intl';

import type { PayoutIn } from '@/api/types';
import { parseAmount } from '@/lib/amount-input';

import { payoutsMessages as m } from '../messages';

export type PayoutFormValues = { bankAccountId: string; amount: string; method: 'pix' | 'ted'; description: string };
export type PayoutFormErrors = Partial<Record<'bankAccountId' | 'amount' | 'method', MessageDescriptor>>;

export const INITIAL_PAYOUT_FORM: PayoutFormValues = { bankAccountId: '', amount: '', method: 'pix', description: '' };

/** Checks the form; the body carries the amount typed in reais as integer centavos (never a float). */
/** `kind`: the screen's own (manual and transactional withdraws create their kind, listed there). */
export function validatePayoutForm(values: PayoutFormValues, locale: string, kind: PayoutIn['kind'] = 'standard'): { body?: PayoutIn; errors: PayoutFormErrors } {
  const errors: PayoutFormErrors = {};
  if (!values.bankAccountId) errors.bankAccountId = m.required;
  const parsed = parseAmount(values.amount, locale);
  if (!parsed.ok) {
    errors.amount = parsed.error === 'empty' ? m.required : parsed.error === 'decimals' ? m.amountDecimals : m.amountInvalid;
  } else if (parsed.cents <= 0) {
    errors.amount = m.amountPositive;
  }
  if (Object.keys(errors).length > 0 || !parsed.ok) return { errors };
  return {
    errors,
    body: {
      amount: parsed.cents,
      currency: 'BRL',
      method: values.method,
      kind,
      bank_account_id: values.bankAccountId,
      description: values.description.trim(),
    },
  };
}
