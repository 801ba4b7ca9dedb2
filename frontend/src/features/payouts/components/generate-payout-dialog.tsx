import { useState } from 'react';
import { useIntl } from 'react-intl';

import type { BankAccount, Payout, PayoutIn } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { FormDialog } from '@/components/kit/form-dialog';
import { MoneyField, TextField } from '@/components/kit/form-fields';
import { serverErrors } from '@/components/kit/server-errors';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { createIdempotencyKeeper } from '@/lib/idempotency';

import { useCreatePayout } from '../api/create-payout';
import { useCreateStaffPayout } from '../api/create-staff-payout';
import { payoutCreatedText } from '../lib/display';
import { INITIAL_PAYOUT_FORM, type PayoutFormErrors, type PayoutFormValues, validatePayoutForm } from '../lib/payout-form';
import { payoutsMessages as m } from '../messages';
import { BankAccountField, PayoutMethodField } from './payout-fields';

const SERVER_FIELDS = { bank_account_id: 'bankAccountId', amount: 'amount', method: 'method', description: 'description' } as const;

type Props = {
  accounts: BankAccount[] | undefined;
  accountsLoading?: boolean;
  /** Staff: the client's slug (POST /api/admin/payouts); members: absent (POST /api/payouts). */
  client?: string;
  /** The payouts' kind (the screen's: manual-withdraws creates manual ones); standard when absent. */
  kind?: PayoutIn['kind'];
  onClose: () => void;
  onCreated?: (payout: Payout) => void;
};

/**
 * "Generate single withdraw": bank account, amount in reais (sent as integer centavos), PIX or TED.
 * Each submission carries an Idempotency-Key; retrying the same submission reuses it, so a lost
 * answer never pays twice.
 */
export function GeneratePayoutDialog({ accounts, accountsLoading, client, kind, onClose, onCreated }: Props) {
  const intl = useIntl();
  const [values, setValues] = useState<PayoutFormValues>(INITIAL_PAYOUT_FORM);
  const [errors, setErrors] = useState<PayoutFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<Partial<Record<keyof PayoutFormErrors, string>>>({});
  const [keeper] = useState(() => createIdempotencyKeeper());
  const member = useCreatePayout();
  const staff = useCreateStaffPayout();
  const pending = member.isPending || staff.isPending;

  const change = <K extends keyof PayoutFormValues>(key: K, value: PayoutFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
    setServerFields(({ [key]: _, ...rest }) => rest);
  };

  const submit = () => {
    const checked = validatePayoutForm(values, intl.locale, kind);
    setErrors(checked.errors);
    setServerError(null);
    if (!checked.body) return;
    const body = checked.body;
    const idempotencyKey = keeper.keyFor(client ? { ...body, client } : body);
    const done = {
      onSuccess: (payout: Payout) => {
        keeper.reset();
        appToaster.create({ type: 'success', title: intl.formatMessage(m.generated), description: payoutCreatedText(intl, payout) });
        onCreated?.(payout);
        onClose();
      },
      onError: (error: Error) => {
        const split = serverErrors(error, SERVER_FIELDS, { fallback: intl.formatMessage(commonMessages.tryAgainLater) });
        setServerFields(split.fields);
        const message = split.general ?? (isApiError(error) ? error.message : intl.formatMessage(commonMessages.tryAgainLater));
        setServerError(message);
        appToaster.create({ type: 'error', title: intl.formatMessage(commonMessages.problemGenerateWithdraw), description: message });
      },
    };
    if (client) staff.mutate({ body: { ...body, client }, idempotencyKey }, done);
    else member.mutate({ body, idempotencyKey }, done);
  };

  const errorText = (key: keyof PayoutFormErrors) => {
    const server = serverFields[key];
    if (server) return server;
    const error = errors[key];
    return error ? intl.formatMessage(error) : undefined;
  };

  return (
    <FormDialog
      title={intl.formatMessage(m.formTitle)}
      submitText={intl.formatMessage(m.submit)}
      cancelText={intl.formatMessage(m.close)}
      errorTitle={intl.formatMessage(commonMessages.problemGenerateWithdraw)}
      error={serverError}
      pending={pending}
      validate={() => {
        const checked = validatePayoutForm(values, intl.locale, kind);
        setErrors(checked.errors);
        return Boolean(checked.body);
      }}
      onSubmit={submit}
      onClose={onClose}
    >
      <BankAccountField
        label={intl.formatMessage(m.bankAccount)}
        placeholder={intl.formatMessage(m.chooseAccount)}
        noAccounts={intl.formatMessage(m.noAccounts)}
        accounts={accounts}
        loading={accountsLoading}
        value={values.bankAccountId}
        onChange={(value) => change('bankAccountId', value)}
        error={errorText('bankAccountId')}
      />
      <MoneyField label={intl.formatMessage(m.amountLabel)} required value={values.amount} onChange={(value) => change('amount', value)} error={errorText('amount')} helper={intl.formatMessage(m.amountHint)} />
      <PayoutMethodField id="payout-method-label" label={intl.formatMessage(m.methodLabel)} methods={['pix', 'ted']} value={values.method} onChange={(value) => change('method', value)} error={errorText('method')} />
      <TextField label={intl.formatMessage(m.description)} maxLength={200} value={values.description} onChange={(value) => change('description', value)} />
    </FormDialog>
  );
}
