import { Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

import { LoadError } from '@/components/query-state';
import { commonMessages } from '@/i18n/messages';

import type { GridColumn } from './columns';
import { DataGrid } from './data-grid';

type Props<T> = {
  caption: string;
  columns: GridColumn<T>[];
  /** Undefined while loading (placeholder rows). */
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
  /** Said when there is no row (default: "No records to show"). */
  empty?: string;
  /** The rows could not be loaded: the title and a retry. */
  error?: { title: string; onRetry: () => void } | null;
  /** Rows shown as placeholders while loading. */
  skeletonRows?: number;
};

/**
 * A compact table of details inside a drawer or a card (a settlement's payments, a customer's history,
 * an audit entry's changes): the kit's DataGrid, so it turns into cards where it is narrow (a drawer on
 * a phone), with a one-line empty text instead of a list's empty block, and the loading and error states.
 */
export function DetailGrid<T>({ caption, columns, rows, rowKey, rowAttributes, empty, error, skeletonRows = 3 }: Props<T>) {
  const intl = useIntl();
  if (error) return <LoadError title={error.title} onRetry={error.onRetry} />;
  if (rows && rows.length === 0) {
    return (
      <Text color="fg.muted" data-empty="">
        {empty ?? intl.formatMessage(commonMessages.noRecords)}
      </Text>
    );
  }
  return <DataGrid caption={caption} columns={columns} rows={rows} rowKey={rowKey} rowAttributes={rowAttributes} skeletonRows={skeletonRows} />;
}
