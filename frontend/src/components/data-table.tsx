import { Skeleton, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A column of a `DataTable`: its header, how a row shows in it, and how it aligns. */
export type DataColumn<T> = {
  key: string;
  header: string;
  /** The API's sort field this column orders by (its header then carries aria-sort). */
  sortField?: string;
  /** Amounts: right-aligned, on one line. */
  numeric?: boolean;
  /** On one line (dates, short labels). */
  nowrap?: boolean;
  /** Identifiers: small monospace text. */
  mono?: boolean;
  cell: (row: T) => ReactNode;
};

/**
 * A list's table in a scrolling panel: a caption for screen readers, the column headers (aria-sort on
 * the sorted one, from a sort like `-amount`), skeleton rows while `rows` is undefined, then the rows.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowAttributes,
  busy,
  skeletonRows,
  sort,
}: {
  caption: string;
  columns: DataColumn<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
  busy: boolean;
  skeletonRows: number;
  sort?: string;
}) {
  const field = sort?.replace(/^-/, '');
  const ariaSort = (name: string | undefined) => (name && field === name ? (sort!.startsWith('-') ? 'descending' : 'ascending') : undefined);
  return (
    <Table.ScrollArea borderWidth="1px" rounded="lg" bg="bg.panel">
      <Table.Root size="sm" aria-busy={busy || undefined}>
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column.key} scope="col" whiteSpace="nowrap" textAlign={column.numeric ? 'end' : undefined} aria-sort={ariaSort(column.sortField)}>
                {column.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {!rows
            ? Array.from({ length: skeletonRows }, (_, index) => (
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
