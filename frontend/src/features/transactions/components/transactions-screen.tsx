import { Badge, Box, Button, EmptyState, Field, Input, SimpleGrid, Stack, Text, VStack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type IntlShape, type MessageDescriptor, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';

import type { Transaction } from '@/api/types';
import { CursorPagination } from '@/components/cursor-pagination';
import { type DataColumn, DataTable } from '@/components/data-table';
import { AlertCircleIcon, InboxIcon } from '@/components/icons';
import { FilterBar, LabeledSelect, PeriodFields, SearchField, SortAndPageSize } from '@/components/list-controls';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { readCursorPage } from '@/lib/cursor-pages';
import { formatDocument } from '@/lib/documents';
import { formatDateTime, money } from '@/lib/format';
import { LIST_PAGE_SIZES, LIST_SORTS, isReversedPeriod } from '@/lib/list-params';

import { getTransactionsQueryOptions } from '../api/get-transactions';
import { CURRENCIES, KINDS, METHODS, STATUSES, type TransactionFilters, hasActiveFilters, listQuery, readFilters, writeFilters } from '../lib/filters';
import { kindMessages, labelOf, methodMessages, sortMessages, statusMessages, transactionsMessages as m } from '../messages';

const NONE = '—';


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
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const page = readCursorPage(params);
  const list = useQuery(getTransactionsQueryOptions(listQuery(filters, page.cursor)));
  const apply = (next: TransactionFilters) => setParams(writeFilters(params, next));

  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      <FiltersForm key={writeFilters(new URLSearchParams(), filters).toString()} filters={filters} onApply={apply} />
      <SortAndPageSize
        sortLabel={intl.formatMessage(m.sort)}
        sorts={LIST_SORTS}
        sortMessages={sortMessages}
        sort={filters.sort}
        onSort={(sort) => apply({ ...filters, sort })}
        perPageLabel={intl.formatMessage(m.perPage)}
        pageSizes={LIST_PAGE_SIZES}
        perPage={filters.perPage}
        onPerPage={(perPage) => apply({ ...filters, perPage })}
      />
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
          <DataTable
            caption={intl.formatMessage(m.table)}
            columns={columns(intl)}
            rows={list.data?.items}
            rowKey={(row) => row.id}
            busy={list.isPending || (list.isPlaceholderData && list.isFetching)}
            skeletonRows={Math.min(filters.perPage, 10)}
            sort={filters.sort}
          />
        )}
        <CursorPagination
          params={params}
          onNavigate={setParams}
          nextCursor={list.data?.next_cursor}
          stale={list.isPlaceholderData}
          labels={{
            nav: intl.formatMessage(m.pagination),
            previous: intl.formatMessage(m.previous),
            next: intl.formatMessage(m.next),
            page: (number) => intl.formatMessage(m.page, { number }),
          }}
        />
      </Box>
    </Stack>
  );
}

function FiltersForm({ filters, onApply }: { filters: TransactionFilters; onApply: (filters: TransactionFilters) => void }) {
  const intl = useIntl();
  const [draft, setDraft] = useState(filters);
  const [dateError, setDateError] = useState(false);
  const set = (key: keyof TransactionFilters) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const submit = () => {
    const invalid = isReversedPeriod(draft.dateFrom, draft.dateTo);
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
    <FilterBar label={intl.formatMessage(m.filters)} applyLabel={intl.formatMessage(m.apply)} clearLabel={intl.formatMessage(m.clear)} onSubmit={submit} onClear={clear}>
      <SearchField label={intl.formatMessage(m.search)} hint={intl.formatMessage(m.searchHint)} value={draft.q} onChange={set('q')} />
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <LabeledSelect label={intl.formatMessage(m.kind)} name="kind" value={draft.kind} onChange={set('kind')}>
          {options(m.allKinds, KINDS, kindMessages)}
        </LabeledSelect>
        <LabeledSelect label={intl.formatMessage(m.status)} name="status" value={draft.status} onChange={set('status')}>
          {options(m.allStatuses, STATUSES, statusMessages)}
        </LabeledSelect>
        <LabeledSelect label={intl.formatMessage(m.method)} name="method" value={draft.method} onChange={set('method')}>
          {options(m.allMethods, METHODS, methodMessages)}
        </LabeledSelect>
        <LabeledSelect label={intl.formatMessage(m.currency)} name="currency" value={draft.currency} onChange={set('currency')}>
          {options(m.allCurrencies, CURRENCIES)}
        </LabeledSelect>
        <Field.Root>
          <Field.Label>{intl.formatMessage(m.client)}</Field.Label>
          <Input name="tenant" value={draft.tenant} onChange={(e) => set('tenant')(e.target.value)} autoComplete="off" />
        </Field.Root>
        <PeriodFields
          fromLabel={intl.formatMessage(m.dateFrom)}
          toLabel={intl.formatMessage(m.dateTo)}
          error={intl.formatMessage(m.dateRange)}
          invalid={dateError}
          from={draft.dateFrom}
          to={draft.dateTo}
          onFromChange={set('dateFrom')}
          onToChange={set('dateTo')}
        />
      </SimpleGrid>
    </FilterBar>
  );
}

function columns(intl: IntlShape): DataColumn<Transaction>[] {
  const text = (value: MessageDescriptor | string) => (typeof value === 'string' ? value : intl.formatMessage(value));
  return [
    { key: 'id', header: text(m.colId), mono: true, cell: (row) => row.id },
    { key: 'kind', header: text(m.colKind), cell: (row) => text(labelOf(kindMessages, row.kind)) },
    {
      key: 'client',
      header: text(m.colClient),
      cell: (row) => (
        <>
          <Text>{row.client_name}</Text>
          <Text color="fg.muted" fontSize="xs">
            {row.client}
          </Text>
        </>
      ),
    },
    { key: 'method', header: text(m.colMethod), nowrap: true, cell: (row) => text(labelOf(methodMessages, row.method)) },
    { key: 'status', header: text(m.colStatus), cell: (row) => <Badge variant="subtle">{text(labelOf(statusMessages, row.status))}</Badge> },
    {
      key: 'name',
      header: text(m.colName),
      cell: (row) => (
        <>
          <Text>{row.name || NONE}</Text>
          {row.document && (
            <Text color="fg.muted" fontSize="xs">
              {formatDocument(row.document)}
            </Text>
          )}
        </>
      ),
    },
    { key: 'coin', header: text(m.colCoin), cell: (row) => row.currency },
    { key: 'amount', header: text(m.colAmount), sortField: 'amount', numeric: true, cell: (row) => money(row.amount, row.currency, intl.locale) },
    { key: 'fee', header: text(m.colFee), numeric: true, cell: (row) => money(row.fee, row.currency, intl.locale) },
    { key: 'transaction_id', header: text(m.colTransactionId), mono: true, cell: (row) => row.transaction_id || NONE },
    { key: 'created', header: text(m.colCreated), sortField: 'created_at', nowrap: true, cell: (row) => when(row.created_at, intl.locale) },
  ];
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
