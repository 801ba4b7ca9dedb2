/**
 * The billet and PIX forms: their values, the checks made before sending (the server checks again)
 * and the request body. Amounts are typed in the locale's notation and sent as integer centavos.
 */
import type { MessageDescriptor } from 'react-intl';

import type { DepositIn } from '@/api/types';
import { stripDocument, validateDocument } from '@/lib/documents';

import { depositsMessages as m } from '../messages';
import { isValidEmail, isValidZipcode, UFS } from './address';
import { type AmountError, formatAmountInput, parseAmount } from './amount';
import { BILLET_MAX_CENTS, type CurrencyCode, DEFAULT_PIX_EXPIRY, PIX_MAX_CENTS } from './constants';
import { addDaysIso, todayIso } from './display';

export type ChargeMethod = 'billet' | 'pix';

export type DepositFormValues = {
  amount: string;
  currency: CurrencyCode;
  name: string;
  document: string;
  email: string;
  dueDate: string;
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
  zipcode: string;
  expiry: string;
};

export type FieldKey = keyof DepositFormValues;

/** A message to show on a field: a catalog message, or the server's own text. */
export type FieldError = { message: MessageDescriptor; values?: Record<string, string> } | { text: string };
export type FieldErrors = Partial<Record<FieldKey, FieldError>>;

export function initialValues(method: ChargeMethod, today: string = todayIso()): DepositFormValues {
  return {
    amount: '',
    currency: 'BRL',
    name: '',
    document: '',
    email: '',
    dueDate: method === 'billet' ? addDaysIso(today, 3) : '',
    street: '',
    number: '',
    complement: '',
    neighborhood: '',
    city: '',
    state: '',
    zipcode: '',
    expiry: String(DEFAULT_PIX_EXPIRY),
  };
}

export function isDirty(values: DepositFormValues, initial: DepositFormValues): boolean {
  return (Object.keys(values) as FieldKey[]).some((key) => values[key] !== initial[key]);
}

/** "1.234,56" in the locale's notation, used in hints and error messages. */
export function amountExample(locale: string): string {
  return formatAmountInput(123456, locale);
}

export function amountError(error: AmountError, locale: string): FieldError {
  const example = amountExample(locale);
  switch (error) {
    case 'empty':
      return { message: m.amountRequired };
    case 'decimals':
      return { message: m.amountDecimals, values: { example } };
    case 'grouping':
      return { message: m.amountGrouping, values: { example } };
    case 'too_large':
      return { message: m.amountTooLarge };
    default:
      return { message: m.amountInvalid, values: { example } };
  }
}

const REQUIRED_BILLET_ADDRESS: readonly FieldKey[] = ['street', 'number', 'neighborhood', 'city'];

/**
 * Check the values; when they pass, the request body. `today` is YYYY-MM-DD (the billet's due date
 * may not be before it).
 */
export function validateDepositForm(
  method: ChargeMethod,
  values: DepositFormValues,
  locale: string,
  today: string = todayIso(),
): { errors: FieldErrors; body: DepositIn | null } {
  const errors: FieldErrors = {};
  const required = { message: m.required };

  const amount = parseAmount(values.amount, locale);
  if (!amount.ok) errors.amount = amountError(amount.error, locale);
  else if (amount.cents <= 0) errors.amount = { message: m.amountPositive };
  else if (amount.cents > (method === 'billet' ? BILLET_MAX_CENTS : PIX_MAX_CENTS)) errors.amount = { message: m.amountTooLarge };

  if (values.name.trim().length < 2) errors.name = required;
  const document = validateDocument(values.document);
  if (!values.document.trim()) errors.document = required;
  else if (!document.ok) errors.document = documentError(document.error);
  if (values.email.trim() && !isValidEmail(values.email)) errors.email = { message: m.invalidEmail };

  if (method === 'billet') {
    if (!values.dueDate) errors.dueDate = required;
    else if (values.dueDate < today) errors.dueDate = { message: m.dueDatePast };
    for (const key of REQUIRED_BILLET_ADDRESS) if (!values[key].trim()) errors[key] = required;
    if (!(UFS as readonly string[]).includes(values.state)) errors.state = { message: m.invalidState };
    if (!values.zipcode.trim()) errors.zipcode = required;
    else if (!isValidZipcode(values.zipcode)) errors.zipcode = { message: m.invalidZipcode };
  } else {
    const seconds = Number(values.expiry);
    if (!Number.isInteger(seconds) || seconds < 60 || seconds > 30 * 24 * 3600) errors.expiry = { message: m.invalidExpiry };
  }

  if (Object.keys(errors).length > 0 || !amount.ok) return { errors, body: null };

  const payer = { name: values.name.trim(), document: stripDocument(values.document), email: values.email.trim() };
  const body: DepositIn =
    method === 'billet'
      ? {
          method,
          amount: amount.cents,
          currency: values.currency,
          due_date: values.dueDate,
          payer: {
            ...payer,
            street: values.street.trim(),
            number: values.number.trim(),
            complement: values.complement.trim(),
            neighborhood: values.neighborhood.trim(),
            city: values.city.trim(),
            state: values.state,
            // 8 digits: the mask's hyphen is for people (and the server stores the zipcode as sent, in 8 characters).
            zipcode: values.zipcode.replace(/\D/g, ''),
          },
        }
      : { method, amount: amount.cents, currency: values.currency, expires_in_seconds: Number(values.expiry), payer };
  return { errors, body };
}

function documentError(code: 'invalid_cpf' | 'invalid_cnpj' | 'invalid_document'): FieldError {
  if (code === 'invalid_cpf') return { message: m.invalidCpf };
  if (code === 'invalid_cnpj') return { message: m.invalidCnpj };
  return { message: m.invalidDocument };
}

/** Where the server puts each field's error (`{"code": "invalid_input", "fields": {...}}`). */
const SERVER_FIELDS: Record<string, FieldKey> = {
  amount: 'amount',
  currency: 'currency',
  due_date: 'dueDate',
  expires_in_seconds: 'expiry',
  'payer.name': 'name',
  'payer.document': 'document',
  'payer.email': 'email',
  'payer.street': 'street',
  'payer.number': 'number',
  'payer.complement': 'complement',
  'payer.neighborhood': 'neighborhood',
  'payer.city': 'city',
  'payer.state': 'state',
  'payer.zipcode': 'zipcode',
};

/** The server's error codes the screen can say in the user's language. */
const SERVER_CODES: Record<string, MessageDescriptor> = {
  required: m.required,
  missing: m.required,
  invalid_cpf: m.invalidCpf,
  invalid_cnpj: m.invalidCnpj,
  invalid_document: m.invalidDocument,
  invalid_zipcode: m.invalidZipcode,
  invalid_state: m.invalidState,
  due_date_in_past: m.dueDatePast,
  due_date_too_far: m.dueDateTooFar,
  invalid_amount: m.amountTooLarge,
  amount_out_of_range: m.amountTooLarge,
  currency_not_enabled: m.currencyNotEnabled,
  currency_not_accepted: m.unsupportedCurrency,
  unsupported_currency: m.unsupportedCurrency,
  invalid_expiry: m.invalidExpiry,
  method_not_enabled: m.methodNotEnabled,
  unknown_method: m.methodNotEnabled,
};

function serverMessage(code: string): FieldError {
  const known = Object.hasOwn(SERVER_CODES, code) ? SERVER_CODES[code] : undefined;
  if (known) return { message: known };
  return code ? { text: code } : { message: m.invalidValue };
}

/**
 * Split the server's `fields` into errors on the form's fields and the rest (e.g. `method`, a
 * provider failure), which the form shows above its fields.
 */
export function serverFieldErrors(fields: Record<string, string> | null): { errors: FieldErrors; other: FieldError[] } {
  const errors: FieldErrors = {};
  const other: FieldError[] = [];
  for (const [path, code] of Object.entries(fields ?? {})) {
    const key = Object.hasOwn(SERVER_FIELDS, path) ? SERVER_FIELDS[path] : undefined;
    if (key) errors[key] = serverMessage(code);
    else other.push(serverMessage(code));
  }
  return { errors, other };
}
