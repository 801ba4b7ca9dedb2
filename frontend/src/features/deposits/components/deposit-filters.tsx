import { Box, Button, Checkbox, Field, Fieldset, Flex, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';

import { type AmountResult, formatAmountInput, parseAmount } from '../lib/amount';
import { CURRENCIES, DEPOSIT_METHODS, DEPOSIT_STATUSES } from '../lib/constants';
import { amountError, type FieldError } from '../lib/deposit-form';
import type { DepositFilters } from '../lib/filters';
import { depositsMessages as m, methodMessages, statusMessages } from '../messages';
import { useFieldError } from './field-error';

type Props = {
  filters: DepositFilters;
  onApply: (filters: DepositFilters) => void;
  onClear: () => void;
};

/**
 * Status, type, currency, period and amount range. Edited here, applied to the URL on "Apply filters";
 * the parent remounts this form when the URL changes (back/forward), so it always starts from the URL.
 */
export function DepositFiltersForm({ filters, onApply, onClear }: Props) {
  const intl = useIntl();
  const errorText = useFieldError();
  const [status, setStatus] = useState<string[]>(filters.status);
  const [method, setMethod] = useState(filters.method.length === 1 ? filters.method[0]! : '');
  const [currency, setCurrency] = useState(filters.currency.length === 1 ? filters.currency[0]! : '');
  const [dateFrom, setDateFrom] = useState(filters.dateFrom);
  const [dateTo, setDateTo] = useState(filters.dateTo);
  const [amountMin, setAmountMin] = useState(filters.amountMin === null ? '' : formatAmountInput(filters.amountMin, intl.locale));
  const [amountMax, setAmountMax] = useState(filters.amountMax === null ? '' : formatAmountInput(filters.amountMax, intl.locale));
  const [errors, setErrors] = useState<{ dates?: FieldError; min?: FieldError; max?: FieldError }>({});

  const toggleStatus = (value: string, checked: boolean) =>
    setStatus((current) => (checked ? [...current, value] : current.filter((item) => item !== value)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parse = (text: string): AmountResult | null => (text.trim() ? parseAmount(text, intl.locale) : null);
    const min = parse(amountMin);
    const max = parse(amountMax);
    const found: typeof errors = {};
    if (min && !min.ok) found.min = amountError(min.error, intl.locale);
    if (max && !max.ok) found.max = amountError(max.error, intl.locale);
    if (min?.ok && max?.ok && min.cents > max.cents) found.max = { message: m.amountRange };
    if (dateFrom && dateTo && dateFrom > dateTo) found.dates = { message: m.dateRange };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onApply({
      ...filters,
      status: DEPOSIT_STATUSES.filter((value) => status.includes(value)),
      method: method ? [method] : [],
      currency: currency ? [currency] : [],
      dateFrom,
      dateTo,
      amountMin: min?.ok ? min.cents : null,
      amountMax: max?.ok ? max.cents : null,
    });
  };

  return (
    <Box asChild borderWidth="1px" rounded="lg" bg="bg.panel" p="4">
      <form onSubmit={submit} noValidate aria-label={intl.formatMessage(m.filters)}>
        <Stack gap="4">
          <Fieldset.Root>
            <Fieldset.Legend fontWeight="semibold">{intl.formatMessage(m.status)}</Fieldset.Legend>
            <Flex wrap="wrap" gap="4" mt="2">
              {DEPOSIT_STATUSES.map((value) => (
                <Checkbox.Root key={value} checked={status.includes(value)} onCheckedChange={(e) => toggleStatus(value, e.checked === true)}>
                  <Checkbox.HiddenInput name="status" value={value} />
                  <Checkbox.Control />
                  <Checkbox.Label>{intl.formatMessage(statusMessages[value])}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Flex>
          </Fieldset.Root>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
            <Field.Root>
              <Field.Label>{intl.formatMessage(m.type)}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field name="method" value={method} onChange={(e) => setMethod(e.target.value)}>
                  <option value="">{intl.formatMessage(m.allTypes)}</option>
                  {DEPOSIT_METHODS.map((value) => (
                    <option key={value} value={value}>
                      {intl.formatMessage(methodMessages[value])}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root>
              <Field.Label>{intl.formatMessage(m.currency)}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field name="currency" value={currency} onChange={(e) => setCurrency(e.target.value)}>
                  <option value="">{intl.formatMessage(m.allCurrencies)}</option>
                  {CURRENCIES.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.dates)}>
              <Field.Label>{intl.formatMessage(m.dateFrom)}</Field.Label>
              <Input type="date" name="date_from" value={dateFrom} onChange={(e) => setDateFrom(e.target.value)} />
              <Field.ErrorText>{errorText(errors.dates)}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.dates)}>
              <Field.Label>{intl.formatMessage(m.dateTo)}</Field.Label>
              <Input type="date" name="date_to" value={dateTo} onChange={(e) => setDateTo(e.target.value)} />
            </Field.Root>
            <Field.Root invalid={Boolean(errors.min)}>
              <Field.Label>{intl.formatMessage(m.amountMin)}</Field.Label>
              <Input name="amount_min" inputMode="decimal" autoComplete="off" value={amountMin} onChange={(e) => setAmountMin(e.target.value)} />
              <Field.ErrorText>{errorText(errors.min)}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.max)}>
              <Field.Label>{intl.formatMessage(m.amountMax)}</Field.Label>
              <Input name="amount_max" inputMode="decimal" autoComplete="off" value={amountMax} onChange={(e) => setAmountMax(e.target.value)} />
              <Field.ErrorText>{errorText(errors.max)}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
          <Flex gap="3" wrap="wrap">
            <Button type="submit" colorPalette="blue">
              {intl.formatMessage(m.apply)}
            </Button>
            <Button type="button" variant="outline" onClick={onClear}>
              {intl.formatMessage(m.clear)}
            </Button>
          </Flex>
        </Stack>
      </form>
    </Box>
  );
}
