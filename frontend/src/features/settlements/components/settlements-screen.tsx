import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type IntlShape, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';

import type { Settlement, SettlementDetail } from '@/api/types';
import { DetailDrawer, DetailGrid, FilterSelect, type GridColumn, ListView, type ListHandle, useList } from '@/components/kit';
import { RouteHeader } from '@/components/route-header';
import { paths } from '@/config/paths';
import { formatDocument } from '@/lib/documents';
import { formatDate, money } from '@/lib/format';

import { getSettlementQueryOptions, getSettlementsQueryOptions } from '../api/settlements';
import { CURRENCIES, METHODS, settlementsList, settlementsQuery } from '../lib/list';
import { methodMessages, settlementsMessages as m } from '../messages';

const SETTLEMENT_PARAM = 'settlement';

const methodLabel = (intl: IntlShape, method: string) => (method in methodMessages ? intl.formatMessage(methodMessages[method as keyof typeof methodMessages]) : method);

/** clients/consolidation: the client's settlements (day, method, currency), each opening its payments. */
export default function SettlementsScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const list = useList(settlementsList);
  const query = useQuery(getSettlementsQueryOptions(settlementsQuery(list.state)));
  const open = list.param(SETTLEMENT_PARAM);
  return (
    <Stack gap="4">
      <RouteHeader route={route} homeHref={homeHref} />
      <Text color="fg.muted">{intl.formatMessage(m.intro)}</Text>
      <ListView
        list={list}
        caption={intl.formatMessage(m.table)}
        columns={columns(intl, list)}
        query={query}
        rowKey={(row) => row.id}
        rowAttributes={(row) => ({ 'data-settlement': row.id })}
        filters={
          <>
            <FilterSelect list={list} name="method" label={intl.formatMessage(m.method)} allLabel={intl.formatMessage(m.allMethods)} options={METHODS.map((value) => ({ value, label: methodLabel(intl, value) }))} />
            <FilterSelect list={list} name="currency" label={intl.formatMessage(m.currency)} allLabel={intl.formatMessage(m.allCurrencies)} options={CURRENCIES.map((value) => ({ value, label: value }))} />
          </>
        }
        errorTitle={intl.formatMessage(m.loadError)}
        emptyTitle={intl.formatMessage(m.empty)}
      />
      <DetailDrawer open={Boolean(open)} title={open ?? ''} size="lg" onClose={() => list.setParam(SETTLEMENT_PARAM, null)}>
        {open && <SettlementPayments id={open} />}
      </DetailDrawer>
    </Stack>
  );
}

function columns(intl: IntlShape, list: ListHandle<string>): GridColumn<Settlement>[] {
  return [
    { key: 'date', priority: 1, card: 'date', header: intl.formatMessage(m.colDate), nowrap: true, cell: (row) => formatDate(row.date, intl.locale) },
    { key: 'method', priority: 1, card: 'title', header: intl.formatMessage(m.colMethod), cell: (row) => `${methodLabel(intl, row.method)} · ${row.currency}` },
    { key: 'count', priority: 2, header: intl.formatMessage(m.colCount), numeric: true, cell: (row) => intl.formatNumber(row.count) },
    { key: 'gross', priority: 3, header: intl.formatMessage(m.colGross), numeric: true, cell: (row) => money(row.gross, row.currency, intl.locale) },
    { key: 'fee', priority: 3, header: intl.formatMessage(m.colFee), numeric: true, cell: (row) => money(row.fee, row.currency, intl.locale) },
    { key: 'net', priority: 1, card: 'amount', header: intl.formatMessage(m.colCredit), numeric: true, cell: (row) => money(row.net, row.currency, intl.locale) },
    {
      key: 'actions',
      priority: 1,
      card: 'actions',
      fixed: true,
      header: intl.formatMessage(m.colActions),
      cell: (row) => (
        <HStack gap="2">
          <Button
            size="xs"
            variant="outline"
            aria-label={intl.formatMessage(m.viewPaymentsLabel, { date: formatDate(row.date, intl.locale), method: methodLabel(intl, row.method) })}
            onClick={() => list.setParam(SETTLEMENT_PARAM, row.id)}
          >
            {intl.formatMessage(m.viewPayments)}
          </Button>
          <Button asChild size="xs" variant="ghost">
            <RouterLink to={paths.settlementReceipt.getHref(row.id)} aria-label={intl.formatMessage(m.receiptLabel, { date: formatDate(row.date, intl.locale), method: methodLabel(intl, row.method) })}>
              {intl.formatMessage(m.receipt)}
            </RouterLink>
          </Button>
        </HStack>
      ),
    },
  ];
}

type SettlementDeposit = SettlementDetail['deposits'][number];

function paymentColumns(intl: IntlShape, currency: string): GridColumn<SettlementDeposit>[] {
  const cash = (cents: number) => money(cents, currency, intl.locale);
  return [
    { key: 'id', header: intl.formatMessage(m.colPayment), priority: 1, card: 'title', mono: true, cell: (d) => d.id },
    { key: 'payer', header: intl.formatMessage(m.colPayer), priority: 2, cell: (d) => d.payer_name },
    { key: 'document', header: intl.formatMessage(m.colDocument), priority: 2, nowrap: true, cell: (d) => formatDocument(d.payer_document) },
    { key: 'amount', header: intl.formatMessage(m.colAmount), priority: 1, card: 'amount', numeric: true, cell: (d) => cash(d.amount) },
    { key: 'fee', header: intl.formatMessage(m.colFee), priority: 1, numeric: true, cell: (d) => cash(d.fee) },
    { key: 'net', header: intl.formatMessage(m.colNet), priority: 1, numeric: true, cell: (d) => cash(d.net) },
    {
      key: 'actions',
      header: intl.formatMessage(m.colActions),
      priority: 1,
      card: 'actions',
      cell: (d) => (
        <Button asChild size="xs" variant="ghost">
          <RouterLink to={paths.depositReceipt.getHref(d.id)} aria-label={intl.formatMessage(m.depositReceiptLabel, { id: d.id })}>
            {intl.formatMessage(m.receipt)}
          </RouterLink>
        </Button>
      ),
    },
  ];
}

function SettlementPayments({ id }: { id: string }) {
  const intl = useIntl();
  const detail = useQuery(getSettlementQueryOptions(id));
  const s = detail.data;
  const cash = (cents: number) => money(cents, s?.currency ?? 'BRL', intl.locale);
  return (
    <Stack gap="3">
      {s && (
        <>
          <Text fontWeight="semibold">{intl.formatMessage(m.drawerTitle, { date: formatDate(s.date, intl.locale), method: methodLabel(intl, s.method), currency: s.currency })}</Text>
          <Text>{intl.formatMessage(m.totals, { count: s.count, gross: cash(s.gross), fee: cash(s.fee), net: cash(s.net) })}</Text>
        </>
      )}
      <DetailGrid
        caption={intl.formatMessage(m.paymentsTable)}
        columns={paymentColumns(intl, s?.currency ?? 'BRL')}
        rows={s?.deposits}
        rowKey={(d) => d.id}
        rowAttributes={(d) => ({ 'data-deposit': d.id })}
        error={detail.isError ? { title: intl.formatMessage(m.detailError), onRetry: () => void detail.refetch() } : null}
      />
      {s?.deposits_cursor && <Text color="fg.muted">{intl.formatMessage(m.more, { shown: s.deposits.length, count: s.count })}</Text>}
    </Stack>
  );
}
