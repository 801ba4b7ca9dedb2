import { useState } from 'react';
import { useIntl } from 'react-intl';

import type { Refund } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { FormDialog } from '@/components/kit/form-dialog';
import { MoneyField, TextField } from '@/components/kit/form-fields';
import { serverErrors } from '@/components/kit/server-errors';
import { commonMessages } from '@/i18n/messages';
import { formatAmountInput } from '@/lib/amount-input';
import { money } from '@/lib/format';

import { useCreateRefund } from '../api/create-refund';
import { type RefundFormErrors, type RefundFormValues, validateRefundForm } from '../lib/refund-form';
import { refundsMessages as m } from '../messages';

/** The deposit a refund starts from (its row or its drawer): the form opens with its id and what is left to refund. */
export type RefundTarget = { id: string; amount: number; refunded_amount: number; currency: string };

type Props = {
  /** A typed deposit id (the refunds screen's own entry). */
  depositId?: string;
  /** The deposit the refund starts from: id and amount prefilled. */
  deposit?: RefundTarget;
  onClose: () => void;
  onCreated?: (refund: Refund) => void;
};

type Key = keyof RefundFormValues;
const SERVER_FIELDS: Readonly<Record<string, Key>> = { amount: 'amount', reason: 'reason', deposit: 'depositId' };

/** "Refund a deposit": deposit id, amount in the locale's notation (sent as centavos), reason. */
export function RefundDialog({ depositId = '', deposit, onClose, onCreated }: Props) {
  const intl = useIntl();
  const create = useCreateRefund();
  const left = deposit ? Math.max(deposit.amount - deposit.refunded_amount, 0) : 0;
  const [values, setValues] = useState<RefundFormValues>({
    depositId: deposit?.id ?? depositId,
    amount: left > 0 ? formatAmountInput(left, intl.locale) : '',
    reason: '',
  });
  const [errors, setErrors] = useState<RefundFormErrors>({});
  const [server, setServer] = useState<Partial<Record<Key, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);

  const change = (key: Key, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
    setServer(({ [key]: _, ...rest }) => rest);
  };
  const errorOf = (key: Key) => server[key] ?? (errors[key] ? intl.formatMessage(errors[key]) : undefined);

  const submit = () => {
    const checked = validateRefundForm(values, intl.locale);
    setErrors(checked.errors);
    setServer({});
    setGeneral(null);
    if (!checked.body || !checked.depositId) return;
    create.mutate(
      { depositId: checked.depositId, body: checked.body },
      {
        onSuccess: (refund) => {
          appToaster.create({
            type: 'success',
            title: intl.formatMessage(m.created),
            description: intl.formatMessage(m.createdText, { id: refund.id, amount: money(refund.amount, refund.currency, intl.locale) }),
          });
          onCreated?.(refund);
          onClose();
        },
        onError: (error) => {
          const split = serverErrors(error, SERVER_FIELDS, { fallback: intl.formatMessage(commonMessages.tryAgainLater) });
          setServer(split.fields);
          setGeneral(split.general);
        },
      },
    );
  };

  return (
    <FormDialog
      title={intl.formatMessage(m.formTitle)}
      description={deposit ? intl.formatMessage(m.leftToRefund, { amount: money(left, deposit.currency, intl.locale) }) : undefined}
      submitText={intl.formatMessage(m.submit)}
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.failed)}
      error={general}
      pending={create.isPending}
      validate={() => {
        const checked = validateRefundForm(values, intl.locale);
        setErrors(checked.errors);
        return Boolean(checked.body);
      }}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField label={intl.formatMessage(m.depositId)} required value={values.depositId} onChange={(v) => change('depositId', v)} error={errorOf('depositId')} readOnly={Boolean(deposit)} />
      <MoneyField label={intl.formatMessage(m.amount)} required value={values.amount} onChange={(v) => change('amount', v)} error={errorOf('amount')} helper={intl.formatMessage(m.amountHint)} />
      <TextField label={intl.formatMessage(m.reason)} required multiline maxLength={200} value={values.reason} onChange={(v) => change('reason', v)} error={errorOf('reason')} />
    </FormDialog>
  );
}
