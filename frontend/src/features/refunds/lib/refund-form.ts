import type { MessageDescriptor } from 'react-intl';

import type { RefundIn } from '@/api/types';
import { parseAmount } from '@/lib/amount-input';

import { refundsMessages as m } from '../messages';

export type RefundFormValues = { depositId: string; amount: string; reason: string };
export type RefundFormErrors = Partial<Record<keyof RefundFormValues, MessageDescriptor>>;

/** Amount typed in reais -> integer centavos (no floats). */
export function validateRefundForm(values: RefundFormValues, locale: string): { depositId?: string; body?: RefundIn; errors: RefundFormErrors } {
  const errors: RefundFormErrors = {};
  const depositId = values.depositId.trim();
  if (!depositId) errors.depositId = m.required;
  const parsed = parseAmount(values.amount, locale);
  if (!values.reason.trim()) errors.reason = m.required;
  if (!parsed.ok) errors.amount = parsed.error === 'empty' ? m.required : m.amountInvalid;
  else if (parsed.cents <= 0) errors.amount = m.amountPositive;
  if (Object.keys(errors).length > 0 || !parsed.ok) return { errors };
  return { errors, depositId, body: { amount: parsed.cents, reason: values.reason.trim() } };
}
