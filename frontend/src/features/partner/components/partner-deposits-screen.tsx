import { Badge, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type IntlShape, type MessageDescriptor, useIntl } from 'react-intl';

import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import type { PartnerDeposit } from '@/api/types';
import { ClientFilter, FilterSelect, type GridColumn, labelsOf, ListView, useList } from '@/components/kit';
import { RouteHeader } from '@/components/route-header';
import { formatDocument } from '@/lib/documents';
import { money } from '@/lib/format';
import { LIST_SORTS } from '@/lib/list-params';

import { getPartnerDepositsQueryOptions } from '../api/partner';
import { CURRENCIES, DEPOSIT_METHODS, DEPOSIT_STATUSES, depositsQuery, partnerDepositsList } from '../lib/lists';
import { labelOf, methodMessages, partnerMessages as m, sortMessages, statusMessages } from '../messages';
import { ClientCell, NONE, when } from './shared';

/**
 * partner/deposits (and partner-providers/deposits, with the provider column and filter): the deposits
 * of every client linked to the partner, with the filters of a client's own list plus the client.
 */
export default function PartnerDepositsScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const byProvider = route.startsWith('partner-providers/');
  const list = useList(partnerDepositsList);
  const query = useQuery(getPartnerDepositsQueryOptions(depositsQuery(list.state)));
  const clients = useQuery(getStaffClientsQueryOptions());
  const text = (value: MessageDescriptor | string) => (typeof value === 'string' ? value : intl.formatMessage(value));
  const options = (values: readonly string[], labels?: Record<string, MessageDescriptor>) => values.map((value) => ({ value, label: labels ? text(labelOf(labels, value)) : value }));
  const chosenProvider = typeof list.state.filters.provider === 'string' ? list.state.filters.provider : '';
  const providers = [...new Set([chosenProvider, ...(query.data?.items ?? []).map((row) => row.provider)].filter(Boolean))].sort();

  return (
    <Stack gap="4">
      <RouteHeader route={route} homeHref={homeHref} />
      <ListView
        list={list}
        caption={intl.formatMessage(m.depositsTable)}
        columns={columns(intl, byProvider)}
        query={query}
        rowKey={(row) => row.id}
        rowAttributes={(row) => ({ 'data-client': row.client })}
        sortLabels={labelsOf(intl, LIST_SORTS, sortMessages)}
        search={{ label: intl.formatMessage(m.search), hint: intl.formatMessage(m.searchHint) }}
        filters={
          <>
            <ClientFilter list={list} clients={clients.data} label={intl.formatMessage(m.client)} allLabel={intl.formatMessage(m.allClients)} />
            <FilterSelect list={list} name="status" label={intl.formatMessage(m.status)} allLabel={intl.formatMessage(m.allStatuses)} options={options(DEPOSIT_STATUSES, statusMessages)} />
            <FilterSelect list={list} name="method" label={intl.formatMessage(m.method)} allLabel={intl.formatMessage(m.allMethods)} options={options(DEPOSIT_METHODS, methodMessages)} />
            <FilterSelect list={list} name="currency" label={intl.formatMessage(m.currency)} allLabel={intl.formatMessage(m.allCurrencies)} options={options(CURRENCIES)} />
            {byProvider && <FilterSelect list={list} name="provider" label={intl.formatMessage(m.provider)} allLabel={intl.formatMessage(m.allProviders)} options={options(providers)} />}
          </>
        }
        errorTitle={intl.formatMessage(m.loadError)}
        emptyTitle={intl.formatMessage(m.empty)}
      />
    </Stack>
  );
}

function columns(intl: IntlShape, byProvider: boolean): GridColumn<PartnerDeposit>[] {
  const text = (value: MessageDescriptor | string) => (typeof value === 'string' ? value : intl.formatMessage(value));
  const all: (GridColumn<PartnerDeposit> | false)[] = [
    { key: 'id', header: text(m.colId), priority: 2, mono: true, fixed: true, cell: (row) => row.id },
    { key: 'client', priority: 1, card: 'title', header: text(m.colClient), cell: (row) => <ClientCell name={row.client_name} slug={row.client} /> },
    byProvider && { key: 'provider', priority: 1, header: text(m.colProvider), cell: (row) => row.provider || NONE },
    { key: 'method', priority: 2, header: text(m.colMethod), nowrap: true, cell: (row) => text(labelOf(methodMessages, row.method)) },
    { key: 'status', priority: 1, card: 'status', header: text(m.colStatus), cell: (row) => <Badge variant="subtle">{text(labelOf(statusMessages, row.status))}</Badge> },
    {
      key: 'payer',
      priority: 3,
      header: text(m.colPayer),
      cell: (row) => (
        <>
          <Text>{row.payer_name || NONE}</Text>
          {row.payer_document && (
            <Text color="fg.muted" fontSize="xs">
              {formatDocument(row.payer_document)}
            </Text>
          )}
        </>
      ),
    },
    { key: 'amount', priority: 1, card: 'amount', header: text(m.colAmount), sortField: 'amount', numeric: true, cell: (row) => money(row.amount, row.currency, intl.locale) },
    { key: 'fee', priority: 2, header: text(m.colFee), numeric: true, cell: (row) => money(row.fee, row.currency, intl.locale) },
    { key: 'net', priority: 3, header: text(m.colNet), numeric: true, cell: (row) => money(row.net, row.currency, intl.locale) },
    { key: 'transaction_id', priority: 3, header: text(m.colTransactionId), mono: true, cell: (row) => row.provider_reference || NONE },
    { key: 'created', priority: 2, card: 'date', header: text(m.colCreated), sortField: 'created_at', nowrap: true, cell: (row) => when(row.created_at, intl.locale) },
  ];
  return all.filter((column): column is GridColumn<PartnerDeposit> => Boolean(column));
}
