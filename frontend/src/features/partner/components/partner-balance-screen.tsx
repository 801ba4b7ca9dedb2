import { Box, Flex, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type MessageDescriptor, useIntl } from 'react-intl';

import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import type { PartnerBalance } from '@/api/types';
import { ClientFilter, DataGrid, FilterSelect, type GridColumn, useList } from '@/components/kit';
import { EmptyBlock, LoadError } from '@/components/query-state';
import { RouteHeader } from '@/components/route-header';
import { money } from '@/lib/format';

import { getPartnerBalanceQueryOptions } from '../api/partner';
import { CURRENCIES, partnerBalanceList } from '../lib/lists';
import { partnerMessages as m } from '../messages';
import { ClientCell } from './shared';

/** partner/balance: each linked client's balance per currency (available, pending, held), from the ledger. */
export default function PartnerBalanceScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const list = useList(partnerBalanceList);
  const client = typeof list.state.filters.client === 'string' ? list.state.filters.client : '';
  const currency = typeof list.state.filters.currency === 'string' ? list.state.filters.currency : '';
  const query = useQuery(getPartnerBalanceQueryOptions({ client, currency: currency ? [currency] : [] }));
  const clients = useQuery(getStaffClientsQueryOptions());
  const text = (value: MessageDescriptor) => intl.formatMessage(value);
  const columns: GridColumn<PartnerBalance>[] = [
    { key: 'client', priority: 1, card: 'title', header: text(m.colClient), cell: (row) => <ClientCell name={row.client_name} slug={row.client} /> },
    { key: 'currency', priority: 1, header: text(m.colCurrency), cell: (row) => row.currency },
    { key: 'available', priority: 1, card: 'amount', header: text(m.colAvailable), numeric: true, cell: (row) => money(row.available, row.currency, intl.locale) },
    { key: 'pending', priority: 1, header: text(m.colPending), numeric: true, cell: (row) => money(row.pending, row.currency, intl.locale) },
    { key: 'held', priority: 1, header: text(m.colHeld), numeric: true, cell: (row) => money(row.held, row.currency, intl.locale) },
  ];
  return (
    <Stack gap="4">
      <RouteHeader route={route} homeHref={homeHref} />
      <Flex gap="3" wrap="wrap" align="end">
        <ClientFilter list={list} clients={clients.data} label={text(m.client)} allLabel={text(m.allClients)} />
        <FilterSelect list={list} name="currency" label={text(m.currency)} allLabel={text(m.allCurrencies)} options={CURRENCIES.map((value) => ({ value, label: value }))} />
      </Flex>
      <Box>
        {query.isError && !query.data ? (
          <Box role="alert">
            <LoadError title={text(m.loadError)} onRetry={() => void query.refetch()} />
          </Box>
        ) : query.data && query.data.length === 0 ? (
          <Box role="status">
            <EmptyBlock title={text(m.empty)} description={text(m.noClients)} />
          </Box>
        ) : (
          <DataGrid caption={text(m.balanceTable)} columns={columns} rows={query.data} rowKey={(row) => `${row.client}:${row.currency}`} busy={query.isPending} skeletonRows={5} />
        )}
      </Box>
    </Stack>
  );
}
