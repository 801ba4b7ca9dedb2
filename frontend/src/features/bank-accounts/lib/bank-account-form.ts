import type { MessageDescriptor } from 'react-intl';

import type { BankAccountIn } from '@/api/types';

import { bankAccountsMessages as m } from '../messages';

export type BankAccountFormValues = {
  bankIspb: string;
  agency: string;
  agencyDigit: string;
  account: string;
  accountDigit: string;
  accountType: 'checking' | 'savings' | 'payment';
  holderName: string;
  holderDocument: string;
  pixKey: string;
};
export type BankAccountFormErrors = Partial<Record<keyof BankAccountFormValues, MessageDescriptor | string>>;

export const INITIAL_BANK_ACCOUNT: BankAccountFormValues = {
  bankIspb: '',
  agency: '',
  agencyDigit: '',
  account: '',
  accountDigit: '',
  accountType: 'checking',
  holderName: '',
  holderDocument: '',
  pixKey: '',
};

const digits = (value: string) => value.replace(/\D/g, '');

export function validateBankAccountForm(values: BankAccountFormValues): { body?: BankAccountIn; errors: BankAccountFormErrors } {
  const errors: BankAccountFormErrors = {};
  const required: (keyof BankAccountFormValues)[] = ['bankIspb', 'agency', 'account', 'accountDigit', 'holderName', 'holderDocument'];
  for (const key of required) if (!values[key].trim()) errors[key] = m.required;
  for (const key of ['agency', 'account'] as const) if (values[key].trim() && !/^\d+$/.test(values[key].trim())) errors[key] = m.digitsOnly;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    body: {
      bank_ispb: values.bankIspb,
      agency: values.agency.trim(),
      agency_digit: values.agencyDigit.trim(),
      account: values.account.trim(),
      account_digit: values.accountDigit.trim(),
      account_type: values.accountType,
      holder_name: values.holderName.trim(),
      holder_document: digits(values.holderDocument),
      pix_key: values.pixKey.trim(),
    },
  };
}

/** Server field names -> form fields. */
export const SERVER_FIELDS: Record<string, keyof BankAccountFormValues> = {
  bank_ispb: 'bankIspb',
  bank_compe: 'bankIspb',
  agency: 'agency',
  agency_digit: 'agencyDigit',
  account: 'account',
  account_digit: 'accountDigit',
  account_type: 'accountType',
  holder_name: 'holderName',
  holder_document: 'holderDocument',
  pix_key: 'pixKey',
};
