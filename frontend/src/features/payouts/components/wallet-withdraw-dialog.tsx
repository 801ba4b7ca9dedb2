import { Alert, Button, CloseButton, DataList, Dialog, Field, HStack, Input, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';

import type { Balance, BankAccount, Payout, PayoutIn } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { commonMessages } from '@/i18n/messages';
import { formatAmountInput } from '@/lib/amount-input';
import { isApiError } from '@/lib/api-client';
import { createIdempotencyKeeper } from '@/lib/idempotency';
import { money } from '@/lib/format';

import { useCreatePayout } from '../api/create-payout';
import { payoutCreatedText, withDigit } from '../lib/display';
import { INITIAL_WALLET_FORM, type WalletFormErrors, type WalletFormValues, validateWalletForm } from '../lib/wallet-form';
import { payoutsMessages as m } from '../messages';
import { walletMessages as w } from '../wallet-messages';
import { BankAccountField, PayoutMethodField } from './payout-fields';

type Props = {
  /** The company's own bank accounts (GET /api/bank-accounts on the client's host). */
  accounts: BankAccount[] | undefined;
  accountsLoading?: boolean;
  /** The balance per currency (GET /api/balance): the currencies offered and what is available. */
  balances: Balance[] | undefined;
  onClose: () => void;
  onCreated?: (payout: Payout) => void;
};

type Reviewed = { body: PayoutIn; account: BankAccount };

/**
 * "Withdraw to my account" (client/wallet-withdraws): one of the company's own accounts, the amount
 * (typed in the locale's notation, sent as integer centavos), currency and method; then a
 * confirmation showing amount and destination before anything is sent (it moves money). The POST
 * carries an Idempotency-Key, the same one when the same confirmation is retried.
 */
export function WalletWithdrawDialog({ accounts, accountsLoading, balances, onClose, onCreated }: Props) {
  const intl = useIntl();
  const [values, setValues] = useState<WalletFormValues>(INITIAL_WALLET_FORM);
  const [errors, setErrors] = useState<WalletFormErrors>({});
  const [reviewed, setReviewed] = useState<Reviewed | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [keeper] = useState(() => createIdempotencyKeeper());
  const create = useCreatePayout();
  const own = accounts?.filter((account) => account.owner === 'company');
  const currencies = balances && balances.length > 0 ? balances.map((row) => row.currency) : ['BRL'];
  const available = balances?.find((row) => row.currency === values.currency)?.available;

  const change = <K extends keyof WalletFormValues>(key: K, value: WalletFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      const next = { ...current };
      delete next[key as keyof WalletFormErrors];
      if (key === 'bankAccountId') delete next.method; // a PIX key may come with the new account
      return next;
    });
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateWalletForm(values, own, intl.locale);
    setErrors(checked.errors);
    setServerError(null);
    if (checked.body && checked.account) setReviewed({ body: checked.body, account: checked.account });
  };

  const confirm = () => {
    if (!reviewed || create.isPending) return;
    setServerError(null);
    create.mutate(
      { body: reviewed.body, idempotencyKey: keeper.keyFor(reviewed.body) },
      {
        onSuccess: (payout) => {
          keeper.reset();
          appToaster.create({ type: 'success', title: intl.formatMessage(w.created), description: payoutCreatedText(intl, payout) });
          onCreated?.(payout);
          onClose();
        },
        onError: (error) => {
          const message = isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater);
          setServerError(message);
          appToaster.create({ type: 'error', title: intl.formatMessage(commonMessages.problemGenerateWithdraw), description: message });
        },
      },
    );
  };

  const errorText = (key: keyof WalletFormErrors) => {
    const error = errors[key];
    return error ? intl.formatMessage(error) : undefined;
  };
  const title = intl.formatMessage(reviewed ? w.confirmTitle : w.formTitle);
  const problem = serverError && (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{intl.formatMessage(commonMessages.problemGenerateWithdraw)}</Alert.Title>
        <Alert.Description>{serverError}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );

  return (
    <Dialog.Root open role={reviewed ? 'alertdialog' : 'dialog'} onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', md: 'md' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {reviewed ? (
              <>
                <Dialog.Header>
                  <Dialog.Title>{title}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="4">
                    {problem}
                    <Alert.Root status="warning">
                      <Alert.Indicator />
                      <Alert.Description>{intl.formatMessage(w.confirmText, { amount: money(reviewed.body.amount, reviewed.body.currency ?? 'BRL', intl.locale) })}</Alert.Description>
                    </Alert.Root>
                    <DataList.Root orientation="horizontal" aria-label={intl.formatMessage(w.summary)}>
                      {summaryRows(reviewed, intl.locale, intl.formatMessage(reviewed.body.method === 'pix' ? m.methodPix : m.methodTed)).map(([label, value]) => (
                        <DataList.Item key={label.id as string}>
                          <DataList.ItemLabel>{intl.formatMessage(label)}</DataList.ItemLabel>
                          <DataList.ItemValue>{value}</DataList.ItemValue>
                        </DataList.Item>
                      ))}
                    </DataList.Root>
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button type="button" variant="outline" onClick={() => setReviewed(null)} disabled={create.isPending}>
                    {intl.formatMessage(w.back)}
                  </Button>
                  <Button type="button" colorPalette="red" loading={create.isPending} disabled={create.isPending} onClick={confirm}>
                    {intl.formatMessage(w.confirm)}
                  </Button>
                </Dialog.Footer>
              </>
            ) : (
              <form onSubmit={review} noValidate aria-label={title} style={{ display: 'contents' }}>
                <Dialog.Header>
                  <Dialog.Title>{title}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="4">
                    <Text color="fg.muted" fontSize="sm">
                      {intl.formatMessage(w.intro)}
                    </Text>
                    <BankAccountField
                      label={intl.formatMessage(w.account)}
                      placeholder={intl.formatMessage(w.chooseAccount)}
                      noAccounts={intl.formatMessage(w.noAccounts)}
                      accounts={own}
                      loading={accountsLoading}
                      value={values.bankAccountId}
                      onChange={(value) => change('bankAccountId', value)}
                      error={errorText('bankAccountId')}
                    />
                    <HStack gap="3" align="flex-start">
                      <Field.Root invalid={Boolean(errors.amount)} required flex="1">
                        <Field.Label>{intl.formatMessage(w.amount)}</Field.Label>
                        <Input inputMode="decimal" autoComplete="off" value={values.amount} onChange={(e) => change('amount', e.currentTarget.value)} />
                        {errors.amount ? (
                          <Field.ErrorText>{errorText('amount')}</Field.ErrorText>
                        ) : (
                          <Field.HelperText>
                            {available === undefined
                              ? intl.formatMessage(w.amountHint, { example: formatAmountInput(123456, intl.locale) })
                              : intl.formatMessage(w.available, { amount: money(available, values.currency, intl.locale) })}
                          </Field.HelperText>
                        )}
                      </Field.Root>
                      <Field.Root w="32" invalid={Boolean(errors.currency)}>
                        <Field.Label>{intl.formatMessage(w.currency)}</Field.Label>
                        <NativeSelect.Root>
                          <NativeSelect.Field value={values.currency} onChange={(e) => change('currency', e.currentTarget.value)}>
                            {currencies.map((currency) => (
                              <option key={currency} value={currency}>
                                {currency}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                        <Field.ErrorText>{errorText('currency')}</Field.ErrorText>
                      </Field.Root>
                    </HStack>
                    <PayoutMethodField
                      id="wallet-method-label"
                      label={intl.formatMessage(w.method)}
                      methods={['ted', 'pix']}
                      value={values.method}
                      onChange={(value) => change('method', value)}
                      error={errorText('method')}
                    />
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button type="button" variant="outline" onClick={onClose}>
                    {intl.formatMessage(w.cancel)}
                  </Button>
                  <Button type="submit" colorPalette="blue">
                    {intl.formatMessage(w.review)}
                  </Button>
                </Dialog.Footer>
              </form>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage(commonMessages.close)} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** What the confirmation shows: amount, method, destination (bank, agency, account, holder). */
function summaryRows({ body, account }: Reviewed, locale: string, method: string): [MessageDescriptor, string][] {
  const bank = [account.bank.compe, account.bank.name].filter(Boolean).join(' ');
  return [
    [m.amount, money(body.amount, body.currency ?? 'BRL', locale)],
    [w.method, body.method === 'pix' ? `${method} · ${account.pix_key}` : method],
    [w.destination, bank],
    [m.agency, withDigit(account.agency, account.agency_digit)],
    [m.account, withDigit(account.account, account.account_digit)],
    [w.holder, account.holder_name],
  ];
}
