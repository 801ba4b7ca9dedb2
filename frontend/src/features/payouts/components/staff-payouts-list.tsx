import { Box, Button, EmptyState, Field, Flex, Heading, Input, NativeSelect, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';

import type { Transaction, VisibleTenant } from '@/api/types';
import { commonMessages } from '@/i18n/messages';
import { nextPageParams, previousPageParams, readCursorPage } from '@/lib/cursor-pages';
import { formatDocument } from '@/lib/documents';

import { getStaffPayoutsQueryOptions } from '../api/get-staff-payouts';
import { money, when } from '../lib/display';
import { DETAIL_PARAM, PAYOUT_STATUSES } from '../lib/filters';
import {
  STAFF_PAGE_SIZES,
  STAFF_SORTS,
  type StaffPayoutFilters,
  type StaffSort,
  hasActiveStaffFilters,
  readStaffFilters,
  staffListQuery,
  writeStaffFilters,
} from '../lib/staff-filters';
import { labelOf, payoutMethodMessages, payoutStatusMessages, payoutsMessages as m, staffSortMessages } from '../messages';
import { PayoutDetailDrawer } from './payout-detail-drawer';
import { Pagination } from './payouts-table';
import { PayoutStatusBadge } from './status-badge';

const NONE = '—';

type Props = {
  /** The clients the staff member may see (for the client filter); loading while undefined. */
  clients: VisibleTenant[] | undefined;
};

/**
 * The withdrawals of every client the staff member may see (GET /api/transactions?kind=payout, already
 * scoped by the server), with filters, sort, page size and the keyset page in the URL, and the detail
 * of one withdraw (?payout=<id>, read-only for staff).
 */
export function StaffPayoutsList({ clients }: Props) {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const filters = readStaffFilters(params);
  const page = readCursorPage(params);
  const list = useQuery(getStaffPayoutsQueryOptions(staffListQuery(filters, page.cursor)));
  const detailId = params.get(DETAIL_PARAM);

  const apply = (next: StaffPayoutFilters) => setParams(writeStaffFilters(params, next));
  const setDetail = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set(DETAIL_PARAM, id);
    else next.delete(DETAIL_PARAM);
    setParams(next);
  };
  const busy = list.isPending || (list.isPlaceholderData && list.isFetching);

  return (
    <Stack as="section" gap="4" aria-labelledby="staff-payouts-heading">
      <Heading as="h2" size="md" id="staff-payouts-heading">
        {intl.formatMessage(m.staffList)}
      </Heading>
      <FiltersForm key={writeStaffFilters(new URLSearchParams(), filters).toString()} filters={filters} clients={clients} onApply={apply} />
      <Flex gap="3" wrap="wrap" justify="end">
        <Select label={intl.formatMessage(m.sort)} name="sort" value={filters.sort} onChange={(value) => apply({ ...filters, sort: value as StaffSort })}>
          {STAFF_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {intl.formatMessage(staffSortMessages[sort])}
            </option>
          ))}
        </Select>
        <Select label={intl.formatMessage(m.perPage)} name="per_page" value={String(filters.perPage)} onChange={(value) => apply({ ...filters, perPage: Number(value) })}>
          {STAFF_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {intl.formatNumber(size)}
            </option>
          ))}
        </Select>
      </Flex>
      <Box>
        {list.isError && !list.data ? (
          <EmptyState.Root borderWidth="1px" rounded="lg" role="alert">
            <EmptyState.Content>
              <EmptyState.Title>{intl.formatMessage(m.loadError)}</EmptyState.Title>
              <EmptyState.Description>{intl.formatMessage(commonMessages.tryAgainLater)}</EmptyState.Description>
              <Button size="sm" onClick={() => void list.refetch()}>
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
          <StaffPayoutsTable items={list.data?.items} busy={busy} skeletonRows={Math.min(filters.perPage, 10)} sort={filters.sort} onOpen={setDetail} />
        )}
        {(page.number > 1 || list.data?.next_cursor) && (
          <nav aria-label={intl.formatMessage(m.pagination)}>
            <Pagination
              page={page.number}
              hasPrevious={page.number > 1}
              hasNext={Boolean(list.data?.next_cursor) && !list.isPlaceholderData}
              onPrevious={() => setParams(previousPageParams(params))}
              onNext={() => list.data?.next_cursor && setParams(nextPageParams(params, list.data.next_cursor))}
            />
          </nav>
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
        <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function FiltersForm({ filters, clients, onApply }: { filters: StaffPayoutFilters; clients: VisibleTenant[] | undefined; onApply: (filters: StaffPayoutFilters) => void }) {
  const intl = useIntl();
  const [draft, setDraft] = useState(filters);
  const [dateError, setDateError] = useState(false);
  const set = (key: 'status' | 'client' | 'dateFrom' | 'dateTo' | 'q') => (value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = Boolean(draft.dateFrom && draft.dateTo && draft.dateFrom > draft.dateTo);
    setDateError(invalid);
    if (!invalid) onApply(draft);
  };
  const clear = () => onApply({ ...filters, status: '', client: '', dateFrom: '', dateTo: '', q: '' });
  // A client slug from a shared link that is not (yet) in the list still shows as an option.
  const known = clients?.some((client) => client.slug === draft.client);

  return (
    <Box asChild borderWidth="1px" rounded="lg" bg="bg.panel" p="4">
      <form onSubmit={submit} noValidate aria-label={intl.formatMessage(m.filters)}>
        <Stack gap="4">
          <Field.Root>
            <Field.Label>{intl.formatMessage(m.search)}</Field.Label>
            <Input type="search" name="q" value={draft.q} onChange={(e) => set('q')(e.currentTarget.value)} autoComplete="off" />
            <Field.HelperText>{intl.formatMessage(m.staffSearchHint)}</Field.HelperText>
          </Field.Root>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
            <Select label={intl.formatMessage(m.status)} name="status" value={draft.status} onChange={set('status')}>
              <option value="">{intl.formatMessage(m.allStatuses)}</option>
              {PAYOUT_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {intl.formatMessage(payoutStatusMessages[value])}
                </option>
              ))}
            </Select>
            <Select label={intl.formatMessage(m.client)} name="client" value={draft.client} onChange={set('client')}>
              <option value="">{intl.formatMessage(m.allClientsOption)}</option>
              {draft.client && !known && <option value={draft.client}>{draft.client}</option>}
              {clients?.map((client) => (
                <option key={client.slug} value={client.slug}>
                  {client.name}
                </option>
              ))}
            </Select>
            <Field.Root invalid={dateError}>
              <Field.Label>{intl.formatMessage(m.dateFrom)}</Field.Label>
              <Input type="date" name="date_from" value={draft.dateFrom} onChange={(e) => set('dateFrom')(e.currentTarget.value)} />
              <Field.ErrorText>{intl.formatMessage(m.dateRange)}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={dateError}>
              <Field.Label>{intl.formatMessage(m.dateTo)}</Field.Label>
              <Input type="date" name="date_to" value={draft.dateTo} onChange={(e) => set('dateTo')(e.currentTarget.value)} />
            </Field.Root>
          </SimpleGrid>
          <Flex gap="3" wrap="wrap">
            <Button type="submit" colorPalette="blue">
              {intl.formatMessage(m.applyFilters)}
            </Button>
            {hasActiveStaffFilters(filters) && (
              <Button type="button" variant="outline" onClick={clear}>
                {intl.formatMessage(m.clearFilters)}
              </Button>
            )}
          </Flex>
        </Stack>
      </form>
    </Box>
  );
}

function StaffPayoutsTable({
  items,
  busy,
  skeletonRows,
  sort,
  onOpen,
}: {
  items: Transaction[] | undefined;
  busy: boolean;
  skeletonRows: number;
  sort: StaffSort;
  onOpen: (id: string) => void;
}) {
  const intl = useIntl();
  const field = sort.replace(/^-/, '');
  const ariaSort = (name: string) => (field === name ? (sort.startsWith('-') ? 'descending' : 'ascending') : undefined);
  const headers: { label: MessageDescriptor; sortField?: string; numeric?: boolean }[] = [
    { label: m.id },
    { label: m.client },
    { label: m.beneficiary },
    { label: m.method },
    { label: m.amount, sortField: 'amount', numeric: true },
    { label: m.status },
    { label: m.transactionId },
    { label: m.createdAt, sortField: 'created_at' },
  ];
  const method = (value: string) => {
    const label = labelOf(payoutMethodMessages, value);
    return typeof label === 'string' ? label : intl.formatMessage(label);
  };
  return (
    <Table.ScrollArea borderWidth="1px" rounded="lg" bg="bg.panel">
      <Table.Root size="sm" aria-busy={busy || undefined}>
        <Table.Caption srOnly>{intl.formatMessage(m.staffList)}</Table.Caption>
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
                <Table.Row key={row.id} data-payout={row.id}>
                  <Table.Cell>
                    <Button variant="plain" size="xs" px="0" fontFamily="mono" colorPalette="blue" color="colorPalette.fg" onClick={() => onOpen(row.id)} aria-label={intl.formatMessage(m.open, { id: row.id })}>
                      {row.id}
                    </Button>
                  </Table.Cell>
                  <Table.Cell>
                    <Text>{row.client_name}</Text>
                    <Text color="fg.muted" fontSize="xs">
                      {row.client}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Text>{row.name || NONE}</Text>
                    {row.document && (
                      <Text color="fg.muted" fontSize="xs">
                        {formatDocument(row.document)}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{method(row.method)}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {money(row.amount, row.currency, intl.locale)}
                  </Table.Cell>
                  <Table.Cell>
                    <PayoutStatusBadge status={row.status} />
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
