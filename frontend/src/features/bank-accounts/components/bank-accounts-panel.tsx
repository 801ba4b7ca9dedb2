import { Button, Flex, Heading, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';

import type { BankAccount } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { DataGrid, type GridColumn } from '@/components/kit';
import { ConfirmDialog } from '@/components/kit/confirm-dialog';
import { FormDialog } from '@/components/kit/form-dialog';
import { DocumentField, SelectField, TextField } from '@/components/kit/form-fields';
import { LoadError } from '@/components/query-state';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { formatDocument } from '@/lib/documents';

import { useCreateBankAccount } from '../api/create-bank-account';
import { useDeleteBankAccount } from '../api/delete-bank-account';
import { getBankAccountsQueryOptions } from '../api/get-bank-accounts';
import { getBanksQueryOptions } from '../api/get-banks';
import { type BankAccountFormErrors, type BankAccountFormValues, INITIAL_BANK_ACCOUNT, serverFieldErrors, validateBankAccountForm } from '../lib/bank-account-form';
import { bankAccountsMessages as m } from '../messages';

const withDigit = (value: string, digit: string) => (value && digit ? `${value}-${digit}` : value);

/** The company's (or the customer's) bank accounts: list, add, remove with confirmation. */
export function BankAccountsPanel({ writable }: { writable: boolean }) {
  const intl = useIntl();
  const accounts = useQuery(getBankAccountsQueryOptions());
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<BankAccount | null>(null);
  const remove = useDeleteBankAccount();

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        setRemoving(null);
        appToaster.create({ type: 'success', title: intl.formatMessage(m.removed) });
      },
      onError: (error) => {
        setRemoving(null);
        appToaster.create({
          type: 'error',
          title: intl.formatMessage(m.removeFailed),
          description: isApiError(error) ? error.message : intl.formatMessage(commonMessages.tryAgainLater),
        });
      },
    });
  };

  const typeName = (type: string) => (type in TYPE ? intl.formatMessage(TYPE[type as keyof typeof TYPE]) : type);
  const columns: GridColumn<BankAccount>[] = [
    { key: 'bank', header: intl.formatMessage(m.bank), priority: 1, card: 'title', cell: (account) => [account.bank.compe, account.bank.name].filter(Boolean).join(' ') },
    { key: 'agency', header: intl.formatMessage(m.agency), priority: 1, cell: (account) => withDigit(account.agency, account.agency_digit) },
    { key: 'account', header: intl.formatMessage(m.account), priority: 1, cell: (account) => withDigit(account.account, account.account_digit) },
    { key: 'type', header: intl.formatMessage(m.type), priority: 2, cell: (account) => typeName(account.account_type) },
    { key: 'holder', header: intl.formatMessage(m.holder), priority: 2, cell: (account) => `${account.holder_name} (${formatDocument(account.holder_document)})` },
    { key: 'pix', header: intl.formatMessage(m.pixKey), priority: 3, cell: (account) => account.pix_key },
  ];
  if (writable) {
    columns.push({
      key: 'actions',
      header: intl.formatMessage(m.actions),
      priority: 1,
      card: 'actions',
      numeric: true,
      cell: (account) => (
        <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={intl.formatMessage(m.remove, { account: withDigit(account.account, account.account_digit) })} onClick={() => setRemoving(account)}>
          ✕
        </IconButton>
      ),
    });
  }

  return (
    <Stack as="section" gap="3" aria-label={intl.formatMessage(m.title)}>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h2" size="md">
          {intl.formatMessage(m.title)}
        </Heading>
        {writable && (
          <Button size="sm" variant="outline" colorPalette="blue" onClick={() => setAdding(true)}>
            {intl.formatMessage(m.add)}
          </Button>
        )}
      </Flex>
      {accounts.isError && !accounts.data ? (
        <LoadError title={intl.formatMessage(m.loadError)} onRetry={() => void accounts.refetch()} />
      ) : accounts.data && accounts.data.length === 0 ? (
        <Text color="fg.muted">{intl.formatMessage(m.empty)}</Text>
      ) : (
        <DataGrid caption={intl.formatMessage(m.title)} columns={columns} rows={accounts.data} rowKey={(account) => account.id} rowAttributes={(account) => ({ 'data-bank-account': account.id })} busy={accounts.isPending} skeletonRows={2} />
      )}
      {adding && <AddBankAccountDialog onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={Boolean(removing)}
        title={intl.formatMessage(m.removeTitle)}
        description={intl.formatMessage(m.removeText)}
        details={
          removing
            ? [
                { label: intl.formatMessage(m.bank), value: [removing.bank.compe, removing.bank.name].filter(Boolean).join(' ') },
                { label: intl.formatMessage(m.account), value: `${withDigit(removing.agency, removing.agency_digit)} / ${withDigit(removing.account, removing.account_digit)}` },
                { label: intl.formatMessage(m.holder), value: removing.holder_name },
              ]
            : []
        }
        cancelText={intl.formatMessage(m.cancel)}
        confirmText={intl.formatMessage(m.removeConfirm)}
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

const TYPE = { checking: m.checking, savings: m.savings, payment: m.payment };

export function AddBankAccountDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const banks = useQuery(getBanksQueryOptions());
  const create = useCreateBankAccount();
  const [values, setValues] = useState<BankAccountFormValues>(INITIAL_BANK_ACCOUNT);
  const [errors, setErrors] = useState<BankAccountFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const change = (key: keyof BankAccountFormValues, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };
  const text = (key: keyof BankAccountFormValues) => {
    const error = errors[key];
    return error === undefined ? undefined : typeof error === 'string' ? error : intl.formatMessage(error);
  };

  const validate = () => {
    const checked = validateBankAccountForm(values);
    setErrors(checked.errors);
    setServerError(null);
    return Boolean(checked.body);
  };

  const submit = () => {
    const checked = validateBankAccountForm(values);
    if (!checked.body) return;
    create.mutate(checked.body, {
      onSuccess: () => {
        appToaster.create({ type: 'success', title: intl.formatMessage(m.saved) });
        onClose();
      },
      onError: (error) => {
        setErrors(serverFieldErrors(isApiError(error) ? error.fields : null));
        setServerError(isApiError(error) && error.status > 0 && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater));
      },
    });
  };

  const input = (key: keyof BankAccountFormValues, label: keyof typeof m, props: { required?: boolean; maxLength?: number; inputMode?: 'numeric' } = {}) => (
    <TextField label={intl.formatMessage(m[label])} required={props.required} maxLength={props.maxLength} inputMode={props.inputMode} value={values[key]} onChange={(value) => change(key, value)} error={text(key)} />
  );

  return (
    <FormDialog
      title={intl.formatMessage(m.add)}
      size="lg"
      submitText={intl.formatMessage(m.save)}
      cancelText={intl.formatMessage(m.cancel)}
      error={serverError}
      pending={create.isPending}
      validate={validate}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label={intl.formatMessage(m.bank)}
        required
        loading={banks.isPending}
        placeholder={intl.formatMessage(m.chooseBank)}
        options={banks.data?.map((bank) => ({ value: bank.ispb, label: [bank.compe, bank.name].filter(Boolean).join(' - ') })) ?? []}
        value={values.bankIspb}
        onChange={(value) => change('bankIspb', value)}
        error={text('bankIspb')}
      />
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        {input('agency', 'agency', { required: true, maxLength: 5, inputMode: 'numeric' })}
        {input('agencyDigit', 'agencyDigit', { maxLength: 1 })}
        {input('account', 'account', { required: true, maxLength: 20, inputMode: 'numeric' })}
        {input('accountDigit', 'accountDigit', { required: true, maxLength: 2 })}
      </SimpleGrid>
      <SelectField
        label={intl.formatMessage(m.type)}
        options={(Object.keys(TYPE) as (keyof typeof TYPE)[]).map((type) => ({ value: type, label: intl.formatMessage(TYPE[type]) }))}
        value={values.accountType}
        onChange={(value) => change('accountType', value)}
      />
      {input('holderName', 'holder', { required: true, maxLength: 200 })}
      <DocumentField label={intl.formatMessage(m.document)} required value={values.holderDocument} onChange={(value) => change('holderDocument', value)} error={text('holderDocument')} />
      {input('pixKey', 'pixKey', { maxLength: 77 })}
    </FormDialog>
  );
}
