import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';

import type { BankAccount } from '@/api/types';
import { AppToaster } from '@/components/app-toaster';
import { FilterSelect, labelsOf, listSortMessages, ListView, useList } from '@/components/kit';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { useCanWrite } from '@/lib/auth/session';
import { LIST_SORTS } from '@/lib/list-params';
import { money } from '@/lib/format';

import { getPayoutsQueryOptions } from '../api/get-payouts';
import { DETAIL_PARAM, PAYOUT_METHODS, PAYOUT_STATUSES, listQuery, payoutsList } from '../lib/filters';
import { payoutMethodMessages, payoutStatusMessages, payoutsMessages as m } from '../messages';
import { GeneratePayoutDialog } from './generate-payout-dialog';
import { payoutColumns } from './payout-columns';
import { PayoutDetailDrawer } from './payout-detail-drawer';

export type PayoutsScreenProps = {
  route: string;
  homeHref: string;
  /** A fixed kind filter (manual-withdraws, transactional-withdraws). */
  kind?: string;
  /** The client's bank accounts for the generate form (the composition loads them). */
  accounts?: BankAccount[];
  accountsLoading?: boolean;
  /** More on the screen (the bank accounts panel). */
  children?: ReactNode;
  /** Shown under the title, before the actions (the wallet screen's balance). */
  above?: ReactNode;
  /** Another write action in place of "Generate single withdraw" (its label and its dialog). */
  action?: { label: MessageDescriptor; dialog: (close: () => void) => ReactNode };
};

/** clients/withdraws ("Saques"): the tenant's withdrawals on the list kit (filters, period, sort, pages in the URL), detail. */
export function PayoutsScreen({ route, homeHref, kind, accounts, accountsLoading, children, above, action }: PayoutsScreenProps) {
  const intl = useIntl();
  const writable = useCanWrite(route);
  const list = useList(payoutsList, { detailParam: DETAIL_PARAM });
  const [generating, setGenerating] = useState(false);
  const query = useQuery(getPayoutsQueryOptions(listQuery(list.state, kind)));
  const options = (values: readonly string[], labels: Record<string, MessageDescriptor>) => values.map((value) => ({ value, label: intl.formatMessage(labels[value]!) }));
  const summary = query.data?.summary;

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="start" gap="3" wrap="wrap">
        <RouteHeader route={route} homeHref={homeHref} />
        {writable && (
          <Flex gap="2" wrap="wrap" role="group" aria-label={intl.formatMessage(m.actions)}>
            <Button size="sm" colorPalette="blue" onClick={() => setGenerating(true)}>
              {intl.formatMessage(action?.label ?? m.generate)}
            </Button>
          </Flex>
        )}
      </Flex>
      {above}
      <ListView
        list={list}
        caption={intl.formatMessage(m.table)}
        columns={payoutColumns(intl, (id) => list.setParam(DETAIL_PARAM, id))}
        query={query}
        rowKey={(row) => row.id}
        rowAttributes={(row) => ({ 'data-payout': row.id })}
        sortLabels={labelsOf(intl, LIST_SORTS, listSortMessages)}
        search={{ label: intl.formatMessage(m.search) }}
        filters={
          <>
            <FilterSelect list={list} name="status" label={intl.formatMessage(m.status)} allLabel={intl.formatMessage(m.allStatuses)} options={options(PAYOUT_STATUSES, payoutStatusMessages)} />
            <FilterSelect list={list} name="method" label={intl.formatMessage(m.method)} allLabel={intl.formatMessage(m.allMethods)} options={options(PAYOUT_METHODS, payoutMethodMessages)} />
          </>
        }
        summary={
          summary && (
            <Text fontSize="sm" color="fg.muted">
              {intl.formatMessage(m.summary, {
                count: summary.count,
                // one total per currency: reais are never added to dollars
                amount: summary.currencies.length
                  ? summary.currencies.map((c) => money(c.amount, c.currency, intl.locale)).join(' · ')
                  : money(0, 'BRL', intl.locale),
              })}
            </Text>
          )
        }
        total={summary?.count}
        errorTitle={intl.formatMessage(m.loadError)}
        emptyTitle={intl.formatMessage(commonMessages.withdrawalsNotFound)}
      />
      {children}
      {generating &&
        (action ? action.dialog(() => setGenerating(false)) : <GeneratePayoutDialog accounts={accounts} accountsLoading={accountsLoading} onClose={() => setGenerating(false)} />)}
      <PayoutDetailDrawer id={list.param(DETAIL_PARAM)} canCancel={writable} onClose={() => list.setParam(DETAIL_PARAM, null)} />
      <AppToaster />
    </Stack>
  );
}
