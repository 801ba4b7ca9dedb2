import { Badge, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';

import type { FeeRate } from '@/api/types';
import { AppToaster } from '@/components/app-toaster';
import { DataGrid, type GridColumn } from '@/components/kit';
import { EmptyBlock, LoadError } from '@/components/query-state';
import { RouteHeader } from '@/components/route-header';
import { RowActionButton } from '@/components/row-action-button';
import { TenantScopeSelect } from '@/components/tenant-scope-select';
import { commonMessages } from '@/i18n/messages';
import { useCanWrite } from '@/lib/auth/session';
import { money } from '@/lib/format';

import { getClientsQueryOptions } from '../api/get-clients';
import { getFeeRatesQueryOptions } from '../api/get-fee-rates';
import { getPluginsQueryOptions } from '../api/get-payment-methods';
import { methodName, rateText } from '../lib/display';
import { formatPercent } from '@/lib/percent';
import { ALL_SCOPE, EXAMPLE_AMOUNT, PLATFORM_SCOPE, type RateRow, type RateSource, allRates, computeFee, methodOptions, rateRows } from '../lib/rates';
import { feeRatesMessages as m, sourceMessages } from '../messages';
import { RateDialog, type RateTarget } from './rate-dialog';
import { RemoveRateDialog } from './remove-rate-dialog';

const SOURCE_PALETTE: Record<RateSource, string> = { client: 'blue', platform: 'gray', none: 'orange' };

/**
 * admin/fee-rates ("Tarifas"): the fee-rate table. "All rates" lists every stored rate; "Platform
 * default" and each client list every method and currency with the rate that applies and where it
 * comes from (the client's own rate, else the platform default, else no fee), so an operator reads
 * the effective fee at a glance. Rates are set in a dialog with a confirmation step; a client's rate
 * can be reset to the platform default.
 */
export default function FeeRatesScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const writable = useCanWrite(route);
  const rates = useQuery(getFeeRatesQueryOptions());
  const clients = useQuery(getClientsQueryOptions());
  const plugins = useQuery(getPluginsQueryOptions());
  const [scope, setScope] = useState(ALL_SCOPE);
  const [editing, setEditing] = useState<RateTarget | null>(null);
  const [removing, setRemoving] = useState<FeeRate | null>(null);

  const methods = useMemo(() => methodOptions(plugins.data), [plugins.data]);
  const nameOf = useCallback((slug: string) => clients.data?.find((client) => client.slug === slug)?.name ?? slug, [clients.data]);
  const tenant = scope === ALL_SCOPE || scope === PLATFORM_SCOPE ? null : scope;
  const scopeHint =
    scope === ALL_SCOPE
      ? intl.formatMessage(m.scopeHintAll)
      : scope === PLATFORM_SCOPE
        ? intl.formatMessage(m.scopeHintPlatform)
        : intl.formatMessage(m.scopeHintClient, { client: nameOf(scope) });

  const openNew = () =>
    setEditing({ tenant: tenant ?? '', method: methods[0]?.code ?? '', currency: methods[0]?.currencies[0] ?? 'BRL', locked: false });

  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      <Text maxW="4xl">{intl.formatMessage(m.intro)}</Text>
      <Flex gap="3" align="flex-end" wrap="wrap" justify="space-between">
        <TenantScopeSelect
          label={intl.formatMessage(m.scope)}
          name="fee_scope"
          value={scope}
          onChange={setScope}
          options={[
            { value: ALL_SCOPE, label: intl.formatMessage(m.scopeAll) },
            { value: PLATFORM_SCOPE, label: intl.formatMessage(m.scopePlatform) },
          ]}
          clients={clients.data}
          hint={scopeHint}
        />
        {writable && (
          <Button colorPalette="blue" onClick={openNew} disabled={!rates.data}>
            {intl.formatMessage(m.newRate)}
          </Button>
        )}
      </Flex>
      {rates.isError ? (
        <LoadError title={intl.formatMessage(m.loadError)} onRetry={() => void rates.refetch()} />
      ) : scope === ALL_SCOPE ? (
        rates.data && rates.data.length === 0 ? (
          <EmptyBlock title={intl.formatMessage(commonMessages.noRecords)} description={intl.formatMessage(m.emptyAll)} />
        ) : (
          <AllRatesTable
            rates={rates.data ? allRates(rates.data, nameOf) : undefined}
            nameOf={nameOf}
            writable={writable}
            onEdit={(rate) => setEditing({ tenant: rate.tenant ?? '', method: rate.method, currency: rate.currency, locked: true })}
            onRemove={setRemoving}
          />
        )
      ) : (
        <ScopeTable
          rows={rates.data ? rateRows(rates.data, methods, tenant) : undefined}
          client={tenant}
          scopeName={tenant ? nameOf(tenant) : intl.formatMessage(m.platform)}
          writable={writable}
          onEdit={(row) => setEditing({ tenant: tenant ?? '', method: row.method, currency: row.currency, locked: true })}
          onRemove={setRemoving}
        />
      )}
      {editing && rates.data && (
        <RateDialog target={editing} rates={rates.data} clients={clients.data} methods={methods} nameOf={nameOf} onClose={() => setEditing(null)} />
      )}
      <RemoveRateDialog rate={removing} rates={rates.data ?? []} nameOf={nameOf} onClose={() => setRemoving(null)} />
      <AppToaster />
    </Stack>
  );
}

type AllProps = {
  rates: FeeRate[] | undefined;
  nameOf: (slug: string) => string;
  writable: boolean;
  onEdit: (rate: FeeRate) => void;
  onRemove: (rate: FeeRate) => void;
};

/** Every stored rate: the platform defaults, then each client's own. */
function AllRatesTable({ rates, nameOf, writable, onEdit, onRemove }: AllProps) {
  const intl = useIntl();
  const scopeOf = (rate: FeeRate) => (rate.tenant ? nameOf(rate.tenant) : intl.formatMessage(m.platform));
  const labelsOf = (rate: FeeRate) => ({ method: methodName(intl, rate.method), currency: rate.currency, scope: scopeOf(rate) });
  const columns: GridColumn<FeeRate>[] = [
    { key: 'client', header: intl.formatMessage(m.colClient), priority: 1, card: 'title', cell: (rate) => (rate.tenant ? scopeOf(rate) : <Badge variant="subtle">{scopeOf(rate)}</Badge>) },
    { key: 'method', header: intl.formatMessage(m.colMethod), priority: 1, cell: (rate) => methodName(intl, rate.method) },
    { key: 'currency', header: intl.formatMessage(m.colCurrency), priority: 1, cell: (rate) => rate.currency },
    { key: 'percent', header: intl.formatMessage(m.colPercent), priority: 1, numeric: true, cell: (rate) => formatPercent(rate.percent_bp, intl.locale) },
    { key: 'fixed', header: intl.formatMessage(m.colFixed), priority: 1, numeric: true, cell: (rate) => money(rate.fixed, rate.currency, intl.locale) },
  ];
  if (writable) {
    columns.push({
      key: 'actions',
      header: intl.formatMessage(m.colActions),
      priority: 1,
      card: 'actions',
      numeric: true,
      cell: (rate) => (
        <HStack justify="flex-end" gap="2">
          <RowActionButton label={m.actionLabel} action={m.edit} values={labelsOf(rate)} onClick={() => onEdit(rate)} />
          <RowActionButton label={m.actionLabel} action={rate.tenant ? m.reset : m.remove} values={labelsOf(rate)} colorPalette="red" onClick={() => onRemove(rate)} />
        </HStack>
      ),
    });
  }
  return (
    <DataGrid
      caption={intl.formatMessage(m.list)}
      columns={columns}
      rows={rates}
      rowKey={(rate) => `${rate.tenant}|${rate.method}|${rate.currency}`}
      rowAttributes={(rate) => ({ 'data-rate': `${rate.tenant ?? ''}:${rate.method}:${rate.currency}` })}
      busy={!rates}
    />
  );
}

type ScopeProps = {
  rows: RateRow[] | undefined;
  /** The client's slug; null for the platform's own table. */
  client: string | null;
  scopeName: string;
  writable: boolean;
  onEdit: (row: RateRow) => void;
  onRemove: (rate: FeeRate) => void;
};

/** Every method and currency of the platform or of one client, with the rate that applies. */
function ScopeTable({ rows, client, scopeName, writable, onEdit, onRemove }: ScopeProps) {
  const intl = useIntl();
  const exampleHeader = intl.formatMessage(m.colExample, { amount: intl.formatNumber(EXAMPLE_AMOUNT / 100, { minimumFractionDigits: 2 }) });
  const labelsOf = (row: RateRow) => ({ method: methodName(intl, row.method), currency: row.currency, scope: scopeName });
  const columns: GridColumn<RateRow>[] = [
    { key: 'method', header: intl.formatMessage(m.colMethod), priority: 1, card: 'title', cell: (row) => <Text fontWeight="medium">{methodName(intl, row.method)}</Text> },
    { key: 'currency', header: intl.formatMessage(m.colCurrency), priority: 1, cell: (row) => row.currency },
    { key: 'percent', header: intl.formatMessage(m.colPercent), priority: 1, numeric: true, cell: (row) => (row.effective ? formatPercent(row.effective.percent_bp, intl.locale) : '—') },
    { key: 'fixed', header: intl.formatMessage(m.colFixed), priority: 1, numeric: true, cell: (row) => (row.effective ? money(row.effective.fixed, row.currency, intl.locale) : '—') },
    {
      key: 'applies',
      header: intl.formatMessage(m.colApplies),
      priority: 2,
      cell: (row) => (
        <>
          <Badge colorPalette={SOURCE_PALETTE[row.applies]} variant="subtle">
            {intl.formatMessage(sourceMessages[row.applies])}
          </Badge>
          {row.applies === 'client' && (
            <Text color="fg.muted" fontSize="xs">
              {row.platform ? intl.formatMessage(m.replaces, { rate: rateText(intl, row.platform, row.currency) }) : intl.formatMessage(m.replacesNothing)}
            </Text>
          )}
        </>
      ),
    },
    { key: 'example', header: exampleHeader, priority: 2, numeric: true, cell: (row) => money(computeFee(EXAMPLE_AMOUNT, row.effective), row.currency, intl.locale) },
  ];
  if (writable) {
    columns.push({
      key: 'actions',
      header: intl.formatMessage(m.colActions),
      priority: 1,
      card: 'actions',
      numeric: true,
      cell: (row) => (
        <HStack justify="flex-end" gap="2">
          {row.own ? (
            <>
              <RowActionButton label={m.actionLabel} action={m.edit} values={labelsOf(row)} onClick={() => onEdit(row)} />
              <RowActionButton label={m.actionLabel} action={client ? m.reset : m.remove} values={labelsOf(row)} colorPalette="red" onClick={() => onRemove(row.own!)} />
            </>
          ) : (
            <RowActionButton label={m.actionLabel} action={client ? m.setClient : m.set} values={labelsOf(row)} colorPalette="blue" onClick={() => onEdit(row)} />
          )}
        </HStack>
      ),
    });
  }
  return (
    <DataGrid
      caption={intl.formatMessage(m.list)}
      columns={columns}
      rows={rows}
      rowKey={(row) => `${row.method}|${row.currency}`}
      rowAttributes={(row) => ({ 'data-rate': `${row.method}:${row.currency}`, 'data-applies': row.applies })}
      busy={!rows}
    />
  );
}
