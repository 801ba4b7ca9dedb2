import { Box, Button, EmptyState, Field, Flex, HStack, IconButton, Input, Menu, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';

import { ChevronDownIcon } from '@/components/icons';
import { EmptyBlock, LoadError } from '@/components/query-state';
import { commonMessages } from '@/i18n/messages';
import { readJson, writeJson } from '@/lib/storage';

import type { GridColumn } from './columns';
import { DataGrid } from './data-grid';
import { DateRangeField } from './date-field';
import { DEFAULT_PAGE_SIZES, pageRange } from './list-state';
import { kitMessages as m } from './messages';
import type { ListHandle } from './use-list';

/** A labelled native select bound to one of the list's URL filters (applies at once). */
export function FilterSelect({ list, name, label, allLabel, options }: { list: ListHandle; name: string; label: string; allLabel: string; options: { value: string; label: string }[] }) {
  const value = list.state.filters[name];
  const multi = list.spec.filters?.[name]?.multi;
  const change = (chosen: string) => list.set({ filters: { [name]: multi ? (chosen ? [chosen] : []) : chosen } });
  return (
    <Field.Root w="auto" minW="36">
      <Field.Label fontSize="xs">{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field name={name} value={Array.isArray(value) ? (value[0] ?? '') : (value ?? '')} onChange={(e) => change(e.currentTarget.value)}>
          <option value="">{allLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** A multi-valued URL filter as a compact menu of checkboxes (applies at once). */
export function FilterMultiSelect({ list, name, label, options }: { list: ListHandle; name: string; label: string; options: { value: string; label: string }[] }) {
  const intl = useIntl();
  const raw = list.state.filters[name];
  const chosen = Array.isArray(raw) ? raw : raw ? [raw] : [];
  // Flips from the URL as it is at the click (the menu may hold a handler from an earlier render).
  const toggle = (value: string) =>
    list.set((state) => {
      const now = state.filters[name];
      const had = Array.isArray(now) ? now : now ? [now] : [];
      const next = had.includes(value) ? had.filter((item) => item !== value) : [...had, value];
      return { filters: { [name]: options.map((option) => option.value).filter((item) => next.includes(item)) } };
    });
  const names = options.filter((option) => chosen.includes(option.value)).map((option) => option.label);
  return (
    <Field.Root w="auto">
      <Field.Label fontSize="xs" id={`${name}-filter-label`}>
        {label}
      </Field.Label>
      <Menu.Root closeOnSelect={false}>
        <Menu.Trigger asChild>
          <Button size="sm" variant="outline" aria-labelledby={`${name}-filter-label ${name}-filter-value`} maxW="56" justifyContent="space-between" fontWeight="normal">
            <Text id={`${name}-filter-value`} truncate>
              {names.length ? names.join(', ') : intl.formatMessage(m.anyOption)}
            </Text>
            <ChevronDownIcon aria-hidden="true" />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              {options.map((option) => (
                <Menu.CheckboxItem key={option.value} value={option.value} checked={chosen.includes(option.value)} onCheckedChange={() => toggle(option.value)}>
                  {option.label}
                  <Menu.ItemIndicator />
                </Menu.CheckboxItem>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </Field.Root>
  );
}

function SearchBox({ list, label, hint }: { list: ListHandle; label: string; hint?: string }) {
  const intl = useIntl();
  const [draft, setDraft] = useState(list.state.q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    list.set({ q: draft });
  };
  return (
    // 20rem: room for a hint of up to 36 characters beside the button; screens keep their hint that short
    // (search-hints.test.ts), a longer one is cut off.
    <form role="search" aria-label={intl.formatMessage(m.search)} onSubmit={submit} style={{ flex: '1 1 20rem', minWidth: 0 }}>
      <Field.Root>
        <Field.Label fontSize="xs">{label}</Field.Label>
        {/* The field takes the form's whole width (the form grows in the row; the button keeps its size). */}
        <HStack gap="2" w="full">
          <Input size="sm" type="search" name="q" value={draft} placeholder={hint} flex="1" minW="0" onChange={(e) => setDraft(e.currentTarget.value)} autoComplete="off" />
          <Button size="sm" type="submit" variant="outline">
            {intl.formatMessage(m.searchAction)}
          </Button>
        </HStack>
      </Field.Root>
    </form>
  );
}

function PeriodFilter({ list }: { list: ListHandle }) {
  const intl = useIntl();
  return (
    <DateRangeField
      size="sm"
      onlyComplete
      from={list.state.dateFrom}
      to={list.state.dateTo}
      names={['date_from', 'date_to']}
      fromLabel={intl.formatMessage(m.dateFrom)}
      toLabel={intl.formatMessage(m.dateTo)}
      onChange={({ from, to }) => list.set({ dateFrom: from, dateTo: to })}
    />
  );
}

function Select({ label, name, value, onChange, options }: { label: string; name: string; value: string; onChange: (value: string) => void; options: { value: string; label: string }[] }) {
  return (
    <Field.Root w="auto">
      <Field.Label fontSize="xs">{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

const PHONE = '(max-width: 767px)';

/** Whether the window is a phone's (followed as it resizes). */
function usePhone(): boolean {
  const [phone, setPhone] = useState(() => typeof window !== 'undefined' && Boolean(window.matchMedia?.(PHONE).matches));
  useEffect(() => {
    const query = window.matchMedia?.(PHONE);
    if (!query) return;
    const change = () => setPhone(query.matches);
    query.addEventListener?.('change', change);
    return () => query.removeEventListener?.('change', change);
  }, []);
  return phone;
}

const columnsKey = (id: string) => `cofre.list.columns.${id}`;

/** The columns the user hid on list `id`, remembered in this browser. */
export function useHiddenColumns(id: string) {
  const [hidden, setHidden] = useState<string[]>(() => {
    const stored = readJson(columnsKey(id));
    return Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : [];
  });
  const toggle = (key: string, show: boolean) => {
    const next = show ? hidden.filter((item) => item !== key) : [...new Set([...hidden, key])];
    setHidden(next);
    writeJson(columnsKey(id), next);
  };
  return { hidden, toggle };
}

function ColumnChooser<T>({ columns, hidden, onToggle }: { columns: GridColumn<T>[]; hidden: string[]; onToggle: (key: string, show: boolean) => void }) {
  const intl = useIntl();
  const optional = columns.filter((column) => (column.priority ?? 2) !== 1 && !column.fixed);
  if (optional.length === 0) return null;
  return (
    <Menu.Root closeOnSelect={false} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline">
          {intl.formatMessage(m.columns)}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {optional.map((column) => (
              <Menu.CheckboxItem key={column.key} value={column.key} checked={!hidden.includes(column.key)} onCheckedChange={(checked) => onToggle(column.key, checked)}>
                {column.header}
                <Menu.ItemIndicator />
              </Menu.CheckboxItem>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

function Pager({ list, shown, nextCursor, stale, total }: { list: ListHandle; shown: number; nextCursor: string | null | undefined; stale: boolean; total?: number | null }) {
  const intl = useIntl();
  const page = list.state.page;
  const range = pageRange(page, list.state.perPage, shown, total);
  const n = (value: number) => intl.formatNumber(value);
  if (page <= 1 && !nextCursor && range.total === null) return null;
  return (
    <Flex as="nav" aria-label={intl.formatMessage(m.pagination)} align="center" justify="end" gap="2" mt="3" wrap="wrap">
      <Text fontSize="sm" aria-live="polite" data-testid="list-range" me="2">
        {range.total === null
          ? intl.formatMessage(m.rangeOpen, { start: n(range.from), end: n(range.to) })
          : intl.formatMessage(m.range, { start: n(range.from), end: n(range.to), total: n(range.total) })}
      </Text>
      <IconButton size="sm" variant="outline" aria-label={intl.formatMessage(m.first)} disabled={page <= 1} onClick={list.first}>
        «
      </IconButton>
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={list.previous}>
        {intl.formatMessage(m.previous)}
      </Button>
      <Button size="sm" variant="outline" disabled={!nextCursor || stale} onClick={() => nextCursor && list.next(nextCursor)}>
        {intl.formatMessage(m.next)}
      </Button>
    </Flex>
  );
}

type ListViewProps<T, S extends string> = {
  list: ListHandle<S>;
  caption: string;
  columns: GridColumn<T>[];
  /** The list's query (TanStack Query): its rows and next cursor, loading, a stale page, an error and a retry. */
  query: ListQuery<T>;
  rowKey: (row: T) => string;
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
  /** The sort choices' labels (omit to hide the sort select). */
  sortLabels?: Record<S, string>;
  search?: { label: string; hint?: string };
  /** The list's own filter controls (FilterSelect or the like). */
  filters?: ReactNode;
  /** A strip of totals between the controls and the rows. */
  summary?: ReactNode;
  /** The export button (wired by the exports issue). */
  exportSlot?: ReactNode;
  /** The filtered set's size, when known: "1–25 of 152". */
  total?: number | null;
  errorTitle?: string;
  emptyTitle?: string;
  /** Why the list is empty, when the screen knows better than "no records" (said under the title). */
  emptyText?: string;
};

/** What ListView reads of a list's query (a TanStack Query result). */
export type ListQuery<T> = {
  data: { items: T[]; next_cursor?: string | null } | undefined;
  isPending: boolean;
  isPlaceholderData: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
};

/**
 * A list screen's body: compact controls (search, period, filters, sort, page size, column choice,
 * export), a summary strip, the rows (DataGrid) with loading, empty and error states, and the pager
 * with "1–25 of 152" and a first-page button. Everything but the column choice lives in the URL.
 */
export function ListView<T, S extends string>(props: ListViewProps<T, S>) {
  const { list: typedList, caption, columns, query, rowKey, rowAttributes, sortLabels, search, filters, summary, exportSlot, total, errorTitle, emptyTitle, emptyText } = props;
  const intl = useIntl();
  const data = query.data;
  // A new page loads while the last one stays on screen.
  const stale = query.isPlaceholderData && query.isFetching;
  // The controls read the list's shape only; the sort's own type matters to the screen.
  const list = typedList as unknown as ListHandle;
  const { hidden, toggle } = useHiddenColumns(list.spec.id);
  const [controlsOpen, setControlsOpen] = useState(false);
  const phone = usePhone();
  const sizes = list.spec.pageSizes ?? DEFAULT_PAGE_SIZES;
  return (
    <Stack gap="3">
      {/* On a phone the controls fold behind one button, so the rows start on the first screen. */}
      {phone && (
        <Button size="sm" variant="outline" alignSelf="start" aria-expanded={controlsOpen} onClick={() => setControlsOpen((open) => !open)}>
          {intl.formatMessage(m.filters)}
          {list.filtered ? ' •' : ''}
        </Button>
      )}
      <Flex gap="3" wrap="wrap" align="end" role="group" aria-label={intl.formatMessage(m.filters)} display={phone && !controlsOpen ? 'none' : 'flex'}>
        {search && <SearchBox key={list.state.q} list={list} label={search.label} hint={search.hint} />}
        {list.spec.period && <PeriodFilter list={list} />}
        {filters}
        {list.filtered && (
          <Button size="sm" variant="ghost" onClick={list.clear}>
            {intl.formatMessage(m.clear)}
          </Button>
        )}
        <HStack gap="2" align="end" ms="auto" wrap="wrap">
          {sortLabels && (
            <Select
              label={intl.formatMessage(m.sort)}
              name="sort"
              value={list.state.sort}
              onChange={(sort) => list.set({ sort })}
              options={list.spec.sorts.map((value) => ({ value, label: (sortLabels as Record<string, string>)[value] ?? value }))}
            />
          )}
          <Select
            label={intl.formatMessage(m.perPage)}
            name="per_page"
            value={String(list.state.perPage)}
            onChange={(perPage) => list.set({ perPage: Number(perPage) })}
            options={sizes.map((size) => ({ value: String(size), label: intl.formatNumber(size) }))}
          />
          <ColumnChooser columns={columns} hidden={hidden} onToggle={toggle} />
          {exportSlot}
        </HStack>
      </Flex>
      {summary}
      <Box>
        {query.isError && !data ? (
          <Box role="alert">
            <LoadError title={errorTitle ?? intl.formatMessage(m.loadError)} onRetry={() => void query.refetch()} />
          </Box>
        ) : data && data.items.length === 0 ? (
          <Box role="status">
            {emptyTitle ? (
              <EmptyBlock title={emptyTitle} description={emptyText ?? intl.formatMessage(list.filtered ? commonMessages.noRecordsUseFilter : commonMessages.noRecords)} />
            ) : (
              <EmptyState.Root borderWidth="1px" rounded="lg" bg="bg.panel">
                <EmptyState.Content>
                  <EmptyState.Title>{intl.formatMessage(list.filtered ? commonMessages.noRecordsUseFilter : commonMessages.noRecords)}</EmptyState.Title>
                </EmptyState.Content>
              </EmptyState.Root>
            )}
          </Box>
        ) : (
          <DataGrid
            caption={caption}
            columns={columns}
            rows={data?.items}
            rowKey={rowKey}
            rowAttributes={rowAttributes}
            busy={query.isPending || stale}
            skeletonRows={Math.min(list.state.perPage, 10)}
            sort={list.state.sort}
            hidden={hidden}
          />
        )}
        {data && <Pager list={list} shown={data.items.length} nextCursor={data.next_cursor} stale={stale} total={total} />}
      </Box>
    </Stack>
  );
}

/**
 * The client filter of a staff list: a select of the clients' names (from GET /api/tenants), their
 * slugs in the URL; a slug from a shared link that is not (yet) listed still shows as an option.
 */
export function ClientFilter({ list, clients, label, allLabel, name = 'client' }: { list: ListHandle; clients: { slug: string; name: string }[] | undefined; label: string; allLabel: string; name?: string }) {
  const value = list.state.filters[name];
  const slug = typeof value === 'string' ? value : '';
  const options = (clients ?? []).map((client) => ({ value: client.slug, label: client.name }));
  if (slug && !options.some((option) => option.value === slug)) options.unshift({ value: slug, label: slug });
  return <FilterSelect list={list} name={name} label={label} allLabel={allLabel} options={options} />;
}
