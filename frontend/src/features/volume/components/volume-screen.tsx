import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type IntlShape, useIntl } from 'react-intl';

import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import type { VolumeRow, VolumeTotal } from '@/api/types';
import { ClientFilter, ExportMenu, FilterSelect, type GridColumn, ListView, useList } from '@/components/kit';
import { RouteHeader } from '@/components/route-header';
import { money } from '@/lib/format';

import { getVolumeQueryOptions } from '@/api/get-stats-volume';
import { CURRENCIES, METHODS, SORT_FIELDS, type Sort, type SortField, volumeList, volumeQuery } from '../lib/list';
import { volumeMessages as m } from '../messages';

type Sums = Pick<VolumeRow, 'currency' | 'fees' | 'balance'> & Record<string, number | string>;

/** An amount with its count of operations below it. */
function Amount({ amount, count, currency }: { amount: number; count?: number; currency: string }) {
  const intl = useIntl();
  return (
    <Stack gap="0" align="end">
      <Text as="span">{money(amount, currency, intl.locale)}</Text>
      {count !== undefined && (
        <Text as="span" fontSize="xs" color="fg.muted">
          {intl.formatMessage(m.count, { count })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * admin/volume: money paid per client and currency in a period, deposits by method, withdrawals,
 * fees and the available balance, sorted by any column, with totals per currency; "Generate report"
 * exports the same rows (same filters) through the download center.
 */
export default function VolumeScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const list = useList(volumeList);
  const params = volumeQuery(list.state);
  const volume = useQuery(getVolumeQueryOptions(params));
  const clients = useQuery(getStaffClientsQueryOptions());
  const query = { ...volume, data: volume.data ? { items: volume.data.rows, next_cursor: null } : undefined };
  return (
    <Stack gap="4">
      <RouteHeader route={route} homeHref={homeHref} />
      <Text color="fg.muted">{intl.formatMessage(m.intro)}</Text>
      <ListView
        list={list}
        caption={intl.formatMessage(m.table)}
        columns={columns(intl, list.state.sort)}
        query={query}
        rowKey={(row) => `${row.client}:${row.currency}`}
        rowAttributes={(row) => ({ 'data-client': row.client, 'data-currency': row.currency })}
        sortLabels={sortLabels(intl)}
        filters={
          <>
            <FilterSelect list={list} name="currency" label={intl.formatMessage(m.currency)} allLabel={intl.formatMessage(m.allCurrencies)} options={CURRENCIES.map((value) => ({ value, label: value }))} />
            <ClientFilter list={list} clients={clients.data} label={intl.formatMessage(m.client)} allLabel={intl.formatMessage(m.allClients)} />
          </>
        }
        summary={volume.data && volume.data.totals.length > 0 ? <Totals totals={volume.data.totals} /> : null}
        exportSlot={<ExportMenu type="volume" query={params} label={intl.formatMessage(m.generate)} />}
        total={volume.data?.rows.length ?? null}
        errorTitle={intl.formatMessage(m.loadError)}
        emptyTitle={intl.formatMessage(m.empty)}
      />
    </Stack>
  );
}

/** The totals row, one per currency (reais and dollars are never added together). */
function Totals({ totals }: { totals: VolumeTotal[] }) {
  const intl = useIntl();
  return (
    <Stack gap="2" role="group" aria-label={intl.formatMessage(m.totals)}>
      {totals.map((total) => (
        <Box key={total.currency} data-total={total.currency} borderWidth="1px" borderRadius="md" px="3" py="2">
          <Text fontWeight="semibold" fontSize="sm">
            {intl.formatMessage(m.totalsOf, { currency: total.currency, clients: total.clients })}
          </Text>
          <HStack gap="6" wrap="wrap" fontSize="sm">
            {METHODS.map((method) => (
              <Figure key={method} label={intl.formatMessage(m[method])} sums={total} field={method} />
            ))}
            <Figure label={intl.formatMessage(m.deposits)} sums={total} field="deposits" />
            <Figure label={intl.formatMessage(m.payouts)} sums={total} field="payouts" />
            <Figure label={intl.formatMessage(m.fees)} sums={total} field="fees" />
            <Figure label={intl.formatMessage(m.balance)} sums={total} field="balance" />
          </HStack>
        </Box>
      ))}
    </Stack>
  );
}

function Figure({ label, sums, field }: { label: string; sums: Sums; field: string }) {
  const intl = useIntl();
  const amount = Number(sums[`${field}_amount`] ?? sums[field] ?? 0);
  return (
    <Stack gap="0" data-figure={field}>
      <Text as="span" color="fg.muted" fontSize="xs">
        {label}
      </Text>
      <Text as="span" fontWeight="medium">
        {money(amount, sums.currency, intl.locale)}
      </Text>
    </Stack>
  );
}

function sortLabels(intl: IntlShape): Record<Sort, string> {
  const labels = {} as Record<Sort, string>;
  for (const field of SORT_FIELDS) {
    const column = intl.formatMessage(columnTitle(field));
    labels[`-${field}`] = field === 'client' ? intl.formatMessage(m.sortClientDesc) : intl.formatMessage(m.sortDesc, { column });
    labels[field] = field === 'client' ? intl.formatMessage(m.sortClientAsc) : intl.formatMessage(m.sortAsc, { column });
  }
  return labels;
}

function columnTitle(field: SortField) {
  if (field === 'client') return m.colClient;
  if (field === 'fees' || field === 'balance') return m[field];
  return m[field.replace('_amount', '') as 'deposits' | 'payouts' | 'billet' | 'card' | 'wire' | 'pix'];
}

function columns(intl: IntlShape, sort: Sort): GridColumn<VolumeRow>[] {
  const sortField = (field: SortField) => (sort.replace('-', '') === field ? sort : undefined);
  return [
    { key: 'client', priority: 1, card: 'title', fixed: true, header: intl.formatMessage(m.colClient), sortField: sortField('client'), cell: (row) => row.name },
    { key: 'currency', priority: 1, header: intl.formatMessage(m.colCurrency), nowrap: true, cell: (row) => row.currency },
    ...METHODS.map(
      (method): GridColumn<VolumeRow> => ({
        key: method,
        priority: 2,
        numeric: true,
        header: intl.formatMessage(m[method]),
        sortField: sortField(`${method}_amount`),
        cell: (row) => <Amount amount={row[`${method}_amount`]} count={row[`${method}_count`]} currency={row.currency} />,
      }),
    ),
    { key: 'deposits', priority: 1, card: 'amount', numeric: true, header: intl.formatMessage(m.deposits), sortField: sortField('deposits_amount'), cell: (row) => <Amount amount={row.deposits_amount} count={row.deposits_count} currency={row.currency} /> },
    { key: 'payouts', priority: 1, numeric: true, header: intl.formatMessage(m.payouts), sortField: sortField('payouts_amount'), cell: (row) => <Amount amount={row.payouts_amount} count={row.payouts_count} currency={row.currency} /> },
    { key: 'fees', priority: 2, numeric: true, header: intl.formatMessage(m.fees), sortField: sortField('fees'), cell: (row) => <Amount amount={row.fees} currency={row.currency} /> },
    { key: 'balance', priority: 2, numeric: true, header: intl.formatMessage(m.balance), sortField: sortField('balance'), cell: (row) => <Amount amount={row.balance} currency={row.currency} /> },
  ];
}
