import { Badge, Button, DataList, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type IntlShape, type MessageDescriptor, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';

import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import type { Transaction } from '@/api/types';
import { ClientFilter, DetailDrawer, FilterSelect, type GridColumn, labelsOf, listSortMessages, ListView, useList } from '@/components/kit';
import { RouteHeader } from '@/components/route-header';
import { paths } from '@/config/paths';
import { formatDocument } from '@/lib/documents';
import { formatDateTime, money } from '@/lib/format';
import { LIST_SORTS } from '@/lib/list-params';

import { getTransactionsQueryOptions } from '../api/get-transactions';
import { CURRENCIES, DETAIL_PARAM, KINDS, METHODS, STATUSES, listQuery, transactionsList } from '../lib/filters';
import { kindMessages, labelOf, methodMessages, statusMessages, transactionsMessages as m } from '../messages';

const NONE = '—';
/** A deposit in these statuses was paid: it has a receipt (payments.receipts.PAID_STATUSES). */
const PAID = new Set(['confirmed', 'paid_to_client', 'refunded']);

function when(iso: string, locale: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : formatDateTime(Math.floor(ms / 1000), locale);
}

/**
 * employee/transactions (staff): deposits, payouts and refunds of every client in the staff member's
 * scope, from the platform's transaction index, on the list kit (filters and pages in the URL; the
 * client picked by name). A row opens its detail (?transaction=<id>). The top bar's "search
 * transaction by ID" lands here with ?q=<id>.
 */
export default function TransactionsScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const list = useList(transactionsList, { detailParam: DETAIL_PARAM });
  const query = useQuery(getTransactionsQueryOptions(listQuery(list.state)));
  const clients = useQuery(getStaffClientsQueryOptions());
  const text = (value: MessageDescriptor | string) => (typeof value === 'string' ? value : intl.formatMessage(value));
  const options = (values: readonly string[], labels?: Record<string, MessageDescriptor>) => values.map((value) => ({ value, label: labels ? text(labelOf(labels, value)) : value }));
  const openId = list.param(DETAIL_PARAM);
  const open = query.data?.items.find((row) => row.id === openId) ?? null;

  return (
    <Stack gap="4">
      <RouteHeader route={route} homeHref={homeHref} />
      <ListView
        list={list}
        caption={intl.formatMessage(m.table)}
        columns={columns(intl, (id) => list.setParam(DETAIL_PARAM, id))}
        query={query}
        rowKey={(row) => row.id}
        sortLabels={labelsOf(intl, LIST_SORTS, listSortMessages)}
        search={{ label: intl.formatMessage(m.search), hint: intl.formatMessage(m.searchHint) }}
        filters={
          <>
            <FilterSelect list={list} name="kind" label={intl.formatMessage(m.kind)} allLabel={intl.formatMessage(m.allKinds)} options={options(KINDS, kindMessages)} />
            <FilterSelect list={list} name="status" label={intl.formatMessage(m.status)} allLabel={intl.formatMessage(m.allStatuses)} options={options(STATUSES, statusMessages)} />
            <FilterSelect list={list} name="method" label={intl.formatMessage(m.method)} allLabel={intl.formatMessage(m.allMethods)} options={options(METHODS, methodMessages)} />
            <FilterSelect list={list} name="currency" label={intl.formatMessage(m.currency)} allLabel={intl.formatMessage(m.allCurrencies)} options={options(CURRENCIES)} />
            <ClientFilter list={list} name="tenant" clients={clients.data} label={intl.formatMessage(m.colClient)} allLabel={intl.formatMessage(m.allClients)} />
          </>
        }
        errorTitle={intl.formatMessage(m.notFound)}
      />
      <TransactionDrawer row={open} id={openId} onClose={() => list.setParam(DETAIL_PARAM, null)} />
    </Stack>
  );
}

/** A transaction's detail: every field the index holds for it. */
function TransactionDrawer({ row, id, onClose }: { row: Transaction | null; id: string | null; onClose: () => void }) {
  const intl = useIntl();
  const text = (value: MessageDescriptor | string) => (typeof value === 'string' ? value : intl.formatMessage(value));
  const fields: [string, ReactNode][] = row
    ? [
        [text(m.colKind), text(labelOf(kindMessages, row.kind))],
        [text(m.colClient), `${row.client_name} (${row.client})`],
        [text(m.colStatus), text(labelOf(statusMessages, row.status))],
        [text(m.colMethod), text(labelOf(methodMessages, row.method))],
        [text(m.colAmount), money(row.amount, row.currency, intl.locale)],
        [text(m.colFee), money(row.fee, row.currency, intl.locale)],
        [text(m.colName), [row.name, row.document && formatDocument(row.document)].filter(Boolean).join(' · ') || NONE],
        [text(m.destination), [row.bank_name, row.destination].filter(Boolean).join(' · ') || NONE],
        [text(m.colTransactionId), row.transaction_id || NONE],
        [text(m.colCreated), when(row.created_at, intl.locale)],
        [text(m.updated), row.updated_at ? when(row.updated_at, intl.locale) : NONE],
      ]
    : [];
  return (
    <DetailDrawer open={Boolean(id)} title={id ? intl.formatMessage(m.detailTitle, { id }) : ''} onClose={onClose}>
      {row ? (
        <DataList.Root orientation="horizontal">
          {fields.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      ) : (
        <Text color="fg.muted">{intl.formatMessage(m.notFound)}</Text>
      )}
      {row && row.kind === 'deposit' && PAID.has(row.status) && (
        <Button asChild size="sm" variant="outline" mt="4" alignSelf="start">
          <RouterLink to={paths.depositReceipt.getHref(row.id, row.client)}>{intl.formatMessage(m.receipt)}</RouterLink>
        </Button>
      )}
    </DetailDrawer>
  );
}

function columns(intl: IntlShape, open: (id: string) => void): GridColumn<Transaction>[] {
  const text = (value: MessageDescriptor | string) => (typeof value === 'string' ? value : intl.formatMessage(value));
  return [
    {
      key: 'id',
      header: text(m.colId),
      priority: 1,
      card: 'actions',
      cell: (row) => (
        <Button variant="plain" size="xs" px="0" fontFamily="mono" colorPalette="blue" color="colorPalette.fg" aria-label={intl.formatMessage(m.open, { id: row.id })} onClick={() => open(row.id)}>
          {row.id}
        </Button>
      ),
    },
    { key: 'kind', priority: 2, header: text(m.colKind), cell: (row) => text(labelOf(kindMessages, row.kind)) },
    {
      key: 'client',
      priority: 2,
      card: 'title',
      header: text(m.colClient),
      cell: (row) => (
        <>
          <Text>{row.client_name}</Text>
          <Text color="fg.muted" fontSize="xs">
            {row.client}
          </Text>
        </>
      ),
    },
    { key: 'method', priority: 3, header: text(m.colMethod), nowrap: true, cell: (row) => text(labelOf(methodMessages, row.method)) },
    { key: 'status', priority: 1, card: 'status', header: text(m.colStatus), cell: (row) => <Badge variant="subtle">{text(labelOf(statusMessages, row.status))}</Badge> },
    {
      key: 'name',
      priority: 3,
      header: text(m.colName),
      cell: (row) => (
        <>
          <Text>{row.name || NONE}</Text>
          {row.document && (
            <Text color="fg.muted" fontSize="xs">
              {formatDocument(row.document)}
            </Text>
          )}
        </>
      ),
    },
    { key: 'coin', priority: 3, header: text(m.colCoin), cell: (row) => row.currency },
    { key: 'amount', priority: 1, card: 'amount', header: text(m.colAmount), sortField: 'amount', numeric: true, cell: (row) => money(row.amount, row.currency, intl.locale) },
    { key: 'fee', priority: 1, header: text(m.colFee), numeric: true, cell: (row) => money(row.fee, row.currency, intl.locale) },
    { key: 'transaction_id', priority: 3, header: text(m.colTransactionId), mono: true, cell: (row) => row.transaction_id || NONE },
    { key: 'created', priority: 2, card: 'date', header: text(m.colCreated), sortField: 'created_at', nowrap: true, cell: (row) => when(row.created_at, intl.locale) },
  ];
}
