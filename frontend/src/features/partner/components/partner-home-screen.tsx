import { Box, Flex, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type MessageDescriptor, useIntl } from 'react-intl';

import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import type { PartnerHome } from '@/api/types';
import { BarChart, ClientFilter, DataGrid, ExportMenu, FilterSelect, type GridColumn, useList } from '@/components/kit';
import { EmptyBlock, LoadError } from '@/components/query-state';
import { RouteHeader } from '@/components/route-header';
import { formatDate, money } from '@/lib/format';

import { getPartnerHomeQueryOptions } from '../api/partner';
import { partnerHomeList } from '../lib/lists';
import { partnerMessages as m } from '../messages';
import { ClientCell } from './shared';

type Row = PartnerHome['clients'][number];

/**
 * The partner's home (partner-providers/home): its clients at a glance in one currency over a period
 * (this month by default): deposits, paid volume, payouts, fees and balance, with a client filter and
 * a bar of each client's share of the volume.
 */
export default function PartnerHomeScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const list = useList(partnerHomeList);
  const client = typeof list.state.filters.client === 'string' ? list.state.filters.client : '';
  const currency = (typeof list.state.filters.currency === 'string' && list.state.filters.currency) || 'BRL';
  const query = useQuery(getPartnerHomeQueryOptions({ client, currency, from: list.state.dateFrom || null, to: list.state.dateTo || null }));
  const clients = useQuery(getStaffClientsQueryOptions());
  const text = (value: MessageDescriptor) => intl.formatMessage(value);
  const cash = (cents: number) => money(cents, currency, intl.locale);
  const data = query.data;
  const top = Math.max(1, ...(data?.clients ?? []).map((row) => row.volume));
  const totals = data?.totals;
  // The chart: the ten clients with the most volume (the rows come sorted by volume).
  const chartRows = (data?.clients ?? []).slice(0, 10);
  const columns: GridColumn<Row>[] = [
    { key: 'client', priority: 1, card: 'title', header: text(m.colClient), cell: (row) => <ClientCell name={row.client_name} slug={row.client} /> },
    { key: 'deposits', priority: 2, header: text(m.colDeposits), numeric: true, cell: (row) => `${intl.formatNumber(row.deposits_count)} · ${cash(row.deposits_amount)}` },
    {
      key: 'volume',
      priority: 1,
      card: 'amount',
      header: text(m.colVolume),
      numeric: true,
      cell: (row) => (
        <Stack gap="1" align="end">
          <Text>{cash(row.volume)}</Text>
          <Box h="1.5" w="24" bg="bg.muted" rounded="full" role="img" aria-label={intl.formatMessage(m.volumeBar, { share: intl.formatNumber(row.volume / top, { style: 'percent' }) })}>
            <Box h="full" w={`${Math.round((row.volume / top) * 100)}%`} bg="colorPalette.solid" colorPalette="blue" rounded="full" />
          </Box>
        </Stack>
      ),
    },
    { key: 'payouts', priority: 2, header: text(m.colPayouts), numeric: true, cell: (row) => `${intl.formatNumber(row.payouts_count)} · ${cash(row.payouts_amount)}` },
    { key: 'fee', priority: 3, header: text(m.colFee), numeric: true, cell: (row) => cash(row.fee) },
    { key: 'available', priority: 1, header: text(m.colAvailable), numeric: true, cell: (row) => cash(row.available) },
    { key: 'pending', priority: 3, header: text(m.colPending), numeric: true, cell: (row) => cash(row.pending) },
    { key: 'held', priority: 3, header: text(m.colHeld), numeric: true, cell: (row) => cash(row.held) },
  ];
  const stats: [MessageDescriptor, string, string?][] = totals
    ? [
        [m.totalDeposits, cash(totals.deposits_amount), intl.formatMessage(m.count, { count: totals.deposits_count })],
        [m.totalVolume, cash(totals.volume)],
        [m.totalPayouts, cash(totals.payouts_amount), intl.formatMessage(m.count, { count: totals.payouts_count })],
        [m.totalAvailable, cash(totals.available)],
      ]
    : [];
  return (
    <Stack gap="4">
      <RouteHeader route={route} homeHref={homeHref} />
      {data && (
        <Text color="fg.muted" fontSize="sm">
          {intl.formatMessage(m.homeIntro, { from: formatDate(data.from, intl.locale), to: formatDate(data.to, intl.locale) })}
        </Text>
      )}
      <Flex gap="3" wrap="wrap" align="end">
        <ClientFilter list={list} clients={clients.data} label={text(m.client)} allLabel={text(m.allClients)} />
        <FilterSelect list={list} name="currency" label={text(m.currency)} allLabel="BRL" options={[{ value: 'USD', label: 'USD' }]} />
        <ExportMenu type="partner_report" query={{ from: list.state.dateFrom || null, to: list.state.dateTo || null }} label={text(m.report)} />
      </Flex>
      {stats.length > 0 && (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
          {stats.map(([label, value, help]) => (
            <Stat.Root key={label.id} borderWidth="1px" rounded="lg" p="4" bg="bg.panel">
              <Stat.Label>{text(label)}</Stat.Label>
              <Stat.ValueText>{value}</Stat.ValueText>
              {help && <Stat.HelpText>{help}</Stat.HelpText>}
            </Stat.Root>
          ))}
        </SimpleGrid>
      )}
      {data && data.clients.length > 0 && (
        <BarChart
          title={text(m.chart)}
          labels={chartRows.map((row) => row.client_name)}
          labelHeader={text(m.colClient)}
          format={cash}
          series={[
            { key: 'volume', label: text(m.colVolume), color: 'blue.500', values: chartRows.map((row) => row.volume) },
            { key: 'payouts', label: text(m.colPayouts), color: 'orange.400', values: chartRows.map((row) => row.payouts_amount) },
          ]}
        />
      )}
      <Box>
        {query.isError && !data ? (
          <Box role="alert">
            <LoadError title={text(m.loadError)} onRetry={() => void query.refetch()} />
          </Box>
        ) : data && data.clients.length === 0 ? (
          <Box role="status">
            <EmptyBlock title={text(m.empty)} description={text(m.noClients)} />
          </Box>
        ) : (
          <DataGrid caption={text(m.homeTable)} columns={columns} rows={data?.clients} rowKey={(row) => row.client} busy={query.isPending} skeletonRows={5} />
        )}
      </Box>
    </Stack>
  );
}
