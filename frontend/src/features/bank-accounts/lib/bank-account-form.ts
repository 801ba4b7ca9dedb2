import type { MessageDescriptor } from 'react-intl';

import type { BankAccountIn } from '@/api/types';
import { validateDocument } from '@/lib/documents';

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
  if (values.holderDocument.trim()) {
    const document = validateDocument(values.holderDocument);
    if (!document.ok) errors.holderDocument = DOCUMENT_ERRORS[document.error];
  }
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

const DOCUMENT_ERRORS: Record<'invalid_cpf' | 'invalid_cnpj' | 'invalid_document', MessageDescriptor> = {
  invalid_cpf: m.invalidCpf,
  invalid_cnpj: m.invalidCnpj,
  invalid_document: m.invalidDocument,
};

/** The server's field error codes (payouts.bank_accounts) the form says in the user's language. */
const SERVER_CODES: Record<string, MessageDescriptor> = {
  required: m.required,
  ...DOCUMENT_ERRORS,
  unknown_bank: m.unknownBank,
  does_not_match_ispb: m.unknownBank,
  invalid_format: m.invalidFormat,
  invalid_choice: m.invalidValue,
  check_digit_mismatch: m.checkDigitMismatch,
  too_long_for_bank: m.tooLongForBank,
};

/** `{"fields": {"holder_document": "invalid_cpf", ...}}` -> translated errors on the form's fields. */
export function serverFieldErrors(fields: Record<string, string> | null | undefined): BankAccountFormErrors {
  const errors: BankAccountFormErrors = {};
  for (const [path, code] of Object.entries(fields ?? {})) {
    const field = path.split('.').at(-1) ?? path;
    const key = Object.hasOwn(SERVER_FIELDS, field) ? SERVER_FIELDS[field] : undefined;
    if (!key) continue;
    const known = Object.hasOwn(SERVER_CODES, code) ? SERVER_CODES[code] : undefined;
    // A PIX key is refused with the reason of its type (format, length...): one message for all.
    errors[key] = known ?? (key === 'pixKey' ? m.invalidPixKey : m.invalidValue);
  }
  return errors;
}
