import { Field, Input, type InputProps, NativeSelect, Textarea } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';

import { type AmountError, formatAmountInput, parseAmount } from '@/lib/amount-input';
import { type DocumentKind, documentCharacters, maskDocument } from '@/lib/documents';

import { kitFormMessages as m } from './messages';

type FieldProps = {
  label: string;
  /** The message under the field when it is wrong (makes it invalid). */
  error?: string | null;
  /** Said under the field when there is no error. */
  helper?: ReactNode;
  required?: boolean;
  disabled?: boolean;
};

/** A labelled field: label, the control, then its error or its helper text. */
export function FormField({ label, error, helper, required, disabled, children }: FieldProps & { children: ReactNode }) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      {children}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
    </Field.Root>
  );
}

type TextProps = FieldProps & {
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
} & Omit<InputProps, 'value' | 'onChange'>;

/** A text input (or a text area) in a FormField. */
export function TextField({ label, error, helper, required, disabled, value, onChange, multiline, ...input }: TextProps) {
  return (
    <FormField label={label} error={error} helper={helper} required={required} disabled={disabled}>
      {multiline ? (
        <Textarea value={value} maxLength={input.maxLength} onChange={(e) => onChange(e.currentTarget.value)} />
      ) : (
        <Input {...input} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
      )}
    </FormField>
  );
}

type DocumentProps = FieldProps & {
  /** The document's characters without punctuation ("12345678000190"): what the API takes. */
  value: string;
  onChange: (value: string) => void;
  /** A CPF or a CNPJ field; absent: either (up to 11 digits read as a CPF). */
  kind?: DocumentKind;
} & Omit<InputProps, 'value' | 'onChange' | 'maxLength'>;

/**
 * A CPF/CNPJ input shown punctuated as it is typed ("123.456.789-09", "12.345.678/0001-90") while its
 * value stays the bare characters, so the form sends digits to the API.
 */
export function DocumentField({ label, error, helper, required, disabled, value, onChange, kind, ...input }: DocumentProps) {
  return (
    <FormField label={label} error={error} helper={helper} required={required} disabled={disabled}>
      <Input
        inputMode={kind === 'cpf' ? 'numeric' : 'text'}
        autoCapitalize="characters"
        autoComplete="off"
        {...input}
        maxLength={kind === 'cpf' ? 14 : 18}
        value={maskDocument(value, kind)}
        onChange={(e) => onChange(documentCharacters(e.currentTarget.value, kind))}
      />
    </FormField>
  );
}

export type SelectOption = { value: string; label: string; disabled?: boolean };

type SelectProps = FieldProps & {
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** The empty first option's text; absent: no empty option. */
  placeholder?: string;
  loading?: boolean;
};

/** A native select in a FormField. */
export function SelectField({ label, error, helper, required, disabled, value, onChange, options, placeholder, loading }: SelectProps) {
  return (
    <FormField label={label} error={error} helper={helper} required={required} disabled={disabled}>
      <NativeSelect.Root disabled={disabled || loading}>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

type MoneyProps = FieldProps & {
  /** The text as typed ("1.234,56" in pt-BR); parse it with `checkAmount`. */
  value: string;
  onChange: (value: string) => void;
  /** "R$", "US$": shown before the input. */
  currencySymbol?: string;
};

/**
 * An amount in the locale's notation. The text is kept as typed; leaving the field rewrites a valid
 * amount in the locale's form ("1234,5" -> "1.234,50"). `checkAmount` turns it into integer centavos.
 */
export function MoneyField({ label, error, helper, required, disabled, value, onChange, currencySymbol }: MoneyProps) {
  const intl = useIntl();
  const tidy = () => {
    const parsed = parseAmount(value, intl.locale);
    if (parsed.ok) onChange(formatAmountInput(parsed.cents, intl.locale));
  };
  return (
    <FormField label={label} error={error} helper={helper} required={required} disabled={disabled}>
      <Input
        inputMode="decimal"
        autoComplete="off"
        value={value}
        placeholder={currencySymbol ? `${currencySymbol} ${formatAmountInput(0, intl.locale)}` : formatAmountInput(0, intl.locale)}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={tidy}
      />
    </FormField>
  );
}

const AMOUNT_ERRORS: Record<AmountError, MessageDescriptor> = {
  empty: m.amountEmpty,
  invalid: m.amountInvalid,
  decimals: m.amountDecimals,
  grouping: m.amountGrouping,
  too_large: m.amountTooLarge,
};

/**
 * The amount typed in a MoneyField as integer centavos, or the message to show on the field.
 * Zero is refused unless `allowZero`.
 */
export function useCheckAmount(): (text: string, options?: { allowZero?: boolean }) => { cents: number; error: null } | { cents: null; error: string } {
  const intl = useIntl();
  return (text, options) => {
    const parsed = parseAmount(text, intl.locale);
    const example = formatAmountInput(123456, intl.locale);
    if (!parsed.ok) return { cents: null, error: intl.formatMessage(AMOUNT_ERRORS[parsed.error], { example }) };
    if (parsed.cents === 0 && !options?.allowZero) return { cents: null, error: intl.formatMessage(m.amountZero) };
    return { cents: parsed.cents, error: null };
  };
}
