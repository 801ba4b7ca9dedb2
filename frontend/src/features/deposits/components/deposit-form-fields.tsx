import { Field, Fieldset, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

import { formatDocument, validateDocument } from '@/lib/documents';

import { maskZipcode, UFS } from '../lib/address';
import { CURRENCIES, PIX_EXPIRY_CHOICES } from '../lib/constants';
import { amountExample, type ChargeMethod, type DepositFormValues, type FieldErrors, type FieldKey } from '../lib/deposit-form';
import { depositsMessages as m } from '../messages';
import { useFieldError } from './field-error';

type Props = {
  method: ChargeMethod;
  values: DepositFormValues;
  errors: FieldErrors;
  today: string;
  onChange: (key: FieldKey, value: string) => void;
};

/** The fields of the billet form (amount, payer, due date, address) or the PIX form (amount, payer, expiry). */
export function DepositFormFields({ method, values, errors, today, onChange }: Props) {
  const intl = useIntl();
  const errorText = useFieldError();

  const field = (key: FieldKey, label: string, input: ReactNode, options: { required?: boolean; helper?: string } = {}) => (
    <Field.Root key={key} invalid={Boolean(errors[key])} required={options.required}>
      <Field.Label>
        {label}
        {options.required && <Field.RequiredIndicator />}
      </Field.Label>
      {input}
      {options.helper && !errors[key] && <Field.HelperText>{options.helper}</Field.HelperText>}
      <Field.ErrorText>{errorText(errors[key])}</Field.ErrorText>
    </Field.Root>
  );
  const text = (key: FieldKey, props: Record<string, unknown> = {}) => (
    <Input name={key} value={values[key]} autoComplete="off" onChange={(e) => onChange(key, e.target.value)} {...props} />
  );

  const expiryLabel = (seconds: number) => {
    if (seconds % 86400 === 0) return intl.formatMessage(m.expiryDays, { count: seconds / 86400 });
    if (seconds % 3600 === 0) return intl.formatMessage(m.expiryHours, { count: seconds / 3600 });
    return intl.formatMessage(m.expiryMinutes, { count: seconds / 60 });
  };

  return (
    <Stack gap="6">
      <Fieldset.Root>
        <Fieldset.Legend fontWeight="semibold">{intl.formatMessage(m.charge)}</Fieldset.Legend>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4" mt="2">
          {field('amount', intl.formatMessage(m.amount), text('amount', { inputMode: 'decimal' }), {
            required: true,
            helper: intl.formatMessage(m.amountHint, { example: amountExample(intl.locale) }),
          })}
          {field(
            'currency',
            intl.formatMessage(m.currency),
            <NativeSelect.Root>
              <NativeSelect.Field name="currency" value={values.currency} onChange={(e) => onChange('currency', e.target.value)}>
                {CURRENCIES.map((currency) => (
                  <option key={currency} value={currency}>
                    {currency}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>,
            { required: true },
          )}
          {method === 'billet'
            ? field('dueDate', intl.formatMessage(m.dueDate), text('dueDate', { type: 'date', min: today }), { required: true })
            : field(
                'expiry',
                intl.formatMessage(m.expiry),
                <NativeSelect.Root>
                  <NativeSelect.Field name="expiry" value={values.expiry} onChange={(e) => onChange('expiry', e.target.value)}>
                    {PIX_EXPIRY_CHOICES.map((seconds) => (
                      <option key={seconds} value={String(seconds)}>
                        {expiryLabel(seconds)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>,
                { required: true },
              )}
        </SimpleGrid>
      </Fieldset.Root>

      <Fieldset.Root>
        <Fieldset.Legend fontWeight="semibold">{intl.formatMessage(m.payer)}</Fieldset.Legend>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" mt="2">
          {field('name', intl.formatMessage(m.payerName), text('name'), { required: true })}
          {field(
            'document',
            intl.formatMessage(m.document),
            text('document', {
              autoCapitalize: 'characters',
              onBlur: () => {
                const checked = validateDocument(values.document);
                if (checked.ok) onChange('document', formatDocument(checked.value));
              },
            }),
            { required: true },
          )}
          {field('email', intl.formatMessage(m.email), text('email', { type: 'email', inputMode: 'email' }))}
        </SimpleGrid>
      </Fieldset.Root>

      {method === 'billet' && (
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold">{intl.formatMessage(m.address)}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, sm: 6 }} gap="4" mt="2">
            <GridCell span={2}>
              {field(
                'zipcode',
                intl.formatMessage(m.zipcode),
                text('zipcode', { inputMode: 'numeric', placeholder: '00000-000', onChange: (e: { target: { value: string } }) => onChange('zipcode', maskZipcode(e.target.value)) }),
                { required: true },
              )}
            </GridCell>
            <GridCell span={4}>{field('street', intl.formatMessage(m.street), text('street'), { required: true })}</GridCell>
            <GridCell span={2}>{field('number', intl.formatMessage(m.number), text('number'), { required: true })}</GridCell>
            <GridCell span={4}>{field('complement', intl.formatMessage(m.complement), text('complement'))}</GridCell>
            <GridCell span={2}>{field('neighborhood', intl.formatMessage(m.neighborhood), text('neighborhood'), { required: true })}</GridCell>
            <GridCell span={2}>{field('city', intl.formatMessage(m.city), text('city'), { required: true })}</GridCell>
            <GridCell span={2}>
              {field(
                'state',
                intl.formatMessage(m.state),
                <NativeSelect.Root>
                  <NativeSelect.Field name="state" value={values.state} onChange={(e) => onChange('state', e.target.value)}>
                    <option value="">{intl.formatMessage(m.chooseState)}</option>
                    {UFS.map((uf) => (
                      <option key={uf} value={uf}>
                        {uf}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>,
                { required: true },
              )}
            </GridCell>
          </SimpleGrid>
        </Fieldset.Root>
      )}
    </Stack>
  );
}

function GridCell({ span, children }: { span: number; children: ReactNode }) {
  return <Stack gridColumn={{ sm: `span ${span}` }}>{children}</Stack>;
}
