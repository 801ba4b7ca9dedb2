import { Box, Card, Flex, HStack, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useLayoutEffect, useRef, useState } from 'react';

import { type GridColumn, cardParts, gridMode, shownColumns } from './columns';

/** The grid's own width, followed as the window or the sidebar changes it (0 until measured). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.round(element.getBoundingClientRect().width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

type Props<T> = {
  caption: string;
  columns: GridColumn<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
  busy?: boolean;
  skeletonRows?: number;
  /** A sort like `-amount`: its column's header carries aria-sort. */
  sort?: string;
  /** Columns the user chose to hide (key columns ignore it). */
  hidden?: readonly string[];
};

/**
 * A list's rows: a table whose low-priority columns leave first as it narrows (the key ones never do),
 * and below a phone's width one card per row whose first lines are amount, status and date.
 */
export function DataGrid<T>({ caption, columns, rows, rowKey, rowAttributes, busy, skeletonRows = 5, sort, hidden }: Props<T>) {
  const { ref, width } = useWidth();
  const mode = gridMode(width);
  const shown = shownColumns(columns, mode, hidden);
  return (
    <Box ref={ref} data-grid-mode={mode.cards ? 'cards' : 'table'} minW="0">
      {mode.cards ? <Cards caption={caption} columns={shown} rows={rows} rowKey={rowKey} rowAttributes={rowAttributes} busy={busy} skeletonRows={skeletonRows} /> : <GridTable caption={caption} columns={shown} rows={rows} rowKey={rowKey} rowAttributes={rowAttributes} busy={busy} skeletonRows={skeletonRows} sort={sort} />}
    </Box>
  );
}

function GridTable<T>({ caption, columns, rows, rowKey, rowAttributes, busy, skeletonRows, sort }: Props<T>) {
  const field = sort?.replace(/^-/, '');
  const ariaSort = (name: string | undefined) => (name && field === name ? (sort!.startsWith('-') ? 'descending' : 'ascending') : undefined);
  return (
    <Table.ScrollArea borderWidth="1px" rounded="lg" bg="bg.panel">
      <Table.Root size="sm" aria-busy={busy || undefined} opacity={busy && rows ? 0.6 : 1} transition="opacity 0.2s">
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column.key} data-column={column.key} scope="col" whiteSpace="nowrap" textAlign={column.numeric ? 'end' : undefined} aria-sort={ariaSort(column.sortField)}>
                {column.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {!rows
            ? Array.from({ length: skeletonRows ?? 5 }, (_, index) => (
                <Table.Row key={index} data-testid="skeleton-row">
                  {columns.map((column) => (
                    <Table.Cell key={column.key}>
                      <Skeleton h="4" />
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))
            : rows.map((row) => (
                <Table.Row key={rowKey(row)} {...rowAttributes?.(row)}>
                  {columns.map((column) => (
                    <Table.Cell
                      key={column.key}
                      data-column={column.key}
                      textAlign={column.numeric ? 'end' : undefined}
                      whiteSpace={column.numeric || column.nowrap ? 'nowrap' : undefined}
                      fontFamily={column.mono ? 'mono' : undefined}
                      fontSize={column.mono ? 'xs' : undefined}
                    >
                      {column.cell(row)}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function Cards<T>({ caption, columns, rows, rowKey, rowAttributes, busy, skeletonRows }: Props<T>) {
  const parts = cardParts(columns);
  if (!rows) {
    return (
      <Stack aria-busy="true" aria-label={caption}>
        {Array.from({ length: Math.min(skeletonRows ?? 3, 3) }, (_, index) => (
          <Skeleton key={index} h="20" rounded="lg" data-testid="skeleton-row" />
        ))}
      </Stack>
    );
  }
  return (
    <Stack as="ul" listStyleType="none" gap="3" aria-label={caption} aria-busy={busy || undefined}>
      {rows.map((row) => (
        <Card.Root as="li" key={rowKey(row)} size="sm" data-card="" {...rowAttributes?.(row)}>
          <Card.Body gap="2">
            <Flex justify="space-between" align="center" gap="3" wrap="wrap">
              <Text fontWeight="semibold" fontSize="lg" minW="0" overflowWrap="anywhere" data-column={parts.amount?.key}>
                {parts.amount ? parts.amount.cell(row) : parts.title?.cell(row)}
              </Text>
              {parts.status && <Box data-column={parts.status.key}>{parts.status.cell(row)}</Box>}
            </Flex>
            {parts.date && (
              <Text color="fg.muted" fontSize="sm" data-column={parts.date.key}>
                {parts.date.cell(row)}
              </Text>
            )}
            {parts.amount && parts.title && <Box data-column={parts.title.key}>{parts.title.cell(row)}</Box>}
            <Stack as="dl" gap="1" fontSize="sm">
              {parts.rest.map((column) => (
                <HStack key={column.key} justify="space-between" align="start" gap="3" data-column={column.key}>
                  <Text as="dt" color="fg.muted" flexShrink={0}>
                    {column.header}
                  </Text>
                  <Box as="dd" textAlign="end" minW="0" wordBreak="break-word" fontFamily={column.mono ? 'mono' : undefined} fontSize={column.mono ? 'xs' : undefined}>
                    {column.cell(row)}
                  </Box>
                </HStack>
              ))}
            </Stack>
            {parts.actions && (
              <Box data-column={parts.actions.key} pt="1">
                {parts.actions.cell(row)}
              </Box>
            )}
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
