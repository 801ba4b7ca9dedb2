import { Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';

import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import type { StaffDirectDeposit } from '@/api/types';
import { ClientFilter, FilterSelect, type GridColumn, ListView, useList } from '@/components/kit';
import { RouteHeader } from '@/components/route-header';
import { formatDocument } from '@/lib/documents';
import { formatDateTime, money } from '@/lib/format';

import { getStaffDirectDepositsQueryOptions } from '../api/direct-deposits';
import { directDepositsMessages as m } from '../messages';
import { StatusBadge, filterValue, sortLabels, staffDirectList, statusOptions } from './shared';

/** employee/direct_deposits: direct deposits of every client the staff member may see (the public index). */
export default function StaffDirectDepositsScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const list = useList(staffDirectList);
  const clients = useQuery(getStaffClientsQueryOptions());
  const query = useQuery(
    getStaffDirectDepositsQueryOptions({
      status: filterValue(list.state.filters.status),
      client: filterValue(list.state.filters.client),
      q: list.state.q || undefined,
      date_from: list.state.dateFrom || undefined,
      date_to: list.state.dateTo || undefined,
      sort: list.state.sort,
      per_page: list.state.perPage,
      cursor: list.state.cursor ?? undefined,
    }),
  );
  const cur = (row: StaffDirectDeposit, cents: number) => money(cents, row.currency, intl.locale);
  const columns: GridColumn<StaffDirectDeposit>[] = [
    { key: 'created', header: intl.formatMessage(m.created), priority: 1, card: 'date', nowrap: true, cell: (row) => formatDateTime(Math.floor(Date.parse(row.created_at) / 1000), intl.locale) },
    { key: 'client', header: intl.formatMessage(m.client), priority: 1, card: 'title', cell: (row) => row.client_name },
    { key: 'payer', header: intl.formatMessage(m.payer), priority: 2, cell: (row) => `${row.payer_name} · ${formatDocument(row.payer_document)}` },
    { key: 'key', header: intl.formatMessage(m.key), priority: 3, cell: (row) => row.key },
    { key: 'amount', header: intl.formatMessage(m.amount), priority: 1, numeric: true, card: 'amount', cell: (row) => cur(row, row.amount) },
    { key: 'fee', header: intl.formatMessage(m.fee), priority: 2, numeric: true, cell: (row) => cur(row, row.fee) },
    { key: 'status', header: intl.formatMessage(m.status), priority: 1, cell: (row) => <StatusBadge status={row.status} intl={intl} /> },
    { key: 'id', header: intl.formatMessage(m.id), priority: 3, nowrap: true, cell: (row) => row.id },
    { key: 'e2e', header: intl.formatMessage(m.endToEnd), priority: 3, nowrap: true, cell: (row) => row.end_to_end_id },
  ];
  return (
    <Stack gap="4">
      <RouteHeader route={route} homeHref={homeHref} />
      <Text color="fg.muted">{intl.formatMessage(m.staffIntro)}</Text>
      <ListView
        list={list}
        caption={intl.formatMessage(m.list)}
        columns={columns}
        query={query}
        rowKey={(row) => row.id}
        rowAttributes={(row) => ({ 'data-direct-deposit': row.id, 'data-client': row.client })}
        sortLabels={sortLabels(intl)}
        search={{ label: intl.formatMessage(m.search) }}
        filters={
          <>
            <FilterSelect list={list} name="status" label={intl.formatMessage(m.status)} allLabel={intl.formatMessage(m.allStatuses)} options={statusOptions(intl)} />
            <ClientFilter list={list} clients={clients.data} label={intl.formatMessage(m.client)} allLabel={intl.formatMessage(m.allClients)} />
          </>
        }
        errorTitle={intl.formatMessage(m.loadError)}
        emptyTitle={intl.formatMessage(m.empty)}
      />
    </Stack>
  );
}
