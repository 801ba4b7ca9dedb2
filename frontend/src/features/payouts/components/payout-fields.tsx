import { Field, NativeSelect, RadioGroup, Stack } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

import type { BankAccount } from '@/api/types';

import { accountLabel } from '../lib/display';
import { payoutsMessages as m } from '../messages';

type AccountProps = {
  label: string;
  /** The empty option's text. */
  placeholder: string;
  /** Said under the select when there are no accounts. */
  noAccounts: string;
  accounts: BankAccount[] | undefined;
  loading?: boolean;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
};

/** The bank account a payout goes to (required). */
export function BankAccountField({ label, placeholder, noAccounts, accounts, loading, value, onChange, error }: AccountProps) {
  return (
    <Field.Root invalid={Boolean(error)} required>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root disabled={loading}>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="">{placeholder}</option>
          {accounts?.map((account) => (
            <option key={account.id} value={account.id}>
              {accountLabel(account)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {accounts && accounts.length === 0 && <Field.HelperText>{noAccounts}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

type Method = 'pix' | 'ted';

type MethodProps = {
  /** The label's id (the radio group is named by it). */
  id: string;
  label: string;
  /** The methods, in the order shown. */
  methods: readonly Method[];
  value: Method;
  onChange: (value: Method) => void;
  error?: string;
};

/** How a payout is paid: PIX or TED, as radio buttons. */
export function PayoutMethodField({ id, label, methods, value, onChange, error }: MethodProps) {
  const intl = useIntl();
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label id={id}>{label}</Field.Label>
      <RadioGroup.Root aria-labelledby={id} value={value} onValueChange={(e) => onChange(e.value === 'ted' ? 'ted' : 'pix')} orientation="horizontal">
        <Stack direction="row" gap="6">
          {methods.map((method) => (
            <RadioGroup.Item key={method} value={method}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{intl.formatMessage(method === 'pix' ? m.methodPix : m.methodTed)}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
