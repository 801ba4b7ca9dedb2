import { Button, Field, Flex, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';

import type { BankAccount } from '@/api/types';
import { AppToaster } from '@/components/app-toaster';
import { RouteHeader } from '@/components/route-header';
import { useCanWrite } from '@/lib/auth/session';
import { nextPageParams, previousPageParams, readCursorPage } from '@/lib/cursor-pages';

import { getPayoutsQueryOptions } from '../api/get-payouts';
import { money } from '../lib/display';
import { DETAIL_PARAM, PAYOUT_METHODS, PAYOUT_STATUSES, hasActiveFilters, listQuery, readFilters, writeFilters } from '../lib/filters';
import { payoutMethodMessages, payoutStatusMessages, payoutsMessages as m } from '../messages';
import { GeneratePayoutDialog } from './generate-payout-dialog';
import { PayoutDetailDrawer } from './payout-detail-drawer';
import { Pagination, PayoutsTable } from './payouts-table';

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

/** clients/withdraws ("Saques"): the tenant's withdrawals, filters in the URL, keyset pages, detail. */
export function PayoutsScreen({ route, homeHref, kind, accounts, accountsLoading, children, above, action }: PayoutsScreenProps) {
  const intl = useIntl();
  const writable = useCanWrite(route);
  const [params, setParams] = useSearchParams();
  const [generating, setGenerating] = useState(false);
  const filters = readFilters(params);
  const page = readCursorPage(params);
  const list = useQuery(getPayoutsQueryOptions(listQuery(filters, page.cursor, kind)));
  const detailId = params.get(DETAIL_PARAM);
  const [search, setSearch] = useState(filters.q);

  const setDetail = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set(DETAIL_PARAM, id);
    else next.delete(DETAIL_PARAM);
    setParams(next);
  };
  const apply = (changes: Partial<typeof filters>) => setParams(writeFilters(params, { ...filters, ...changes }));
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    apply({ q: search });
  };

  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      {above}
      {writable && (
        <Flex gap="3" wrap="wrap" role="group" aria-label={intl.formatMessage(m.actions)}>
          <Button colorPalette="blue" onClick={() => setGenerating(true)}>
            {intl.formatMessage(action?.label ?? m.generate)}
          </Button>
        </Flex>
      )}
      <Flex as="form" gap="3" wrap="wrap" align="flex-end" onSubmit={submitSearch} aria-label={intl.formatMessage(m.filters)}>
        <Field.Root maxW="xs">
          <Field.Label>{intl.formatMessage(m.search)}</Field.Label>
          <Input type="search" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
        </Field.Root>
        <Button type="submit" variant="outline">
          {intl.formatMessage(m.searchButton)}
        </Button>
        <Field.Root maxW="48">
          <Field.Label>{intl.formatMessage(m.status)}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={filters.status} onChange={(e) => apply({ status: e.currentTarget.value })}>
              <option value="">{intl.formatMessage(m.allStatuses)}</option>
              {PAYOUT_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {intl.formatMessage(payoutStatusMessages[value])}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root maxW="48">
          <Field.Label>{intl.formatMessage(m.method)}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={filters.method} onChange={(e) => apply({ method: e.currentTarget.value })}>
              <option value="">{intl.formatMessage(m.allMethods)}</option>
              {PAYOUT_METHODS.map((value) => (
                <option key={value} value={value}>
                  {intl.formatMessage(payoutMethodMessages[value])}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {hasActiveFilters(filters) && (
          <Button
            variant="ghost"
            onClick={() => {
              setSearch('');
              apply({ q: '', status: '', method: '' });
            }}
          >
            {intl.formatMessage(m.clearFilters)}
          </Button>
        )}
      </Flex>
      {list.data && (
        <Text fontSize="sm" color="fg.muted">
          {intl.formatMessage(m.summary, {
            count: list.data.summary.count,
            // one total per currency: reais are never added to dollars
            amount: list.data.summary.currencies.length
              ? list.data.summary.currencies.map((c) => money(c.amount, c.currency, intl.locale)).join(' · ')
              : money(0, 'BRL', intl.locale),
          })}
        </Text>
      )}
      <Stack gap="0">
        <PayoutsTable
          items={list.data?.items}
          loading={list.isPending || (list.isPlaceholderData && list.isFetching)}
          error={list.isError}
          filtered={hasActiveFilters(filters)}
          onRetry={() => void list.refetch()}
          onOpen={(id) => setDetail(id)}
        />
        {(page.number > 1 || list.data?.next_cursor) && (
          <Pagination
            page={page.number}
            hasPrevious={page.number > 1}
            hasNext={Boolean(list.data?.next_cursor) && !list.isPlaceholderData}
            onPrevious={() => setParams(previousPageParams(params))}
            onNext={() => list.data?.next_cursor && setParams(nextPageParams(params, list.data.next_cursor))}
          />
        )}
      </Stack>
      {children}
      {generating &&
        (action ? action.dialog(() => setGenerating(false)) : <GeneratePayoutDialog accounts={accounts} accountsLoading={accountsLoading} onClose={() => setGenerating(false)} />)}
      <PayoutDetailDrawer id={detailId} canCancel={writable} onClose={() => setDetail(null)} />
      <AppToaster />
    </Stack>
  );
}
