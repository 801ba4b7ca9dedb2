import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type IntlShape, type MessageDescriptor, useIntl } from 'react-intl';

import type { DirectDeposit, PixKey } from '@/api/types';
import { AppToaster, appToaster } from '@/components/app-toaster';
import { DataGrid, FilterSelect, type GridColumn, ListView, useList } from '@/components/kit';
import { ConfirmDialog } from '@/components/kit/confirm-dialog';
import { FormDialog } from '@/components/kit/form-dialog';
import { SelectField, TextField } from '@/components/kit/form-fields';
import { serverErrors } from '@/components/kit/server-errors';
import { LoadError } from '@/components/query-state';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { useCanWrite, useSessionUser } from '@/lib/auth/session';
import { formatDocument } from '@/lib/documents';
import { formatDateTime, money } from '@/lib/format';

import { getDirectDepositsQueryOptions, getPixKeysQueryOptions, useAddPixKey, useRemovePixKey } from '../api/direct-deposits';
import { directDepositsMessages as m } from '../messages';
import { StatusBadge, clientDirectList, filterValue, sortLabels, statusOptions } from './shared';

const KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'evp'] as const;
type KeyType = (typeof KEY_TYPES)[number];
const TYPE_MESSAGES = { cpf: m.typeCpf, cnpj: m.typeCnpj, email: m.typeEmail, phone: m.typePhone, evp: m.typeEvp };

function keyLabel(key: Pick<PixKey, 'key' | 'key_type'>, intl: IntlShape): string {
  const shown = key.key_type === 'cpf' || key.key_type === 'cnpj' ? formatDocument(key.key) : key.key;
  return `${intl.formatMessage(TYPE_MESSAGES[key.key_type])} · ${shown}`;
}

function fieldMessage(code: string, intl: IntlShape): string | undefined {
  const known = (m as Partial<Record<string, MessageDescriptor>>)[code];
  return known ? intl.formatMessage(known) : undefined;
}

function AddKeyDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const add = useAddPixKey();
  const [keyType, setKeyType] = useState<KeyType>('email');
  const [key, setKey] = useState('');
  const [keyError, setKeyError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <FormDialog
      title={intl.formatMessage(m.addKey)}
      submitText={intl.formatMessage(m.save)}
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.addFailed)}
      error={error}
      pending={add.isPending}
      validate={() => {
        const ok = keyType === 'evp' || key.trim().length > 0;
        setKeyError(ok ? null : intl.formatMessage(m.keyRequired));
        return ok;
      }}
      onSubmit={() => {
        setError(null);
        add.mutate(
          { key_type: keyType, key: key.trim() },
          {
            onSuccess: () => {
              appToaster.create({ type: 'success', title: intl.formatMessage(m.added) });
              onClose();
            },
            onError: (failure) => {
              const mapped = serverErrors(failure, { key: 'key', key_type: 'key' } as const, {
                translate: (code) => fieldMessage(code, intl),
                fallback: intl.formatMessage(commonMessages.tryAgainLater),
              });
              setKeyError(mapped.fields.key ?? null);
              setError(mapped.general);
            },
          },
        );
      }}
      onClose={onClose}
    >
      <SelectField
        label={intl.formatMessage(m.keyType)}
        required
        options={KEY_TYPES.map((value) => ({ value, label: intl.formatMessage(TYPE_MESSAGES[value]) }))}
        value={keyType}
        onChange={(value) => {
          setKeyType(value as KeyType);
          setKeyError(null);
        }}
      />
      <TextField
        label={intl.formatMessage(m.key)}
        required={keyType !== 'evp'}
        maxLength={100}
        value={key}
        onChange={(value) => {
          setKey(value);
          setKeyError(null);
        }}
        helper={keyType === 'evp' ? intl.formatMessage(m.keyHelperEvp) : keyType === 'phone' ? intl.formatMessage(m.keyHelperPhone) : undefined}
        error={keyError}
      />
    </FormDialog>
  );
}

function KeysPanel({ writable }: { writable: boolean }) {
  const intl = useIntl();
  const keys = useQuery(getPixKeysQueryOptions());
  const remove = useRemovePixKey();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PixKey | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const items = keys.data?.items;
  const full = Boolean(keys.data && keys.data.items.length >= keys.data.limit);
  const columns: GridColumn<PixKey>[] = [
    { key: 'type', header: intl.formatMessage(m.keyType), priority: 1, cell: (row) => intl.formatMessage(TYPE_MESSAGES[row.key_type]) },
    { key: 'key', header: intl.formatMessage(m.key), priority: 1, card: 'title', cell: (row) => (row.key_type === 'cpf' || row.key_type === 'cnpj' ? formatDocument(row.key) : row.key) },
    { key: 'bank', header: intl.formatMessage(m.bank), priority: 3, cell: (row) => row.provider || '—' },
    { key: 'created', header: intl.formatMessage(m.registeredAt), priority: 2, card: 'date', nowrap: true, cell: (row) => formatDateTime(Math.floor(Date.parse(row.created_at) / 1000), intl.locale) },
  ];
  if (writable) {
    columns.push({
      key: 'actions',
      header: intl.formatMessage(m.actions),
      priority: 1,
      card: 'actions',
      numeric: true,
      cell: (row) => (
        <Button size="xs" variant="outline" colorPalette="red" aria-label={intl.formatMessage(m.remove, { key: row.key })} onClick={() => setRemoving(row)}>
          {intl.formatMessage(m.removeShort)}
        </Button>
      ),
    });
  }
  return (
    <Stack as="section" gap="3" aria-label={intl.formatMessage(m.keys)}>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h2" size="md">
          {intl.formatMessage(m.keys)}
          {keys.data && (
            <Text as="span" ms="2" fontSize="sm" color="fg.muted" fontWeight="normal">
              {intl.formatMessage(m.keysCount, { count: keys.data.items.length, limit: keys.data.limit })}
            </Text>
          )}
        </Heading>
        {writable && (
          <Button size="sm" variant="outline" colorPalette="blue" disabled={full} onClick={() => setAdding(true)}>
            {intl.formatMessage(m.addKey)}
          </Button>
        )}
      </Flex>
      {keys.isError && !keys.data ? (
        <LoadError title={intl.formatMessage(m.keysError)} onRetry={() => void keys.refetch()} />
      ) : items && items.length === 0 ? (
        <Text color="fg.muted">{intl.formatMessage(writable ? m.noKeys : m.noKeysReadOnly)}</Text>
      ) : (
        <DataGrid caption={intl.formatMessage(m.keys)} columns={columns} rows={items} rowKey={(row) => row.id} rowAttributes={(row) => ({ 'data-pix-key': row.key })} busy={keys.isPending} skeletonRows={2} />
      )}
      {adding && <AddKeyDialog onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={Boolean(removing)}
        title={intl.formatMessage(m.removeTitle)}
        description={intl.formatMessage(m.removeText)}
        details={removing ? [{ label: intl.formatMessage(m.key), value: keyLabel(removing, intl) }] : []}
        cancelText={intl.formatMessage(m.cancel)}
        confirmText={intl.formatMessage(m.removeConfirm)}
        confirmPalette="red"
        pending={remove.isPending}
        error={removeError}
        onConfirm={() => {
          if (!removing) return;
          setRemoveError(null);
          remove.mutate(removing.id, {
            onSuccess: () => {
              appToaster.create({ type: 'success', title: intl.formatMessage(m.removed) });
              setRemoving(null);
            },
            onError: (failure) => setRemoveError(isApiError(failure) && failure.status > 0 && failure.status < 500 ? failure.message : intl.formatMessage(commonMessages.tryAgainLater)),
          });
        }}
        onClose={() => {
          setRemoving(null);
          setRemoveError(null);
        }}
      />
    </Stack>
  );
}

/** clients/direct_deposits: the client's PIX keys (add, remove) and the money received on them. */
export default function DirectDepositsScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const list = useList(clientDirectList);
  const writable = useCanWrite(route);
  // A customer of the company sees its keys but none of the deposits: they are other payers' money.
  const customer = useSessionUser().role === 'customer';
  const keys = useQuery(getPixKeysQueryOptions());
  const query = useQuery(
    getDirectDepositsQueryOptions({
      status: filterValue(list.state.filters.status),
      key: filterValue(list.state.filters.key),
      q: list.state.q || undefined,
      date_from: list.state.dateFrom || undefined,
      date_to: list.state.dateTo || undefined,
      sort: list.state.sort,
      per_page: list.state.perPage,
      cursor: list.state.cursor ?? undefined,
    }),
  );
  const cur = (row: DirectDeposit, cents: number) => money(cents, row.currency, intl.locale);
  const columns: GridColumn<DirectDeposit>[] = [
    { key: 'created', header: intl.formatMessage(m.created), priority: 1, card: 'date', nowrap: true, cell: (row) => formatDateTime(Math.floor(Date.parse(row.created_at) / 1000), intl.locale) },
    { key: 'payer', header: intl.formatMessage(m.payer), priority: 1, card: 'title', cell: (row) => `${row.payer_name} · ${formatDocument(row.payer_document)}` },
    { key: 'key', header: intl.formatMessage(m.key), priority: 3, cell: (row) => row.key },
    { key: 'amount', header: intl.formatMessage(m.amount), priority: 1, numeric: true, card: 'amount', cell: (row) => cur(row, row.amount) },
    { key: 'fee', header: intl.formatMessage(m.fee), priority: 2, numeric: true, cell: (row) => cur(row, row.fee) },
    { key: 'status', header: intl.formatMessage(m.status), priority: 1, cell: (row) => <StatusBadge status={row.status} intl={intl} /> },
    { key: 'id', header: intl.formatMessage(m.id), priority: 3, nowrap: true, cell: (row) => row.id },
    { key: 'e2e', header: intl.formatMessage(m.endToEnd), priority: 3, nowrap: true, cell: (row) => row.end_to_end_id },
  ];
  return (
    <Stack gap="6">
      <RouteHeader route={route} homeHref={homeHref} />
      <Text color="fg.muted">{intl.formatMessage(m.intro)}</Text>
      <KeysPanel writable={writable} />
      <Stack as="section" gap="3" aria-label={intl.formatMessage(m.list)}>
        <Heading as="h2" size="md">
          {intl.formatMessage(m.list)}
        </Heading>
        <ListView
          list={list}
          caption={intl.formatMessage(m.list)}
          columns={columns}
          query={query}
          rowKey={(row) => row.id}
          rowAttributes={(row) => ({ 'data-direct-deposit': row.id })}
          sortLabels={sortLabels(intl)}
          search={{ label: intl.formatMessage(m.search) }}
          filters={
            <>
              <FilterSelect list={list} name="status" label={intl.formatMessage(m.status)} allLabel={intl.formatMessage(m.allStatuses)} options={statusOptions(intl)} />
              <FilterSelect list={list} name="key" label={intl.formatMessage(m.key)} allLabel={intl.formatMessage(m.allKeys)} options={(keys.data?.items ?? []).map((k) => ({ value: k.key, label: keyLabel(k, intl) }))} />
            </>
          }
          errorTitle={intl.formatMessage(m.loadError)}
          emptyTitle={intl.formatMessage(m.empty)}
          emptyText={customer ? intl.formatMessage(m.customerEmpty) : undefined}
        />
      </Stack>
      <AppToaster />
    </Stack>
  );
}
