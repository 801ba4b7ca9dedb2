import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import type { Adjustment } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { type Decision, DecisionDialog } from '@/components/kit/decision-dialog';
import { FormDialog } from '@/components/kit/form-dialog';
import { MoneyField, SelectField, TextField, useCheckAmount } from '@/components/kit/form-fields';
import { serverErrors } from '@/components/kit/server-errors';
import type { SummaryItem } from '@/components/kit/summary-list';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { money } from '@/lib/format';

import { useDecideAdjustment, useProposeAdjustment } from '../api/statements';
import { statementMessages as m } from '../messages';

type Field = 'client' | 'direction' | 'currency' | 'amount' | 'reason';
const FIELD_MAP: Record<string, Field> = { client: 'client', direction: 'direction', currency: 'currency', amount: 'amount', reason: 'reason' };

function failureText(error: unknown, intl: IntlShape): string {
  // Maker-checker, state and overdraft refusals come translated from the server.
  return isApiError(error) && error.status > 0 && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater);
}

export function directionText(item: Pick<Adjustment, 'direction'>, intl: IntlShape): string {
  return intl.formatMessage(item.direction === 'credit' ? m.credit : m.debit);
}

/** Propose an external credit or debit of a client's available balance, with a reason. */
export function ProposeAdjustmentDialog({ initialClient, onClose }: { initialClient?: string; onClose: () => void }) {
  const intl = useIntl();
  const propose = useProposeAdjustment();
  const clients = useQuery(getStaffClientsQueryOptions());
  const checkAmount = useCheckAmount();
  const [client, setClient] = useState(initialClient ?? '');
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [currency, setCurrency] = useState<'BRL' | 'USD'>('BRL');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);

  const check = (): boolean => {
    const found: Partial<Record<Field, string>> = {};
    if (!client) found.client = intl.formatMessage(m.errClient);
    const parsed = checkAmount(amount);
    if (parsed.error) found.amount = parsed.error;
    if (reason.trim().length < 3) found.reason = intl.formatMessage(m.errReason);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const submit = () => {
    const cents = checkAmount(amount).cents;
    if (cents === null) return;
    setGeneral(null);
    propose.mutate(
      { client, direction, currency, amount: cents, reason: reason.trim() },
      {
        onSuccess: () => {
          appToaster.create({ type: 'success', title: intl.formatMessage(m.proposed) });
          onClose();
        },
        onError: (failure) => {
          const mapped = serverErrors(failure, FIELD_MAP, { fallback: intl.formatMessage(commonMessages.tryAgainLater) });
          setErrors(mapped.fields);
          setGeneral(mapped.general);
        },
      },
    );
  };

  return (
    <FormDialog
      title={intl.formatMessage(m.proposeTitle)}
      description={intl.formatMessage(m.proposeDescription)}
      submitText={intl.formatMessage(m.proposeSubmit)}
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.proposeFailed)}
      error={general}
      invalid={Object.keys(errors).length > 0}
      pending={propose.isPending}
      validate={check}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label={intl.formatMessage(m.client)}
        required
        value={client}
        placeholder={intl.formatMessage(m.chooseClient)}
        loading={clients.isPending}
        onChange={(chosen) => {
          setClient(chosen);
          setErrors({ ...errors, client: undefined });
        }}
        options={(clients.data ?? []).map((tenant) => ({ value: tenant.slug, label: tenant.name }))}
        error={errors.client}
      />
      <SelectField
        label={intl.formatMessage(m.direction)}
        required
        value={direction}
        onChange={(chosen) => setDirection(chosen === 'debit' ? 'debit' : 'credit')}
        options={[
          { value: 'credit', label: intl.formatMessage(m.credit) },
          { value: 'debit', label: intl.formatMessage(m.debit) },
        ]}
        error={errors.direction}
      />
      <SelectField
        label={intl.formatMessage(m.currency)}
        required
        value={currency}
        onChange={(chosen) => setCurrency(chosen === 'USD' ? 'USD' : 'BRL')}
        options={[
          { value: 'BRL', label: 'BRL' },
          { value: 'USD', label: 'USD' },
        ]}
        error={errors.currency}
      />
      <MoneyField
        label={intl.formatMessage(m.amount)}
        required
        value={amount}
        currencySymbol={currency === 'BRL' ? 'R$' : 'US$'}
        onChange={(text) => {
          setAmount(text);
          setErrors({ ...errors, amount: undefined });
        }}
        error={errors.amount}
      />
      <TextField
        label={intl.formatMessage(m.reason)}
        required
        multiline
        name="reason"
        maxLength={1000}
        value={reason}
        onChange={(text) => {
          setReason(text);
          setErrors({ ...errors, reason: undefined });
        }}
        error={errors.reason}
      />
    </FormDialog>
  );
}

function details(item: Adjustment, intl: IntlShape): SummaryItem[] {
  return [
    { label: intl.formatMessage(m.client), value: item.client.name },
    { label: intl.formatMessage(m.direction), value: directionText(item, intl) },
    { label: intl.formatMessage(m.amount), value: money(item.amount, item.currency, intl.locale) },
    { label: intl.formatMessage(m.reason), value: item.reason },
    { label: intl.formatMessage(m.author), value: item.proposed_by.email },
  ];
}

/** The decision on a proposed entry: confirming posts it at once; rejecting needs a reason and posts nothing. */
function AdjustmentDecisionDialog({ item, decision, onClose }: { item: Adjustment; decision: Decision; onClose: () => void }) {
  const intl = useIntl();
  const decide = useDecideAdjustment();
  const [error, setError] = useState<string | null>(null);
  const confirming = decision === 'approve';
  const send = (reason: string) => {
    setError(null);
    decide.mutate(confirming ? { id: item.id, action: 'confirm' } : { id: item.id, action: 'reject', reason }, {
      onSuccess: () => {
        appToaster.create({ type: 'success', title: intl.formatMessage(confirming ? m.confirmed : m.rejected) });
        onClose();
      },
      onError: (failure) => setError(failureText(failure, intl)),
    });
  };
  return (
    <DecisionDialog
      decision={decision}
      title={intl.formatMessage(confirming ? m.confirmTitle : m.rejectTitle)}
      description={confirming ? intl.formatMessage(m.confirmText, { client: item.client.name }) : intl.formatMessage(m.rejectText)}
      summary={details(item, intl)}
      decideText={intl.formatMessage(confirming ? m.confirm : m.reject)}
      palette={confirming ? (item.direction === 'debit' ? 'red' : 'blue') : 'red'}
      justification={confirming ? undefined : { label: intl.formatMessage(m.rejectReason), minLength: 3, maxLength: 1000, error: intl.formatMessage(m.errReason) }}
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.decisionFailed)}
      pending={decide.isPending}
      error={error}
      onDecide={send}
      onClose={onClose}
    />
  );
}

/** Confirming posts the entry at once: say so, with what moves and where. */
export function ConfirmAdjustmentDialog({ item, onClose }: { item: Adjustment; onClose: () => void }) {
  return <AdjustmentDecisionDialog item={item} decision="approve" onClose={onClose} />;
}

/** Rejecting needs a reason, then a confirmation; nothing is posted. */
export function RejectAdjustmentDialog({ item, onClose }: { item: Adjustment; onClose: () => void }) {
  return <AdjustmentDecisionDialog item={item} decision="reject" onClose={onClose} />;
}
