import { Alert, Box, Button, Field, Image, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';

import { CopyField } from '@/components/kit';
import type { Deposit } from '@/api/types';
import { DocumentField, MoneyField, SelectField, TextField, useCheckAmount } from '@/components/kit/form-fields';
import { serverErrors } from '@/components/kit/server-errors';
import { RouteHeader } from '@/components/route-header';
import { money } from '@/lib/format';

import { getWalletDepositQueryOptions, useCreateWalletDeposit, walletDocumentUrl } from '../api/wallet';
import { labelOf, statusMessages, walletMessages as m } from '../messages';

type Field = 'amount' | 'name' | 'document' | 'method';
const SERVER_FIELDS = { amount: 'amount', 'payer.name': 'name', 'payer.document': 'document', method: 'method', currency: 'amount' } as const;

/**
 * depositar (customers): add money to the wallet by PIX or boleto. The payment is a deposit of the
 * client attributed to the customer; once created the screen shows the QR code and the copy-and-paste
 * code (or the boleto) and polls until the confirmation arrives (the wallet is credited then).
 */
export default function WalletDepositScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const [created, setCreated] = useState<Deposit | null>(null);
  return (
    <Stack gap="5" maxW="xl">
      <RouteHeader route={route} homeHref={homeHref} />
      {created ? <DepositResult deposit={created} onAgain={() => setCreated(null)} /> : <DepositForm onCreated={setCreated} />}
    </Stack>
  );
}

function DepositForm({ onCreated }: { onCreated: (deposit: Deposit) => void }) {
  const intl = useIntl();
  const checkAmount = useCheckAmount();
  const create = useCreateWalletDeposit();
  const [method, setMethod] = useState<'pix' | 'billet'>('pix');
  const [amount, setAmount] = useState('');
  const [name, setName] = useState('');
  const [document, setDocument] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const required = intl.formatMessage(m.required);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = checkAmount(amount);
    const next: Partial<Record<Field, string>> = {};
    if (cents.error) next.amount = cents.error;
    if (!name.trim()) next.name = required;
    if (!document.trim()) next.document = required;
    setErrors(next);
    setGeneral(null);
    if (Object.keys(next).length > 0 || cents.cents === null) return;
    create.mutate(
      { method, amount: cents.cents, currency: 'BRL', payer: { name: name.trim(), document: document.trim() } },
      {
        onSuccess: onCreated,
        onError: (error) => {
          const mapped = serverErrors<Field>(error, SERVER_FIELDS, { fallback: intl.formatMessage(m.failed) });
          setErrors(mapped.fields);
          setGeneral(mapped.general);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage(m.depositTitle)}>
      <Stack gap="4">
        {general && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{general}</Alert.Title>
          </Alert.Root>
        )}
        <SelectField
          label={intl.formatMessage(m.method)}
          value={method}
          onChange={(value) => setMethod(value === 'billet' ? 'billet' : 'pix')}
          options={[
            { value: 'pix', label: 'PIX' },
            { value: 'billet', label: 'Boleto' },
          ]}
          error={errors.method}
        />
        <MoneyField label={intl.formatMessage(m.amount)} value={amount} onChange={setAmount} error={errors.amount} required currencySymbol="R$" />
        <TextField label={intl.formatMessage(m.payerName)} value={name} onChange={setName} error={errors.name} required autoComplete="name" />
        <DocumentField label={intl.formatMessage(m.payerDocument)} value={document} onChange={setDocument} error={errors.document} required />
        <Button type="submit" loading={create.isPending} alignSelf="start">
          {intl.formatMessage(m.submit)}
        </Button>
      </Stack>
    </form>
  );
}

function DepositResult({ deposit, onAgain }: { deposit: Deposit; onAgain: () => void }) {
  const intl = useIntl();
  const polled = useQuery({ ...getWalletDepositQueryOptions(deposit.id), initialData: deposit });
  const current = polled.data;
  const open = current.status === 'waiting' || current.status === 'pending';
  const paid = current.status === 'confirmed' || current.status === 'paid_to_client';
  const statusLabel = labelOf(statusMessages, current.status);
  return (
    <Stack gap="5">
      <Text fontSize="lg" fontWeight="semibold">
        {money(current.amount, current.currency, intl.locale)}
      </Text>
      {open && current.method === 'pix' && current.brcode && (
        <>
          <Box alignSelf="start" bg="white" p="2" rounded="md" borderWidth="1px">
            <Image src={walletDocumentUrl(current.id)} alt={intl.formatMessage(m.qrCode)} width="220px" height="220px" />
          </Box>
          <CopyField label={intl.formatMessage(m.brCode)} value={current.brcode} />
        </>
      )}
      {open && current.method === 'billet' && (
        <>
          {current.typed_line && <CopyField label={intl.formatMessage(m.typedLine)} value={current.typed_line} />}
          <Link href={walletDocumentUrl(current.id)} target="_blank" rel="noopener noreferrer" colorPalette="blue" color="colorPalette.fg">
            {intl.formatMessage(m.openBillet)}
          </Link>
        </>
      )}
      <Box role="status" aria-live="polite">
        {open ? (
          <Text color="fg.muted">
            <Spinner size="xs" me="2" />
            {intl.formatMessage(m.waiting)}
          </Text>
        ) : paid ? (
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Title>{intl.formatMessage(m.confirmed, { amount: money(current.amount - current.fee, current.currency, intl.locale) })}</Alert.Title>
          </Alert.Root>
        ) : (
          <Text>{intl.formatMessage(m.ended, { status: typeof statusLabel === 'string' ? statusLabel : intl.formatMessage(statusLabel) })}</Text>
        )}
      </Box>
      <Button variant="outline" alignSelf="start" onClick={onAgain}>
        {intl.formatMessage(m.another)}
      </Button>
    </Stack>
  );
}

