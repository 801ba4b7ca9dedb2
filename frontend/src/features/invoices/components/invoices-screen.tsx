import { Badge, Button, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type IntlShape, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';

import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import type { Invoice } from '@/api/types';
import { ClientFilter, FilterSelect, type GridColumn, ListView, useList } from '@/components/kit';
import { RouteHeader } from '@/components/route-header';
import { paths } from '@/config/paths';
import { money } from '@/lib/format';

import { getInvoicesQueryOptions } from '../api/invoices';
import { STATUSES, invoicesList, invoicesQuery, monthLabel, recentMonths } from '../lib/list';
import { invoicesMessages as m, statusMessages } from '../messages';

/** The totals of an invoice, one per currency (reais and dollars are never added together). */
export function totalsText(invoice: Pick<Invoice, 'totals'>, locale: string): string {
  return invoice.totals.map((total) => money(total.fee, total.currency, locale)).join(' · ');
}

export function InvoiceStatus({ status }: { status: string }) {
  const intl = useIntl();
  const descriptor = Object.hasOwn(statusMessages, status) ? statusMessages[status] : undefined;
  return (
    <Badge colorPalette={status === 'open' ? 'blue' : 'gray'} variant="subtle">
      {descriptor ? intl.formatMessage(descriptor) : status}
    </Badge>
  );
}

/** admin/invoices: one fee invoice per client and month, filters (month, client, status) in the URL. */
export default function InvoicesScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const list = useList(invoicesList);
  const query = useQuery(getInvoicesQueryOptions(invoicesQuery(list.state)));
  const clients = useQuery(getStaffClientsQueryOptions());
  const month = typeof list.state.filters.month === 'string' ? list.state.filters.month : '';
  const months = recentMonths();
  if (month && !months.includes(month)) months.push(month);
  return (
    <Stack gap="4">
      <RouteHeader route={route} homeHref={homeHref} />
      <Text color="fg.muted">{intl.formatMessage(m.intro)}</Text>
      <ListView
        list={list}
        caption={intl.formatMessage(m.table)}
        columns={columns(intl)}
        query={query}
        rowKey={(row) => row.number}
        rowAttributes={(row) => ({ 'data-invoice': row.number })}
        filters={
          <>
            <FilterSelect list={list} name="month" label={intl.formatMessage(m.month)} allLabel={intl.formatMessage(m.currentMonth)} options={months.slice(1).map((value) => ({ value, label: monthLabel(value, intl.locale) }))} />
            <ClientFilter list={list} clients={clients.data} label={intl.formatMessage(m.client)} allLabel={intl.formatMessage(m.allClients)} />
            <FilterSelect
              list={list}
              name="status"
              label={intl.formatMessage(m.status)}
              allLabel={intl.formatMessage(m.allStatuses)}
              options={STATUSES.map((value) => ({ value, label: intl.formatMessage(statusMessages[value]!) }))}
            />
          </>
        }
        errorTitle={intl.formatMessage(m.loadError)}
        emptyTitle={intl.formatMessage(m.empty)}
      />
    </Stack>
  );
}

function columns(intl: IntlShape): GridColumn<Invoice>[] {
  return [
    { key: 'number', priority: 1, card: 'title', header: intl.formatMessage(m.colNumber), nowrap: true, cell: (row) => <Text as="span" fontFamily="mono">{row.number}</Text> },
    { key: 'client', priority: 1, header: intl.formatMessage(m.colClient), cell: (row) => row.client.name },
    { key: 'period', priority: 2, card: 'date', header: intl.formatMessage(m.colPeriod), nowrap: true, cell: (row) => monthLabel(row.month, intl.locale) },
    { key: 'status', priority: 2, header: intl.formatMessage(m.colStatus), cell: (row) => <InvoiceStatus status={row.status} /> },
    { key: 'total', priority: 1, card: 'amount', header: intl.formatMessage(m.colTotal), numeric: true, cell: (row) => totalsText(row, intl.locale) },
    {
      key: 'actions',
      priority: 1,
      card: 'actions',
      fixed: true,
      header: intl.formatMessage(m.colActions),
      cell: (row) => (
        <Button asChild size="xs" variant="outline">
          <RouterLink to={paths.invoice.getHref(row.number)} aria-label={intl.formatMessage(m.openLabel, { number: row.number, client: row.client.name })}>
            {intl.formatMessage(m.open)}
          </RouterLink>
        </Button>
      ),
    },
  ];
}
