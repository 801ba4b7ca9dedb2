import { Alert, Button, CloseButton, Dialog, Field, Input, Portal, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';

import type { BankAccount, Payout } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { createIdempotencyKeeper } from '@/lib/idempotency';

import { useCreatePayout } from '../api/create-payout';
import { useCreateStaffPayout } from '../api/create-staff-payout';
import { payoutCreatedText } from '../lib/display';
import { INITIAL_PAYOUT_FORM, type PayoutFormErrors, type PayoutFormValues, validatePayoutForm } from '../lib/payout-form';
import { payoutsMessages as m } from '../messages';
import { BankAccountField, PayoutMethodField } from './payout-fields';

type Props = {
  accounts: BankAccount[] | undefined;
  accountsLoading?: boolean;
  /** Staff: the client's slug (POST /api/admin/payouts); members: absent (POST /api/payouts). */
  client?: string;
  onClose: () => void;
  onCreated?: (payout: Payout) => void;
};

/**
 * "Generate single withdraw": bank account, amount in reais (sent as integer centavos), PIX or TED.
 * Each submission carries an Idempotency-Key; retrying the same submission reuses it, so a lost
 * answer never pays twice.
 */
export function GeneratePayoutDialog({ accounts, accountsLoading, client, onClose, onCreated }: Props) {
  const intl = useIntl();
  const [values, setValues] = useState<PayoutFormValues>(INITIAL_PAYOUT_FORM);
  const [errors, setErrors] = useState<PayoutFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [keeper] = useState(() => createIdempotencyKeeper());
  const member = useCreatePayout();
  const staff = useCreateStaffPayout();
  const pending = member.isPending || staff.isPending;

  const change = <K extends keyof PayoutFormValues>(key: K, value: PayoutFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = validatePayoutForm(values, intl.locale);
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
        const fields = isApiError(error) ? error.fields : null;
        if (fields?.amount) setErrors((current) => ({ ...current, amount: { id: 'server', defaultMessage: fields.amount } }));
        const message =
          isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater);
        setServerError(message);
        appToaster.create({ type: 'error', title: intl.formatMessage(commonMessages.problemGenerateWithdraw), description: message });
      },
    };
    if (client) staff.mutate({ body: { ...body, client }, idempotencyKey }, done);
    else member.mutate({ body, idempotencyKey }, done);
  };

  const errorText = (key: keyof PayoutFormErrors) => {
    const error = errors[key];
    if (!error) return undefined;
    return error.id === 'server' ? String(error.defaultMessage) : intl.formatMessage(error);
  };

  const title = intl.formatMessage(m.formTitle);
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', md: 'md' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={submit} noValidate aria-label={title} style={{ display: 'contents' }}>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {serverError && (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Title>{intl.formatMessage(commonMessages.problemGenerateWithdraw)}</Alert.Title>
                        <Alert.Description>{serverError}</Alert.Description>
                      </Alert.Content>
                    </Alert.Root>
                  )}
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
                  <Field.Root invalid={Boolean(errors.amount)} required>
                    <Field.Label>{intl.formatMessage(m.amountLabel)}</Field.Label>
                    <Input inputMode="decimal" autoComplete="off" value={values.amount} onChange={(e) => change('amount', e.currentTarget.value)} />
                    {errors.amount ? <Field.ErrorText>{errorText('amount')}</Field.ErrorText> : <Field.HelperText>{intl.formatMessage(m.amountHint)}</Field.HelperText>}
                  </Field.Root>
                  <PayoutMethodField
                    id="payout-method-label"
                    label={intl.formatMessage(m.methodLabel)}
                    methods={['pix', 'ted']}
                    value={values.method}
                    onChange={(value) => change('method', value)}
                  />
                  <Field.Root>
                    <Field.Label>{intl.formatMessage(m.description)}</Field.Label>
                    <Input maxLength={200} value={values.description} onChange={(e) => change('description', e.currentTarget.value)} />
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button type="button" variant="outline" onClick={onClose}>
                  {intl.formatMessage(m.close)}
                </Button>
                <Button type="submit" colorPalette="blue" loading={pending} disabled={pending}>
                  {intl.formatMessage(m.submit)}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage(commonMessages.close)} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
