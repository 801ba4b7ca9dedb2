import type { MessageDescriptor } from 'react-intl';

import type { BankAccount, PayoutIn } from '@/api/types';
import { parseAmount } from '@/lib/amount-input';

import { payoutsMessages as m } from '../messages';
import { walletMessages as w } from '../wallet-messages';

export type WalletMethod = 'pix' | 'ted';
export type WalletFormValues = { bankAccountId: string; amount: string; currency: string; method: WalletMethod };
export type WalletFormErrors = Partial<Record<'bankAccountId' | 'amount' | 'currency' | 'method', MessageDescriptor>>;

/** PIX and TED are Brazilian rails: they move reais only (the server checks it too). */
export const RAIL_CURRENCIES: readonly string[] = ['BRL'];

export const INITIAL_WALLET_FORM: WalletFormValues = { bankAccountId: '', amount: '', currency: 'BRL', method: 'ted' };

/**
 * Checks the wallet withdraw form against the company's own accounts; the body carries the amount
 * typed in the locale's notation as integer centavos (never a float) and kind "wallet".
 */
export function validateWalletForm(
  values: WalletFormValues,
  accounts: BankAccount[] | undefined,
  locale: string,
): { body?: PayoutIn; account?: BankAccount; errors: WalletFormErrors } {
  const errors: WalletFormErrors = {};
  const account = accounts?.find((candidate) => candidate.id === values.bankAccountId);
  if (!account) errors.bankAccountId = m.required;
  else if (values.method === 'pix' && !account.pix_key) errors.method = w.pixNeedsKey;
  if (!RAIL_CURRENCIES.includes(values.currency)) errors.currency = w.currencyNotSupported;
  const parsed = parseAmount(values.amount, locale);
  if (!parsed.ok) {
    errors.amount = parsed.error === 'empty' ? m.required : parsed.error === 'decimals' ? m.amountDecimals : m.amountInvalid;
  } else if (parsed.cents <= 0) {
    errors.amount = m.amountPositive;
  }
  if (Object.keys(errors).length > 0 || !parsed.ok || !account) return { errors };
  return {
    errors,
    account,
    body: {
      amount: parsed.cents,
      currency: values.currency === 'USD' ? 'USD' : 'BRL',
      method: values.method,
      kind: 'wallet',
      bank_account_id: account.id,
    },
  };
}
