import { Box, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';

import type { Balance, BankAccount, Payout, PayoutIn } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { FormDialog } from '@/components/kit/form-dialog';
import { MoneyField, SelectField } from '@/components/kit/form-fields';
import { serverErrors } from '@/components/kit/server-errors';
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

const SERVER_FIELDS = { bank_account_id: 'bankAccountId', amount: 'amount', currency: 'currency', method: 'method' } as const;

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
  const [serverFields, setServerFields] = useState<Partial<Record<keyof WalletFormErrors, string>>>({});
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
    setServerFields(({ [key as keyof WalletFormErrors]: _, ...rest }) => rest);
  };

  const validate = () => {
    const checked = validateWalletForm(values, own, intl.locale);
    setErrors(checked.errors);
    setServerError(null);
    setReviewed(checked.body && checked.account ? { body: checked.body, account: checked.account } : null);
    return Boolean(checked.body && checked.account);
  };

  const confirm = () => {
    if (!reviewed) return;
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
          const split = serverErrors(error, SERVER_FIELDS, { fallback: intl.formatMessage(commonMessages.tryAgainLater) });
          setServerFields(split.fields);
          const message = split.general ?? (isApiError(error) ? error.message : intl.formatMessage(commonMessages.tryAgainLater));
          setServerError(message);
          appToaster.create({ type: 'error', title: intl.formatMessage(commonMessages.problemGenerateWithdraw), description: message });
        },
      },
    );
  };

  const errorText = (key: keyof WalletFormErrors) => {
    const server = serverFields[key];
    if (server) return server;
    const error = errors[key];
    return error ? intl.formatMessage(error) : undefined;
  };

  return (
    <FormDialog
      title={intl.formatMessage(w.formTitle)}
      description={intl.formatMessage(w.intro)}
      submitText={intl.formatMessage(w.review)}
      cancelText={intl.formatMessage(w.cancel)}
      errorTitle={intl.formatMessage(commonMessages.problemGenerateWithdraw)}
      error={serverError}
      invalid={Object.keys(serverFields).length > 0}
      pending={create.isPending}
      validate={validate}
      onSubmit={confirm}
      onClose={onClose}
      confirmation={
        reviewed && {
          title: intl.formatMessage(w.confirmTitle),
          description: intl.formatMessage(w.confirmText, { amount: money(reviewed.body.amount, reviewed.body.currency ?? 'BRL', intl.locale) }),
          summary: summaryRows(reviewed, intl.locale, intl.formatMessage(reviewed.body.method === 'pix' ? m.methodPix : m.methodTed)).map(([label, value]) => ({
            label: intl.formatMessage(label),
            value,
          })),
          summaryLabel: intl.formatMessage(w.summary),
          backText: intl.formatMessage(w.back),
          confirmText: intl.formatMessage(w.confirm),
          confirmPalette: 'red',
        }
      }
    >
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
        <Box flex="1">
          <MoneyField
            label={intl.formatMessage(w.amount)}
            required
            value={values.amount}
            onChange={(value) => change('amount', value)}
            error={errorText('amount')}
            helper={
              available === undefined
                ? intl.formatMessage(w.amountHint, { example: formatAmountInput(123456, intl.locale) })
                : intl.formatMessage(w.available, { amount: money(available, values.currency, intl.locale) })
            }
          />
        </Box>
        <Box w="32">
          <SelectField label={intl.formatMessage(w.currency)} value={values.currency} onChange={(value) => change('currency', value)} options={currencies.map((currency) => ({ value: currency, label: currency }))} error={errorText('currency')} />
        </Box>
      </HStack>
      <PayoutMethodField id="wallet-method-label" label={intl.formatMessage(w.method)} methods={['ted', 'pix']} value={values.method} onChange={(value) => change('method', value)} error={errorText('method')} />
    </FormDialog>
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
