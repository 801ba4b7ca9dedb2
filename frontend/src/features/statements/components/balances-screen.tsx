import { Box, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type IntlShape, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';

import type { ClientBalanceList, ClientBalanceRow } from '@/api/types';
import { FilterSelect, type GridColumn, ListView, defineList, useList } from '@/components/kit';
import { SummaryList } from '@/components/kit/summary-list';
import { RouteHeader } from '@/components/route-header';
import { paths } from '@/config/paths';
import { money } from '@/lib/format';
import { LIST_PAGE_SIZES } from '@/lib/list-params';

import { getBalancesQueryOptions } from '../api/statements';
import { statementMessages as m } from '../messages';

const SORTS = ['name', '-name', '-available', 'available', '-pending', '-held'] as const;
const CURRENCIES = ['BRL', 'USD'] as const;

export const balancesList = defineList({
  id: 'client-balances',
  filters: { currency: { values: CURRENCIES } },
  search: true,
  sorts: SORTS,
  defaultSort: 'name',
  pageSizes: LIST_PAGE_SIZES,
});

function statementHref(row: ClientBalanceRow): string {
  const query = new URLSearchParams({ client: row.client.slug, account: `tenant:${row.client.slug}:available:${row.currency}` });
  return `${paths.screen.getHref('admin/statements')}?${query.toString()}`;
}

function columns(intl: IntlShape): GridColumn<ClientBalanceRow>[] {
  const cash = (cents: number, row: ClientBalanceRow) => money(cents, row.currency, intl.locale);
  return [
    { key: 'client', header: intl.formatMessage(m.client), priority: 1, card: 'title', sortField: 'name', cell: (row) => row.client.name },
    { key: 'currency', header: intl.formatMessage(m.currency), priority: 1, nowrap: true, cell: (row) => row.currency },
    { key: 'available', header: intl.formatMessage(m.available), priority: 1, card: 'amount', numeric: true, nowrap: true, sortField: 'available', cell: (row) => cash(row.available, row) },
    { key: 'pending', header: intl.formatMessage(m.pending), priority: 1, numeric: true, nowrap: true, sortField: 'pending', cell: (row) => cash(row.pending, row) },
    { key: 'held', header: intl.formatMessage(m.held), priority: 2, numeric: true, nowrap: true, sortField: 'held', cell: (row) => cash(row.held, row) },
    {
      key: 'statement',
      header: intl.formatMessage(m.viewStatement),
      priority: 2,
      card: 'actions',
      cell: (row) => (
        <Link asChild fontSize="sm" colorPalette="blue">
          <RouterLink to={statementHref(row)}>{intl.formatMessage(m.viewStatement)}</RouterLink>
        </Link>
      ),
    },
  ];
}

/** Totals per currency over every matching row: reais and dollars side by side, never added. */
function Totals({ data }: { data: ClientBalanceList | undefined }) {
  const intl = useIntl();
  if (!data || data.totals.length === 0) return null;
  return (
    <HStack gap="3" wrap="wrap" align="stretch">
      {data.totals.map((total) => (
        <Box key={total.currency} borderWidth="1px" rounded="lg" p="3" bg="bg.panel" data-currency-total={total.currency}>
          <Text fontSize="sm" fontWeight="semibold" mb="1">
            {intl.formatMessage(m.totals, { currency: total.currency })}
          </Text>
          <SummaryList
            items={[
              { label: intl.formatMessage(m.available), value: money(total.available, total.currency, intl.locale) },
              { label: intl.formatMessage(m.pending), value: money(total.pending, total.currency, intl.locale) },
              { label: intl.formatMessage(m.held), value: money(total.held, total.currency, intl.locale) },
            ]}
          />
        </Box>
      ))}
    </HStack>
  );
}

/** admin/clients-balance: available, pending and held per client and currency; totals, sort, search. */
export default function BalancesScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const list = useList(balancesList);
  const currency = typeof list.state.filters.currency === 'string' ? list.state.filters.currency : '';
  const query = useQuery(
    getBalancesQueryOptions({
      q: list.state.q || undefined,
      currency: currency || undefined,
      sort: list.state.sort,
      per_page: list.state.perPage,
      cursor: list.state.cursor ?? undefined,
    }),
  );
  const title = intl.formatMessage(m.balancesTitle);
  return (
    <Stack gap="4">
      <RouteHeader route={route} homeHref={homeHref} />
      <Text fontWeight="semibold">{title}</Text>
      <ListView
        list={list}
        caption={title}
        columns={columns(intl)}
        query={query}
        rowKey={(row) => `${row.client.slug}:${row.currency}`}
        rowAttributes={(row) => ({ 'data-client': row.client.slug, 'data-currency': row.currency })}
        sortLabels={{
          name: intl.formatMessage(m.sortName),
          '-name': intl.formatMessage(m.sortNameDesc),
          '-available': intl.formatMessage(m.sortAvailableDesc),
          available: intl.formatMessage(m.sortAvailable),
          '-pending': intl.formatMessage(m.sortPendingDesc),
          '-held': intl.formatMessage(m.sortHeldDesc),
        }}
        search={{ label: intl.formatMessage(m.balancesSearch) }}
        filters={<FilterSelect list={list} name="currency" label={intl.formatMessage(m.currency)} allLabel={intl.formatMessage(m.allCurrencies)} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />}
        summary={<Totals data={query.data} />}
        total={query.data?.count ?? null}
        errorTitle={intl.formatMessage(m.balancesError)}
        emptyTitle={intl.formatMessage(m.balancesEmpty)}
      />
    </Stack>
  );
}
