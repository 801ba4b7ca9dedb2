import { Badge, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type IntlShape, type MessageDescriptor, useIntl } from 'react-intl';

import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import type { PartnerWithdraw } from '@/api/types';
import { ClientFilter, FilterSelect, type GridColumn, labelsOf, ListView, useList } from '@/components/kit';
import { RouteHeader } from '@/components/route-header';
import { formatDocument } from '@/lib/documents';
import { money } from '@/lib/format';
import { LIST_SORTS } from '@/lib/list-params';

import { getPartnerWithdrawsQueryOptions } from '../api/partner';
import { CURRENCIES, PAYOUT_KINDS, PAYOUT_METHODS, PAYOUT_STATUSES, partnerWithdrawsList, withdrawsQuery } from '../lib/lists';
import { labelOf, methodMessages, partnerMessages as m, payoutKindMessages, sortMessages, statusMessages } from '../messages';
import { ClientCell, NONE, when } from './shared';

/** partner/withdraws: the payouts of every client linked to the partner, filtered as a client's own list plus the client. */
export default function PartnerWithdrawsScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const list = useList(partnerWithdrawsList);
  const query = useQuery(getPartnerWithdrawsQueryOptions(withdrawsQuery(list.state)));
  const clients = useQuery(getStaffClientsQueryOptions());
  const text = (value: MessageDescriptor | string) => (typeof value === 'string' ? value : intl.formatMessage(value));
  const options = (values: readonly string[], labels?: Record<string, MessageDescriptor>) => values.map((value) => ({ value, label: labels ? text(labelOf(labels, value)) : value }));
  return (
    <Stack gap="4">
      <RouteHeader route={route} homeHref={homeHref} />
      <ListView
        list={list}
        caption={intl.formatMessage(m.withdrawsTable)}
        columns={columns(intl)}
        query={query}
        rowKey={(row) => row.id}
        rowAttributes={(row) => ({ 'data-client': row.client })}
        sortLabels={labelsOf(intl, LIST_SORTS, sortMessages)}
        search={{ label: intl.formatMessage(m.search), hint: intl.formatMessage(m.searchHint) }}
        filters={
          <>
            <ClientFilter list={list} clients={clients.data} label={intl.formatMessage(m.client)} allLabel={intl.formatMessage(m.allClients)} />
            <FilterSelect list={list} name="status" label={intl.formatMessage(m.status)} allLabel={intl.formatMessage(m.allStatuses)} options={options(PAYOUT_STATUSES, statusMessages)} />
            <FilterSelect list={list} name="kind" label={intl.formatMessage(m.kind)} allLabel={intl.formatMessage(m.allKinds)} options={options(PAYOUT_KINDS, payoutKindMessages)} />
            <FilterSelect list={list} name="method" label={intl.formatMessage(m.method)} allLabel={intl.formatMessage(m.allMethods)} options={options(PAYOUT_METHODS, methodMessages)} />
            <FilterSelect list={list} name="currency" label={intl.formatMessage(m.currency)} allLabel={intl.formatMessage(m.allCurrencies)} options={options(CURRENCIES)} />
          </>
        }
        errorTitle={intl.formatMessage(m.loadError)}
        emptyTitle={intl.formatMessage(m.empty)}
      />
    </Stack>
  );
}

function columns(intl: IntlShape): GridColumn<PartnerWithdraw>[] {
  const text = (value: MessageDescriptor | string) => (typeof value === 'string' ? value : intl.formatMessage(value));
  return [
    { key: 'id', header: text(m.colId), priority: 2, mono: true, fixed: true, cell: (row) => row.id },
    { key: 'client', priority: 1, card: 'title', header: text(m.colClient), cell: (row) => <ClientCell name={row.client_name} slug={row.client} /> },
    { key: 'kind', priority: 3, header: text(m.colKind), cell: (row) => text(labelOf(payoutKindMessages, row.kind)) },
    { key: 'method', priority: 3, header: text(m.colMethod), nowrap: true, cell: (row) => text(labelOf(methodMessages, row.method)) },
    { key: 'status', priority: 1, card: 'status', header: text(m.colStatus), cell: (row) => <Badge variant="subtle">{text(labelOf(statusMessages, row.status))}</Badge> },
    {
      key: 'beneficiary',
      priority: 2,
      header: text(m.colBeneficiary),
      cell: (row) => (
        <>
          <Text>{row.beneficiary_name || NONE}</Text>
          {row.beneficiary_document && (
            <Text color="fg.muted" fontSize="xs">
              {formatDocument(row.beneficiary_document)}
            </Text>
          )}
        </>
      ),
    },
    { key: 'destination', priority: 3, header: text(m.colDestination), cell: (row) => [row.bank_name, row.destination].filter(Boolean).join(' · ') || NONE },
    { key: 'amount', priority: 1, card: 'amount', header: text(m.colAmount), sortField: 'amount', numeric: true, cell: (row) => money(row.amount, row.currency, intl.locale) },
    { key: 'fee', priority: 2, header: text(m.colFee), numeric: true, cell: (row) => money(row.fee, row.currency, intl.locale) },
    { key: 'created', priority: 2, card: 'date', header: text(m.colCreated), sortField: 'created_at', nowrap: true, cell: (row) => when(row.created_at, intl.locale) },
  ];
}
