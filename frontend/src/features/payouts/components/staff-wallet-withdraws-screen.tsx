import { Box, Button, EmptyState, Field, Flex, Input, NativeSelect, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';

import type { Transaction, VisibleTenant } from '@/api/types';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { nextPageParams, previousPageParams, readCursorPage } from '@/lib/cursor-pages';

import { getStaffClientsQueryOptions } from '../api/get-staff-clients';
import { getWalletWithdrawsQueryOptions } from '../api/get-wallet-withdraws';
import { money, when } from '../lib/display';
import { DETAIL_PARAM, PAYOUT_STATUSES } from '../lib/filters';
import {
  WALLET_PAGE_SIZES,
  WALLET_SORTS,
  type WalletFilters,
  type WalletSort,
  hasActiveWalletFilters,
  readWalletFilters,
  walletListQuery,
  writeWalletFilters,
} from '../lib/wallet-filters';
import { payoutStatusMessages } from '../messages';
import { walletMessages as w } from '../wallet-messages';
import { PayoutDetailDrawer } from './payout-detail-drawer';
import { PayoutStatusBadge } from './status-badge';

const NONE = '—';
const SORT_LABELS: Record<WalletSort, MessageDescriptor> = {
  '-created_at': w.sortNewest,
  created_at: w.sortOldest,
  '-amount': w.sortHighest,
  amount: w.sortLowest,
};

/**
 * admin/wallet-withdraws: every client's withdraws to its own accounts (GET
 * /api/transactions/wallet-withdraws, scoped by the server), with status, client and period filters,
 * sort, page size and the keyset page in the URL; a row's ID opens the withdraw's detail (read-only).
 */
export default function StaffWalletWithdrawsScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const filters = readWalletFilters(params);
  const page = readCursorPage(params);
  const list = useQuery(getWalletWithdrawsQueryOptions(walletListQuery(filters, page.cursor)));
  const clients = useQuery(getStaffClientsQueryOptions());
  const detailId = params.get(DETAIL_PARAM);
  const apply = (next: WalletFilters) => setParams(writeWalletFilters(params, next));
  const setDetail = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set(DETAIL_PARAM, id);
    else next.delete(DETAIL_PARAM);
    setParams(next);
  };

  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      <FiltersForm key={writeWalletFilters(new URLSearchParams(), filters).toString()} filters={filters} clients={clients.data} onApply={apply} />
      <Flex gap="3" wrap="wrap" justify="end">
        <Select label={intl.formatMessage(w.sort)} name="sort" value={filters.sort} onChange={(value) => apply({ ...filters, sort: value as WalletSort })}>
          {WALLET_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {intl.formatMessage(SORT_LABELS[sort])}
            </option>
          ))}
        </Select>
        <Select label={intl.formatMessage(w.perPage)} name="per_page" value={String(filters.perPage)} onChange={(value) => apply({ ...filters, perPage: Number(value) })}>
          {WALLET_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {intl.formatNumber(size)}
            </option>
          ))}
        </Select>
      </Flex>
      <Box>
        {list.isError && !list.data ? (
          <EmptyState.Root borderWidth="1px" rounded="lg" bg="bg.panel" role="alert">
            <EmptyState.Content>
              <EmptyState.Title>{intl.formatMessage(w.loadError)}</EmptyState.Title>
              <EmptyState.Description>{intl.formatMessage(commonMessages.tryAgainLater)}</EmptyState.Description>
              <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
                {intl.formatMessage(commonMessages.retry)}
              </Button>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : list.data && list.data.items.length === 0 ? (
          <EmptyState.Root borderWidth="1px" rounded="lg" bg="bg.panel" role="status">
            <EmptyState.Content>
              <EmptyState.Title>{intl.formatMessage(commonMessages.withdrawalsNotFound)}</EmptyState.Title>
              <EmptyState.Description>
                {intl.formatMessage(hasActiveWalletFilters(filters) ? commonMessages.noRecordsUseFilter : commonMessages.noRecords)}
              </EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <WalletTable items={list.data?.items} busy={list.isPending || (list.isPlaceholderData && list.isFetching)} onOpen={setDetail} />
        )}
        {(page.number > 1 || list.data?.next_cursor) && (
          <Flex as="nav" aria-label={intl.formatMessage(w.pagination)} align="center" justify="end" gap="3" mt="3">
            <Button variant="outline" size="sm" disabled={page.number <= 1} onClick={() => setParams(previousPageParams(params))}>
              {intl.formatMessage(w.previous)}
            </Button>
            <Text fontSize="sm" aria-live="polite">
              {intl.formatMessage(w.page, { number: page.number })}
            </Text>
            <Button
              variant="outline"
              size="sm"
              disabled={!list.data?.next_cursor || list.isPlaceholderData}
              onClick={() => list.data?.next_cursor && setParams(nextPageParams(params, list.data.next_cursor))}
            >
              {intl.formatMessage(w.next)}
            </Button>
          </Flex>
        )}
      </Box>
      <PayoutDetailDrawer id={detailId} canCancel={false} onClose={() => setDetail(null)} />
    </Stack>
  );
}

function Select({ label, name, value, onChange, children }: { label: string; name: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <Field.Root w="auto">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.target.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function FiltersForm({ filters, clients, onApply }: { filters: WalletFilters; clients: VisibleTenant[] | undefined; onApply: (filters: WalletFilters) => void }) {
  const intl = useIntl();
  const [draft, setDraft] = useState(filters);
  const [dateError, setDateError] = useState(false);
  const set = (key: keyof WalletFilters) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = Boolean(draft.dateFrom && draft.dateTo && draft.dateFrom > draft.dateTo);
    setDateError(invalid);
    if (!invalid) onApply(draft);
  };
  const clear = () => onApply({ ...readWalletFilters(new URLSearchParams()), sort: filters.sort, perPage: filters.perPage });
  // A slug typed in the URL that is not in the list still shows (and filters) as itself.
  const known = clients?.map(({ slug, name }) => ({ slug, name }));
  const clientOptions = known && filters.client && !known.some((c) => c.slug === filters.client) ? [...known, { slug: filters.client, name: filters.client }] : known;

  return (
    <Box asChild borderWidth="1px" rounded="lg" bg="bg.panel" p="4">
      <form onSubmit={submit} noValidate aria-label={intl.formatMessage(w.filters)}>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="4">
            <Field.Root>
              <Field.Label>{intl.formatMessage(w.search)}</Field.Label>
              <Input type="search" name="q" value={draft.q} onChange={(e) => set('q')(e.target.value)} autoComplete="off" />
              <Field.HelperText>{intl.formatMessage(w.searchHint)}</Field.HelperText>
            </Field.Root>
            <Select label={intl.formatMessage(w.status)} name="status" value={draft.status} onChange={set('status')}>
              <option value="">{intl.formatMessage(w.allStatuses)}</option>
              {PAYOUT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {intl.formatMessage(payoutStatusMessages[status])}
                </option>
              ))}
            </Select>
            <Select label={intl.formatMessage(w.client)} name="client" value={draft.client} onChange={set('client')}>
              <option value="">{intl.formatMessage(w.allClients)}</option>
              {clientOptions?.map((client) => (
                <option key={client.slug} value={client.slug}>
                  {client.name}
                </option>
              ))}
            </Select>
            <Field.Root invalid={dateError}>
              <Field.Label>{intl.formatMessage(w.dateFrom)}</Field.Label>
              <Input type="date" name="date_from" value={draft.dateFrom} onChange={(e) => set('dateFrom')(e.target.value)} />
              <Field.ErrorText>{intl.formatMessage(w.dateRange)}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={dateError}>
              <Field.Label>{intl.formatMessage(w.dateTo)}</Field.Label>
              <Input type="date" name="date_to" value={draft.dateTo} onChange={(e) => set('dateTo')(e.target.value)} />
            </Field.Root>
          </SimpleGrid>
          <Flex gap="3" wrap="wrap">
            <Button type="submit" colorPalette="blue">
              {intl.formatMessage(w.apply)}
            </Button>
            <Button type="button" variant="outline" onClick={clear}>
              {intl.formatMessage(w.clear)}
            </Button>
          </Flex>
        </Stack>
      </form>
    </Box>
  );
}

function WalletTable({ items, busy, onOpen }: { items: Transaction[] | undefined; busy: boolean; onOpen: (id: string) => void }) {
  const intl = useIntl();
  const headers: { label: MessageDescriptor; numeric?: boolean }[] = [
    { label: w.colId },
    { label: w.colClient },
    { label: w.colAmount, numeric: true },
    { label: w.colCurrency },
    { label: w.colDestination },
    { label: w.colStatus },
    { label: w.colCreated },
    { label: w.colUpdated },
  ];
  return (
    <Table.ScrollArea borderWidth="1px" rounded="lg" bg="bg.panel">
      <Table.Root size="sm" aria-busy={busy || undefined}>
        <Table.Caption srOnly>{intl.formatMessage(w.table)}</Table.Caption>
        <Table.Header>
          <Table.Row>
            {headers.map((header) => (
              <Table.ColumnHeader key={header.label.id as string} scope="col" whiteSpace="nowrap" textAlign={header.numeric ? 'end' : undefined}>
                {intl.formatMessage(header.label)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {!items
            ? Array.from({ length: 5 }, (_, row) => (
                <Table.Row key={row} data-testid="skeleton-row">
                  <Table.Cell colSpan={headers.length}>
                    <Skeleton h="5" />
                  </Table.Cell>
                </Table.Row>
              ))
            : items.map((row) => (
                <Table.Row key={row.id} data-payout={row.id}>
                  <Table.Cell>
                    <Button variant="plain" size="xs" px="0" fontFamily="mono" colorPalette="blue" color="colorPalette.fg" onClick={() => onOpen(row.id)} aria-label={intl.formatMessage(w.open, { id: row.id })}>
                      {row.id}
                    </Button>
                  </Table.Cell>
                  <Table.Cell>
                    <Text>{row.client_name}</Text>
                    <Text color="fg.muted" fontSize="xs">
                      {row.client}
                    </Text>
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {money(row.amount, row.currency, intl.locale)}
                  </Table.Cell>
                  <Table.Cell>{row.currency}</Table.Cell>
                  <Table.Cell>
                    <Text>{row.bank_name || NONE}</Text>
                    {row.destination && (
                      <Text color="fg.muted" fontSize="xs">
                        {row.destination}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <PayoutStatusBadge status={row.status} />
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{when(row.created_at, intl.locale)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{when(row.updated_at, intl.locale) || NONE}</Table.Cell>
                </Table.Row>
              ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
