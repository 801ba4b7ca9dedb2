import type { MessageDescriptor } from 'react-intl';

import type { FeeRateIn } from '@/api/types';
import { parseAmount } from '@/lib/amount-input';

import { feeRatesMessages as m } from '../messages';
import { MAX_BP, parsePercent } from '@/lib/percent';

/** The highest fixed part the API takes (centavos): R$ 1.000.000,00. */
export const MAX_FIXED = 100_000_000;

export type RateFormValues = {
  /** A client's slug, or "" for the platform default. */
  tenant: string;
  method: string;
  currency: string;
  /** As typed, in the locale's notation ("1,99"). */
  percent: string;
  /** As typed, in the locale's notation ("1,50"). */
  fixed: string;
};
export type RateFormField = keyof RateFormValues;
export type RateFormError = { message: MessageDescriptor; values?: Record<string, string> };
export type RateFormErrors = Partial<Record<RateFormField, RateFormError>>;

/**
 * Checks the form and builds the body of PUT /api/admin/fee-rates: the percentage as integer basis
 * points and the fixed part as integer centavos, both parsed from the text (never through a float).
 * `examples` are the locale's sample texts the error messages quote ("1,99", "1,50").
 */
export function validateRateForm(
  values: RateFormValues,
  locale: string,
  examples: { percent: string; fixed: string; max: string },
  offered?: (method: string) => readonly string[] | undefined,
): { body?: FeeRateIn; errors: RateFormErrors } {
  const errors: RateFormErrors = {};
  if (!values.method) errors.method = { message: m.required };
  if (!values.currency) errors.currency = { message: m.required };
  else if (values.method && offered?.(values.method) && !offered(values.method)!.includes(values.currency)) {
    errors.currency = { message: m.currencyNotOffered };
  }

  const percent = parsePercent(values.percent, locale);
  if (!percent.ok) {
    errors.percent =
      percent.error === 'empty'
        ? { message: m.required }
        : percent.error === 'decimals'
          ? { message: m.percentDecimals }
          : percent.error === 'too_large'
            ? { message: m.percentRange }
            : { message: m.percentInvalid, values: { example: examples.percent } };
  }
  const fixed = parseAmount(values.fixed, locale);
  if (!fixed.ok) {
    errors.fixed =
      fixed.error === 'empty'
        ? { message: m.required }
        : fixed.error === 'decimals'
          ? { message: m.fixedDecimals }
          : fixed.error === 'too_large'
            ? { message: m.fixedRange, values: { max: examples.max } }
            : { message: m.fixedInvalid, values: { example: examples.fixed } };
  } else if (fixed.cents > MAX_FIXED) {
    errors.fixed = { message: m.fixedRange, values: { max: examples.max } };
  }
  if (Object.keys(errors).length || !percent.ok || !fixed.ok) return { errors };
  return {
    errors,
    body: {
      tenant: values.tenant || null,
      method: values.method,
      currency: values.currency,
      percent_bp: Math.min(percent.bp, MAX_BP),
      fixed: fixed.cents,
    },
  };
}

/** Where the server puts each field's error (`{"code": "invalid_input", "fields": {...}}`). */
const SERVER_FIELDS: Record<string, RateFormField> = {
  tenant: 'tenant',
  method: 'method',
  currency: 'currency',
  percent_bp: 'percent',
  fixed: 'fixed',
};

/**
 * The server's field errors on the form's fields, in the user's language. Pydantic's range messages
 * are English text, so a field's error is said by the field (its range), not by the text; the codes
 * the API uses (unknown_method) have their own message. Fields the form does not have are left out
 * (the caller shows the server's translated message above the form).
 */
export function serverRateErrors(
  fields: Record<string, string> | null | undefined,
  examples: { max: string },
): RateFormErrors {
  const errors: RateFormErrors = {};
  for (const [path, code] of Object.entries(fields ?? {})) {
    const field = Object.hasOwn(SERVER_FIELDS, path) ? SERVER_FIELDS[path] : undefined;
    if (!field) continue;
    if (field === 'percent') errors.percent = { message: m.percentRange };
    else if (field === 'fixed') errors.fixed = { message: m.fixedRange, values: { max: examples.max } };
    else if (field === 'method' && code === 'unknown_method') errors.method = { message: m.unknownMethod };
    else errors[field] = { message: m.invalidValue };
  }
  return errors;
}
