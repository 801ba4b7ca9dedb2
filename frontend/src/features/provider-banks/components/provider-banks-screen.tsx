import { Badge, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';

import type { ProviderBank } from '@/api/types';
import { DataGrid, type GridColumn } from '@/components/kit';
import { EmptyBlock, LoadError } from '@/components/query-state';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';

import { getProviderBanksQueryOptions } from '../api/get-provider-banks';
import { providerBanksMessages as m } from '../messages';

const METHODS: Record<string, MessageDescriptor> = { billet: m.methodBillet, pix: m.methodPix, card: m.methodCard, wire: m.methodWire, ted: m.methodTed };
const SOURCES: Record<string, MessageDescriptor> = { client: m.sourceClient, platform: m.sourcePlatform, builtin: m.sourceBuiltin, none: m.sourceNone };
const STATUSES: Record<string, { text: MessageDescriptor; palette: string }> = {
  healthy: { text: m.statusHealthy, palette: 'green' },
  disabled: { text: m.statusDisabled, palette: 'orange' },
  unavailable: { text: m.statusUnavailable, palette: 'red' },
};

/** clients/provider-banks: read-only, the client's own routing (its route or the platform's default). */
export default function ProviderBanksScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const banks = useQuery(getProviderBanksQueryOptions());
  const say = (table: Record<string, MessageDescriptor>, code: string) => (Object.hasOwn(table, code) ? intl.formatMessage(table[code]!) : code);
  const columns: GridColumn<ProviderBank>[] = [
    { key: 'operation', header: intl.formatMessage(m.colOperation), priority: 1, cell: (row) => intl.formatMessage(row.operation === 'payout' ? m.opPayout : m.opDeposit) },
    { key: 'method', header: intl.formatMessage(m.colMethod), priority: 1, card: 'title', cell: (row) => say(METHODS, row.method) },
    { key: 'provider', header: intl.formatMessage(m.colProvider), priority: 1, cell: (row) => row.provider_name || intl.formatMessage(m.none) },
    { key: 'source', header: intl.formatMessage(m.colSource), priority: 2, cell: (row) => say(SOURCES, row.source) },
    {
      key: 'status',
      header: intl.formatMessage(m.colStatus),
      priority: 1,
      card: 'status',
      cell: (row) => {
        const status = STATUSES[row.status];
        return (
          <Stack gap="1" align="flex-start">
            <Badge colorPalette={status?.palette ?? 'gray'}>{status ? intl.formatMessage(status.text) : row.status}</Badge>
            {!row.method_enabled && (
              <Text fontSize="xs" color="fg.muted">
                {intl.formatMessage(m.methodOff)}
              </Text>
            )}
          </Stack>
        );
      },
    },
  ];
  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      <Text maxW="4xl">{intl.formatMessage(m.intro)}</Text>
      {banks.isError ? (
        <LoadError title={intl.formatMessage(m.loadError)} onRetry={() => void banks.refetch()} />
      ) : banks.data && banks.data.length === 0 ? (
        <EmptyBlock title={intl.formatMessage(commonMessages.noRecords)} description={intl.formatMessage(m.intro)} />
      ) : (
        <DataGrid caption={intl.formatMessage(m.list)} columns={columns} rows={banks.data} rowKey={(row) => `${row.operation}:${row.method}`} rowAttributes={(row) => ({ 'data-bank': `${row.operation}:${row.method}` })} busy={!banks.data} />
      )}
    </Stack>
  );
}
