import { Button, Field, HStack, Input } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';

import type { ListHandle } from '@/components/kit';

import { type AmountResult, formatAmountInput, parseAmount } from '../lib/amount';
import { type FieldError, amountError } from '../lib/deposit-form';
import { depositsMessages as m } from '../messages';
import { useFieldError } from './field-error';

/** The amount range (amount_min, amount_max in centavos), typed in the locale's format. */
export function AmountFilter({ list }: { list: ListHandle }) {
  const intl = useIntl();
  const errorText = useFieldError();
  const shown = (value: string | string[] | undefined) => (typeof value === 'string' && value ? formatAmountInput(Number(value), intl.locale) : '');
  const [min, setMin] = useState(shown(list.state.filters.amount_min));
  const [max, setMax] = useState(shown(list.state.filters.amount_max));
  const [error, setError] = useState<FieldError | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parse = (text: string): AmountResult | null => (text.trim() ? parseAmount(text, intl.locale) : null);
    const low = parse(min);
    const high = parse(max);
    const found = low && !low.ok ? amountError(low.error, intl.locale) : high && !high.ok ? amountError(high.error, intl.locale) : low?.ok && high?.ok && low.cents > high.cents ? { message: m.amountRange } : undefined;
    setError(found);
    if (found) return;
    list.set({ filters: { amount_min: low?.ok ? String(low.cents) : '', amount_max: high?.ok ? String(high.cents) : '' } });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage(m.amountFilter)}>
      <Field.Root invalid={Boolean(error)} w="auto">
        <HStack gap="2" align="end">
          <Field.Root w="28">
            <Field.Label fontSize="xs">{intl.formatMessage(m.amountMin)}</Field.Label>
            <Input size="sm" name="amount_min" inputMode="decimal" autoComplete="off" value={min} onChange={(e) => setMin(e.target.value)} />
          </Field.Root>
          <Field.Root w="28">
            <Field.Label fontSize="xs">{intl.formatMessage(m.amountMax)}</Field.Label>
            <Input size="sm" name="amount_max" inputMode="decimal" autoComplete="off" value={max} onChange={(e) => setMax(e.target.value)} />
          </Field.Root>
          <Button size="sm" type="submit" variant="outline">
            {intl.formatMessage(m.apply)}
          </Button>
        </HStack>
        <Field.ErrorText>{errorText(error)}</Field.ErrorText>
      </Field.Root>
    </form>
  );
}
