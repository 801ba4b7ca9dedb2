import { Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type IntlShape, useIntl } from 'react-intl';

import type { CustomerMetric } from '@/api/types';
import { type GridColumn, ListView, defineList, useList } from '@/components/kit';
import { RouteHeader } from '@/components/route-header';
import { formatDocument } from '@/lib/documents';
import { formatDate, money } from '@/lib/format';
import { LIST_PAGE_SIZES } from '@/lib/list-params';

import { getCustomersMetricsQueryOptions } from '../api/metrics';
import { metricsMessages as m } from '../messages';

const SORTS = ['-volume', '-deposits', '-refund_ratio', '-med_ratio'] as const;

/** admin/customers-metrics: the top payers across clients over a period; sort and period in the URL. */
export const metricsList = defineList({ id: 'customers-metrics', period: true, sorts: SORTS, defaultSort: '-volume', pageSizes: LIST_PAGE_SIZES });

const percent = (ratio: number, intl: IntlShape) => intl.formatNumber(ratio, { style: 'percent', maximumFractionDigits: 1 });

function columns(intl: IntlShape): GridColumn<CustomerMetric>[] {
  const brl = (cents: number) => money(cents, 'BRL', intl.locale);
  return [
    { key: 'name', header: intl.formatMessage(m.colName), priority: 1, card: 'title', cell: (r) => r.name || '—' },
    { key: 'document', header: intl.formatMessage(m.colDocument), priority: 1, nowrap: true, cell: (r) => formatDocument(r.document) },
    { key: 'clients', header: intl.formatMessage(m.colClients), priority: 3, numeric: true, cell: (r) => intl.formatNumber(r.clients) },
    { key: 'deposits', header: intl.formatMessage(m.colDeposits), priority: 2, numeric: true, sortField: 'deposits', cell: (r) => intl.formatNumber(r.deposits) },
    { key: 'volume', header: intl.formatMessage(m.colVolume), priority: 1, numeric: true, card: 'amount', sortField: 'volume', cell: (r) => brl(r.volume) },
    { key: 'refunded', header: intl.formatMessage(m.colRefunded), priority: 3, numeric: true, cell: (r) => brl(r.refunded) },
    { key: 'refund_ratio', header: intl.formatMessage(m.colRefundRatio), priority: 1, numeric: true, sortField: 'refund_ratio', cell: (r) => percent(r.refund_ratio, intl) },
    { key: 'med', header: intl.formatMessage(m.colMed), priority: 3, numeric: true, cell: (r) => intl.formatNumber(r.med_cases) },
    { key: 'med_ratio', header: intl.formatMessage(m.colMedRatio), priority: 1, numeric: true, sortField: 'med_ratio', cell: (r) => percent(r.med_ratio, intl) },
  ];
}

export default function CustomersMetricsScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const list = useList(metricsList);
  const query = useQuery(
    getCustomersMetricsQueryOptions({ date_from: list.state.dateFrom || undefined, date_to: list.state.dateTo || undefined, sort: list.state.sort, per_page: list.state.perPage }),
  );
  const data = query.data;
  return (
    <Stack gap="4">
      <RouteHeader route={route} homeHref={homeHref} />
      <Text color="fg.muted">{intl.formatMessage(m.intro)}</Text>
      <ListView
        list={list}
        caption={intl.formatMessage(m.table)}
        columns={columns(intl)}
        query={query}
        rowKey={(r) => r.document}
        rowAttributes={(r) => ({ 'data-document': r.document })}
        sortLabels={{
          '-volume': intl.formatMessage(m.sortVolume),
          '-deposits': intl.formatMessage(m.sortDeposits),
          '-refund_ratio': intl.formatMessage(m.sortRefundRatio),
          '-med_ratio': intl.formatMessage(m.sortMedRatio),
        }}
        summary={data ? <Text fontSize="sm">{intl.formatMessage(m.period, { from: formatDate(data.date_from, intl.locale), to: formatDate(data.date_to, intl.locale) })}</Text> : null}
        errorTitle={intl.formatMessage(m.loadError)}
        emptyTitle={intl.formatMessage(m.empty)}
      />
    </Stack>
  );
}
