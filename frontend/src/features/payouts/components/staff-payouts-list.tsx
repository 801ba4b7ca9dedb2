import { Box, Button, EmptyState, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type IntlShape, type MessageDescriptor, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';

import type { Transaction, VisibleTenant } from '@/api/types';
import { CursorPagination } from '@/components/cursor-pagination';
import { type DataColumn, DataTable } from '@/components/data-table';
import { FilterBar, LabeledSelect, PeriodFields, SearchField, SortAndPageSize } from '@/components/list-controls';
import { commonMessages } from '@/i18n/messages';
import { readCursorPage } from '@/lib/cursor-pages';
import { formatDocument } from '@/lib/documents';
import { LIST_PAGE_SIZES, LIST_SORTS, isReversedPeriod } from '@/lib/list-params';
import { money } from '@/lib/format';

import { type StaffPayoutKind, getStaffPayoutsQueryOptions } from '../api/get-staff-payouts';
import { when } from '../lib/display';
import { DETAIL_PARAM, PAYOUT_STATUSES } from '../lib/filters';
import { type StaffPayoutFilters, hasActiveStaffFilters, readStaffFilters, staffListQuery, writeStaffFilters } from '../lib/staff-filters';
import { labelOf, payoutMethodMessages, payoutStatusMessages, payoutsMessages as m, staffSortMessages } from '../messages';
import { walletMessages as w } from '../wallet-messages';
import { PayoutDetailDrawer } from './payout-detail-drawer';
import { PayoutStatusBadge } from './status-badge';

const NONE = '—';

type Column = DataColumn<Transaction>;
type ColumnBuilder = (intl: IntlShape, onOpen: (id: string) => void) => Column;

/** The columns the lists can show; each kind picks its own (see `KINDS`). */
const COLUMNS = {
  id: (intl, onOpen) => ({
    key: 'id',
    header: intl.formatMessage(m.id),
    cell: (row) => (
      <Button variant="plain" size="xs" px="0" fontFamily="mono" colorPalette="blue" color="colorPalette.fg" onClick={() => onOpen(row.id)} aria-label={intl.formatMessage(m.open, { id: row.id })}>
        {row.id}
      </Button>
    ),
  }),
  client: (intl) => ({ key: 'client', header: intl.formatMessage(m.client), cell: (row) => <TwoLines first={row.client_name} second={row.client} /> }),
  beneficiary: (intl) => ({
    key: 'beneficiary',
    header: intl.formatMessage(m.beneficiary),
    cell: (row) => <TwoLines first={row.name || NONE} second={row.document && formatDocument(row.document)} />,
  }),
  method: (intl) => ({
    key: 'method',
    header: intl.formatMessage(m.method),
    nowrap: true,
    cell: (row) => {
      const label = labelOf(payoutMethodMessages, row.method);
      return typeof label === 'string' ? label : intl.formatMessage(label);
    },
  }),
  amount: (intl) => ({ key: 'amount', header: intl.formatMessage(m.amount), sortField: 'amount', numeric: true, cell: (row) => money(row.amount, row.currency, intl.locale) }),
  currency: (intl) => ({ key: 'currency', header: intl.formatMessage(w.colCurrency), cell: (row) => row.currency }),
  destination: (intl) => ({ key: 'destination', header: intl.formatMessage(w.colDestination), cell: (row) => <TwoLines first={row.bank_name || NONE} second={row.destination} /> }),
  status: (intl) => ({ key: 'status', header: intl.formatMessage(m.status), cell: (row) => <PayoutStatusBadge status={row.status} /> }),
  transactionId: (intl) => ({ key: 'transaction_id', header: intl.formatMessage(m.transactionId), mono: true, cell: (row) => row.transaction_id || NONE }),
  created: (intl) => ({ key: 'created', header: intl.formatMessage(m.createdAt), sortField: 'created_at', nowrap: true, cell: (row) => when(row.created_at, intl.locale) }),
  requested: (intl) => ({ key: 'created', header: intl.formatMessage(w.colCreated), sortField: 'created_at', nowrap: true, cell: (row) => when(row.created_at, intl.locale) }),
  updated: (intl) => ({ key: 'updated', header: intl.formatMessage(w.colUpdated), nowrap: true, cell: (row) => when(row.updated_at, intl.locale) || NONE }),
} satisfies Record<string, ColumnBuilder>;

/** What differs between the lists of each payout kind: their texts and columns. */
const KINDS: Record<StaffPayoutKind, { caption: MessageDescriptor; filters: MessageDescriptor; search: MessageDescriptor; searchHint: MessageDescriptor; dateFrom: MessageDescriptor; dateTo: MessageDescriptor; loadError: MessageDescriptor; columns: ColumnBuilder[] }> = {
  all: {
    caption: m.staffList,
    filters: m.filters,
    search: m.search,
    searchHint: m.staffSearchHint,
    dateFrom: m.dateFrom,
    dateTo: m.dateTo,
    loadError: m.loadError,
    columns: [COLUMNS.id, COLUMNS.client, COLUMNS.beneficiary, COLUMNS.method, COLUMNS.amount, COLUMNS.status, COLUMNS.transactionId, COLUMNS.created],
  },
  wallet: {
    caption: w.table,
    filters: w.filters,
    search: w.search,
    searchHint: w.searchHint,
    dateFrom: w.dateFrom,
    dateTo: w.dateTo,
    loadError: w.loadError,
    columns: [COLUMNS.id, COLUMNS.client, COLUMNS.amount, COLUMNS.currency, COLUMNS.destination, COLUMNS.status, COLUMNS.requested, COLUMNS.updated],
  },
};

type Props = {
  /** Which payouts: every kind (the payout requests screens) or the wallet withdraws. */
  kind: StaffPayoutKind;
  /** The clients the staff member may see (for the client filter); loading while undefined. */
  clients: VisibleTenant[] | undefined;
};

/**
 * The payouts of every client the staff member may see (already scoped by the server), with filters,
 * sort, page size and the keyset page in the URL, and the detail of one withdraw (?payout=<id>,
 * read-only for staff).
 */
export function StaffPayoutsList({ kind, clients }: Props) {
  const intl = useIntl();
  const texts = KINDS[kind];
  const [params, setParams] = useSearchParams();
  const filters = readStaffFilters(params);
  const page = readCursorPage(params);
  const list = useQuery(getStaffPayoutsQueryOptions(kind, staffListQuery(filters, page.cursor)));
  const detailId = params.get(DETAIL_PARAM);

  const apply = (next: StaffPayoutFilters) => setParams(writeStaffFilters(params, next));
  const setDetail = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set(DETAIL_PARAM, id);
    else next.delete(DETAIL_PARAM);
    setParams(next);
  };

  return (
    <Stack gap="4">
      <FiltersForm key={writeStaffFilters(new URLSearchParams(), filters).toString()} kind={kind} filters={filters} clients={clients} onApply={apply} />
      <SortAndPageSize
        sortLabel={intl.formatMessage(m.sort)}
        sorts={LIST_SORTS}
        sortMessages={staffSortMessages}
        sort={filters.sort}
        onSort={(sort) => apply({ ...filters, sort })}
        perPageLabel={intl.formatMessage(m.perPage)}
        pageSizes={LIST_PAGE_SIZES}
        perPage={filters.perPage}
        onPerPage={(perPage) => apply({ ...filters, perPage })}
      />
      <Box>
        {list.isError && !list.data ? (
          <EmptyState.Root borderWidth="1px" rounded="lg" bg="bg.panel" role="alert">
            <EmptyState.Content>
              <EmptyState.Title>{intl.formatMessage(texts.loadError)}</EmptyState.Title>
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
                {intl.formatMessage(hasActiveStaffFilters(filters) ? commonMessages.noRecordsUseFilter : commonMessages.noRecords)}
              </EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <DataTable
            caption={intl.formatMessage(texts.caption)}
            columns={texts.columns.map((column) => column(intl, setDetail))}
            rows={list.data?.items}
            rowKey={(row) => row.id}
            rowAttributes={(row) => ({ 'data-payout': row.id })}
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
            page: (number) => intl.formatMessage(m.page, { page: number }),
          }}
        />
      </Box>
      <PayoutDetailDrawer id={detailId} canCancel={false} onClose={() => setDetail(null)} />
    </Stack>
  );
}

function TwoLines({ first, second }: { first: string; second?: string }) {
  return (
    <>
      <Text>{first}</Text>
      {second && (
        <Text color="fg.muted" fontSize="xs">
          {second}
        </Text>
      )}
    </>
  );
}

function FiltersForm({
  kind,
  filters,
  clients,
  onApply,
}: {
  kind: StaffPayoutKind;
  filters: StaffPayoutFilters;
  clients: VisibleTenant[] | undefined;
  onApply: (filters: StaffPayoutFilters) => void;
}) {
  const intl = useIntl();
  const texts = KINDS[kind];
  const [draft, setDraft] = useState(filters);
  const [dateError, setDateError] = useState(false);
  const set = (key: 'status' | 'client' | 'dateFrom' | 'dateTo' | 'q') => (value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const submit = () => {
    const invalid = isReversedPeriod(draft.dateFrom, draft.dateTo);
    setDateError(invalid);
    if (!invalid) onApply(draft);
  };
  const clear = () => onApply({ ...filters, status: '', client: '', dateFrom: '', dateTo: '', q: '' });
  // A client slug from a shared link that is not (yet) in the list still shows as an option.
  const known = clients?.some((client) => client.slug === draft.client);

  return (
    <FilterBar
      label={intl.formatMessage(texts.filters)}
      applyLabel={intl.formatMessage(m.applyFilters)}
      clearLabel={intl.formatMessage(m.clearFilters)}
      onSubmit={submit}
      onClear={hasActiveStaffFilters(filters) ? clear : undefined}
    >
      <SearchField label={intl.formatMessage(texts.search)} hint={intl.formatMessage(texts.searchHint)} value={draft.q} onChange={set('q')} />
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <LabeledSelect label={intl.formatMessage(m.status)} name="status" value={draft.status} onChange={set('status')}>
          <option value="">{intl.formatMessage(m.allStatuses)}</option>
          {PAYOUT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {intl.formatMessage(payoutStatusMessages[value])}
            </option>
          ))}
        </LabeledSelect>
        <LabeledSelect label={intl.formatMessage(m.client)} name="client" value={draft.client} onChange={set('client')}>
          <option value="">{intl.formatMessage(m.allClientsOption)}</option>
          {draft.client && !known && <option value={draft.client}>{draft.client}</option>}
          {clients?.map((client) => (
            <option key={client.slug} value={client.slug}>
              {client.name}
            </option>
          ))}
        </LabeledSelect>
        <PeriodFields
          fromLabel={intl.formatMessage(texts.dateFrom)}
          toLabel={intl.formatMessage(texts.dateTo)}
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
