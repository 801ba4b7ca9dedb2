import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { LoadingRows } from './query-state';

/** A column header; `end` aligns it right (amounts, actions). */
export type TablePanelHeader = { key: string; text: string; end?: boolean };

type Props = {
  /** The table's accessible name. */
  label: string;
  /** Falsy entries are left out (a column shown only to some users). */
  headers: (TablePanelHeader | false | null | undefined)[];
  /** No data yet: skeleton rows, and the table is marked busy. */
  loading: boolean;
  /** The rows, once loaded. */
  children: ReactNode;
};

/** A small table in a panel, named for screen readers, with skeleton rows while it loads. */
export function TablePanel({ label, headers, loading, children }: Props) {
  const shown = headers.filter((header): header is TablePanelHeader => Boolean(header));
  return (
    <Table.ScrollArea borderWidth="1px" rounded="lg" bg="bg.panel">
      <Table.Root size="sm" aria-label={label} aria-busy={loading || undefined}>
        <Table.Header>
          <Table.Row>
            {shown.map((header) => (
              <Table.ColumnHeader key={header.key} textAlign={header.end ? 'end' : undefined}>
                {header.text}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{loading ? <LoadingRows columns={shown.length} /> : children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
