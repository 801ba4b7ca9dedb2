import {
  Badge,
  Box,
  Button,
  EmptyState,
  Field,
  Flex,
  Input,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  VStack,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';

import type { Transaction } from '@/api/types';
import { AlertCircleIcon, InboxIcon } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { groupTitle, routeTitle } from '@/config/menu-messages';
import { commonMessages } from '@/i18n/messages';
import { useSessionUser } from '@/lib/auth/session';
import { formatDocument } from '@/lib/documents';
import { nextPageParams, previousPageParams, readCursorPage } from '@/lib/cursor-pages';
import { type Currency, formatDateTime, formatMoney } from '@/lib/format';
import { groupMenu, groupOfRoute } from '@/lib/menu';

import { getTransactionsQueryOptions } from '../api/get-transactions';
import {
  CURRENCIES,
  KINDS,
  METHODS,
  PAGE_SIZES,
  SORTS,
  STATUSES,
  type Sort,
  type TransactionFilters,
  hasActiveFilters,
  listQuery,
  readFilters,
  writeFilters,
} from '../lib/filters';
import { kindMessages, labelOf, methodMessages, sortMessages, statusMessages, transactionsMessages as m } from '../messages';

const NONE = '—';

function money(cents: number, currency: string, locale: string): string {
  try {
    return formatMoney(cents, currency as Currency, locale);
  } catch {
    return `${currency} ${cents}`;
  }
}

function when(iso: string, locale: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : formatDateTime(Math.floor(ms / 1000), locale);
}

/**
 * employee/transactions (staff): deposits, payouts and refunds of every client in the staff member's
 * scope, from the platform's transaction index. Filters and pages live in the URL; the top bar's
 * "search transaction by ID" lands here with ?q=<id>.
 */
export default function TransactionsScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const page = readCursorPage(params);
  const list = useQuery(getTransactionsQueryOptions(listQuery(filters, page.cursor)));

  const { descriptor, values } = routeTitle(route);
  const title = intl.formatMessage(descriptor, values);
  const group = groupOfRoute(groupMenu(user.menu), route);
  const crumbs = [...(group ? [{ label: intl.formatMessage(groupTitle(group)) }] : []), { label: title }];
  const apply = (next: TransactionFilters) => setParams(writeFilters(params, next));

  return (
    <Stack gap="5">
      <PageHeader title={title} crumbs={crumbs} homeHref={homeHref} />
      <FiltersForm key={writeFilters(new URLSearchParams(), filters).toString()} filters={filters} onApply={apply} />
      <Flex gap="3" wrap="wrap" justify="end">
        <Select label={intl.formatMessage(m.sort)} name="sort" value={filters.sort} onChange={(v) => apply({ ...filters, sort: v as Sort })}>
          {SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {intl.formatMessage(sortMessages[sort])}
            </option>
          ))}
        </Select>
        <Select label={intl.formatMessage(m.perPage)} name="per_page" value={String(filters.perPage)} onChange={(v) => apply({ ...filters, perPage: Number(v) })}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {intl.formatNumber(size)}
            </option>
          ))}
        </Select>
      </Flex>
      <Box>
        {list.isError && !list.data ? (
          <Message
            role="alert"
            icon={<AlertCircleIcon />}
            title={intl.formatMessage(m.notFound)}
            text={intl.formatMessage(commonMessages.tryAgainLater)}
            action={
              <Button variant="outline" onClick={() => void list.refetch()}>
                {intl.formatMessage(commonMessages.retry)}
              </Button>
            }
          />
        ) : list.data && list.data.items.length === 0 ? (
          <Message
            role="status"
            icon={<InboxIcon />}
            title={intl.formatMessage(hasActiveFilters(filters) ? commonMessages.noRecordsUseFilter : commonMessages.noRecords)}
          />
        ) : (
          <TransactionsTable
            items={list.data?.items}
            busy={list.isPending || (list.isPlaceholderData && list.isFetching)}
            skeletonRows={Math.min(filters.perPage, 10)}
            sort={filters.sort}
          />
        )}
        {(page.number > 1 || list.data?.next_cursor) && (
          <Flex as="nav" aria-label={intl.formatMessage(m.pagination)} align="center" justify="end" gap="3" mt="3">
            <Button variant="outline" size="sm" disabled={page.number <= 1} onClick={() => setParams(previousPageParams(params))}>
              {intl.formatMessage(m.previous)}
            </Button>
            <Text fontSize="sm" aria-live="polite">
              {intl.formatMessage(m.page, { number: page.number })}
            </Text>
            <Button
              variant="outline"
              size="sm"
              disabled={!list.data?.next_cursor || list.isPlaceholderData}
              onClick={() => list.data?.next_cursor && setParams(nextPageParams(params, list.data.next_cursor))}
            >
              {intl.formatMessage(m.next)}
            </Button>
          </Flex>
        )}
      </Box>
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

function FiltersForm({ filters, onApply }: { filters: TransactionFilters; onApply: (filters: TransactionFilters) => void }) {
  const intl = useIntl();
  const [draft, setDraft] = useState(filters);
  const [dateError, setDateError] = useState(false);
  const set = (key: keyof TransactionFilters) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = Boolean(draft.dateFrom && draft.dateTo && draft.dateFrom > draft.dateTo);
    setDateError(invalid);
    if (!invalid) onApply(draft);
  };
  const clear = () => onApply({ ...readFilters(new URLSearchParams()), sort: filters.sort, perPage: filters.perPage });
  const options = (all: MessageDescriptor, values: readonly string[], labels?: Record<string, MessageDescriptor>) => (
    <>
      <option value="">{intl.formatMessage(all)}</option>
      {values.map((value) => {
        const label = labels ? labelOf(labels, value) : value;
        return (
          <option key={value} value={value}>
            {typeof label === 'string' ? label : intl.formatMessage(label)}
          </option>
        );
      })}
    </>
  );

  return (
    <Box asChild borderWidth="1px" rounded="lg" bg="bg.panel" p="4">
      <form onSubmit={submit} noValidate aria-label={intl.formatMessage(m.filters)}>
        <Stack gap="4">
          <Field.Root>
            <Field.Label>{intl.formatMessage(m.search)}</Field.Label>
            <Input type="search" name="q" value={draft.q} onChange={(e) => set('q')(e.target.value)} autoComplete="off" />
            <Field.HelperText>{intl.formatMessage(m.searchHint)}</Field.HelperText>
          </Field.Root>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
            <Select label={intl.formatMessage(m.kind)} name="kind" value={draft.kind} onChange={set('kind')}>
              {options(m.allKinds, KINDS, kindMessages)}
            </Select>
            <Select label={intl.formatMessage(m.status)} name="status" value={draft.status} onChange={set('status')}>
              {options(m.allStatuses, STATUSES, statusMessages)}
            </Select>
            <Select label={intl.formatMessage(m.method)} name="method" value={draft.method} onChange={set('method')}>
              {options(m.allMethods, METHODS, methodMessages)}
            </Select>
            <Select label={intl.formatMessage(m.currency)} name="currency" value={draft.currency} onChange={set('currency')}>
              {options(m.allCurrencies, CURRENCIES)}
            </Select>
            <Field.Root>
              <Field.Label>{intl.formatMessage(m.client)}</Field.Label>
              <Input name="tenant" value={draft.tenant} onChange={(e) => set('tenant')(e.target.value)} autoComplete="off" />
            </Field.Root>
            <Field.Root invalid={dateError}>
              <Field.Label>{intl.formatMessage(m.dateFrom)}</Field.Label>
              <Input type="date" name="date_from" value={draft.dateFrom} onChange={(e) => set('dateFrom')(e.target.value)} />
              <Field.ErrorText>{intl.formatMessage(m.dateRange)}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={dateError}>
              <Field.Label>{intl.formatMessage(m.dateTo)}</Field.Label>
              <Input type="date" name="date_to" value={draft.dateTo} onChange={(e) => set('dateTo')(e.target.value)} />
            </Field.Root>
          </SimpleGrid>
          <Flex gap="3" wrap="wrap">
            <Button type="submit" colorPalette="blue">
              {intl.formatMessage(m.apply)}
            </Button>
            <Button type="button" variant="outline" onClick={clear}>
              {intl.formatMessage(m.clear)}
            </Button>
          </Flex>
        </Stack>
      </form>
    </Box>
  );
}

function TransactionsTable({ items, busy, skeletonRows, sort }: { items: Transaction[] | undefined; busy: boolean; skeletonRows: number; sort: Sort }) {
  const intl = useIntl();
  const field = sort.replace(/^-/, '');
  const ariaSort = (name: string) => (field === name ? (sort.startsWith('-') ? 'descending' : 'ascending') : undefined);
  const headers: { label: MessageDescriptor; sortField?: string; numeric?: boolean }[] = [
    { label: m.colId },
    { label: m.colKind },
    { label: m.colClient },
    { label: m.colMethod },
    { label: m.colStatus },
    { label: m.colName },
    { label: m.colCoin },
    { label: m.colAmount, sortField: 'amount', numeric: true },
    { label: m.colFee, numeric: true },
    { label: m.colTransactionId },
    { label: m.colCreated, sortField: 'created_at' },
  ];
  const text = (value: MessageDescriptor | string) => (typeof value === 'string' ? value : intl.formatMessage(value));
  return (
    <Table.ScrollArea borderWidth="1px" rounded="lg" bg="bg.panel">
      <Table.Root size="sm" aria-busy={busy || undefined}>
        <Table.Caption srOnly>{intl.formatMessage(m.table)}</Table.Caption>
        <Table.Header>
          <Table.Row>
            {headers.map((header) => (
              <Table.ColumnHeader
                key={header.label.id as string}
                scope="col"
                whiteSpace="nowrap"
                textAlign={header.numeric ? 'end' : undefined}
                aria-sort={header.sortField ? ariaSort(header.sortField) : undefined}
              >
                {intl.formatMessage(header.label)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {!items
            ? Array.from({ length: skeletonRows }, (_, row) => (
                <Table.Row key={row} data-testid="skeleton-row">
                  {headers.map((header) => (
                    <Table.Cell key={header.label.id as string}>
                      <Skeleton h="4" />
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))
            : items.map((row) => (
                <Table.Row key={row.id}>
                  <Table.Cell fontFamily="mono" fontSize="xs">
                    {row.id}
                  </Table.Cell>
                  <Table.Cell>{text(labelOf(kindMessages, row.kind))}</Table.Cell>
                  <Table.Cell>
                    <Text>{row.client_name}</Text>
                    <Text color="fg.muted" fontSize="xs">
                      {row.client}
                    </Text>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{text(labelOf(methodMessages, row.method))}</Table.Cell>
                  <Table.Cell>
                    <Badge variant="subtle">{text(labelOf(statusMessages, row.status))}</Badge>
                  </Table.Cell>
                  <Table.Cell>
                    <Text>{row.name || NONE}</Text>
                    {row.document && (
                      <Text color="fg.muted" fontSize="xs">
                        {formatDocument(row.document)}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>{row.currency}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {money(row.amount, row.currency, intl.locale)}
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {money(row.fee, row.currency, intl.locale)}
                  </Table.Cell>
                  <Table.Cell fontFamily="mono" fontSize="xs">
                    {row.transaction_id || NONE}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{when(row.created_at, intl.locale)}</Table.Cell>
                </Table.Row>
              ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function Message({ icon, title, text, action, role }: { icon: ReactNode; title: string; text?: string; action?: ReactNode; role: 'alert' | 'status' }) {
  return (
    <Box borderWidth="1px" rounded="lg" bg="bg.panel" role={role}>
      <EmptyState.Root>
        <EmptyState.Content>
          <EmptyState.Indicator>{icon}</EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>{title}</EmptyState.Title>
            {text && <EmptyState.Description>{text}</EmptyState.Description>}
          </VStack>
          {action}
        </EmptyState.Content>
      </EmptyState.Root>
    </Box>
  );
}
