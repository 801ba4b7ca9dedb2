import { Box } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useIntl } from 'react-intl';

import type { WalletActivity } from '@/api/types';
import { DataGrid } from '@/components/kit';
import { EmptyBlock, LoadError } from '@/components/query-state';

import { walletMessages as m } from '../messages';
import { useActivityColumns } from './wallet-parts';

/** The customer's deposits and withdraws: the rows, or the loading, empty and error states. */
export function ActivityTable({ query, filtered = false }: { query: UseQueryResult<WalletActivity[]>; filtered?: boolean }) {
  const intl = useIntl();
  const columns = useActivityColumns();
  if (query.isError && !query.data) {
    return (
      <Box role="alert">
        <LoadError title={intl.formatMessage(m.loadError)} onRetry={() => void query.refetch()} />
      </Box>
    );
  }
  if (query.data && query.data.length === 0) {
    return (
      <Box role="status">
        <EmptyBlock title={intl.formatMessage(m.empty)} description={filtered ? '' : intl.formatMessage(m.emptyHint)} />
      </Box>
    );
  }
  return <DataGrid caption={intl.formatMessage(m.activityTable)} columns={columns} rows={query.data} rowKey={(row) => row.id} rowAttributes={(row) => ({ 'data-activity': row.id })} busy={query.isPending} skeletonRows={5} />;
}
