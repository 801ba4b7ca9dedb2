import { Button, Flex, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';

import { AppToaster } from '@/components/app-toaster';
import { ExportMenu, FilterMultiSelect, labelsOf, ListView, useList } from '@/components/kit';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { useCanWrite } from '@/lib/auth/session';

import { getDepositsQueryOptions } from '../api/get-deposits';
import { getDepositsSummaryQueryOptions } from '../api/get-deposits-summary';
import { CURRENCIES, DEPOSIT_METHODS, DEPOSIT_STATUSES, SORTS } from '../lib/constants';
import type { ChargeMethod } from '../lib/deposit-form';
import { DETAIL_PARAM, depositsList, filterQuery, listQuery } from '../lib/list';
import { isRefundable, type RefundDialogComponent, type RefundTarget } from '../lib/refund-action';
import { depositsMessages as m, labelOf, methodMessages, sortMessages, statusMessages } from '../messages';
import { AmountFilter } from './amount-filter';
import { depositColumns } from './deposit-columns';
import { DepositDetailDrawer } from './deposit-detail-drawer';
import { DepositsSummary } from './deposits-summary';
import { GenerateDepositDialog } from './generate-deposit-dialog';

/**
 * clients/payments ("Depósitos"): the tenant's deposits on the list kit (filters, search, sort and
 * keyset pages in the URL), a compact summary strip of the filtered set, billet and PIX generation,
 * and a deposit's detail drawer.
 */
type Props = {
  route: string;
  homeHref: string;
  /** The refund form (from the refunds feature, handed in by the app): "Refund" on rows and in the drawer. */
  refundDialog?: RefundDialogComponent;
};

export default function DepositsScreen({ route, homeHref, refundDialog: RefundDialog }: Props) {
  const intl = useIntl();
  const writable = useCanWrite(route);
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);
  const onRefund = RefundDialog && writable ? setRefunding : undefined;
  const list = useList(depositsList, { detailParam: DETAIL_PARAM });
  const [generating, setGenerating] = useState<ChargeMethod | null>(null);
  const query = useQuery(getDepositsQueryOptions(listQuery(list.state)));
  const summary = useQuery(getDepositsSummaryQueryOptions(filterQuery(list.state)));
  const total = summary.data ? summary.data.currencies.reduce((sum, row) => sum + row.count, 0) : null;
  const currencies = list.state.filters.currency;
  const options = (values: readonly string[], label: (value: string) => string) => values.map((value) => ({ value, label: label(value) }));
  const text = (messages: Record<string, MessageDescriptor>) => (value: string) => {
    const label = labelOf(messages, value);
    return typeof label === 'string' ? label : intl.formatMessage(label);
  };

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="start" gap="3" wrap="wrap">
        <RouteHeader route={route} homeHref={homeHref} />
        {writable && (
          <Flex gap="2" wrap="wrap" role="group" aria-label={intl.formatMessage(m.actions)}>
            <Button size="sm" colorPalette="blue" onClick={() => setGenerating('billet')}>
              {intl.formatMessage(m.generateBillet)}
            </Button>
            <Button size="sm" colorPalette="blue" variant="outline" onClick={() => setGenerating('pix')}>
              {intl.formatMessage(m.generatePix)}
            </Button>
          </Flex>
        )}
      </Flex>
      <ListView
        list={list}
        caption={intl.formatMessage(m.table)}
        // The actions column only where a row of this page can be refunded (an empty column says nothing).
        columns={depositColumns(intl, (id) => list.setParam(DETAIL_PARAM, id), query.data?.items.some(isRefundable) ? onRefund : undefined)}
        query={query}
        rowKey={(row) => row.id}
        rowAttributes={(row) => ({ 'data-deposit': row.id })}
        sortLabels={labelsOf(intl, SORTS, sortMessages)}
        search={{ label: intl.formatMessage(m.search), hint: intl.formatMessage(m.searchPlaceholder) }}
        filters={
          <>
            <FilterMultiSelect list={list} name="status" label={intl.formatMessage(m.status)} options={options(DEPOSIT_STATUSES, text(statusMessages))} />
            <FilterMultiSelect list={list} name="method" label={intl.formatMessage(m.type)} options={options(DEPOSIT_METHODS, text(methodMessages))} />
            <FilterMultiSelect list={list} name="currency" label={intl.formatMessage(m.currency)} options={options(CURRENCIES, (value) => value)} />
            <AmountFilter key={`${String(list.state.filters.amount_min)}-${String(list.state.filters.amount_max)}`} list={list} />
          </>
        }
        summary={<DepositsSummary result={summary} currency={(Array.isArray(currencies) ? currencies[0] : currencies) || CURRENCIES[0]} />}
        total={total}
        exportSlot={<ExportMenu type="payments" query={listQuery(list.state)} />}
        errorTitle={intl.formatMessage(commonMessages.depositsNotFound)}
      />
      {generating && <GenerateDepositDialog method={generating} onClose={() => setGenerating(null)} />}
      <DepositDetailDrawer id={list.param(DETAIL_PARAM)} onClose={() => list.setParam(DETAIL_PARAM, null)} onRefund={onRefund} />
      {RefundDialog && refunding && <RefundDialog deposit={refunding} onClose={() => setRefunding(null)} />}
      <AppToaster />
    </Stack>
  );
}
