import { Badge, Button, Flex, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';

import type { FeeRate } from '@/api/types';
import { AppToaster } from '@/components/app-toaster';
import { EmptyBlock, LoadError } from '@/components/query-state';
import { RouteHeader } from '@/components/route-header';
import { RowActionButton } from '@/components/row-action-button';
import { TablePanel } from '@/components/table-panel';
import { TenantScopeSelect } from '@/components/tenant-scope-select';
import { commonMessages } from '@/i18n/messages';
import { useSessionUser } from '@/lib/auth/session';
import { canWrite } from '@/lib/permissions';
import { money } from '@/lib/format';

import { getClientsQueryOptions } from '../api/get-clients';
import { getFeeRatesQueryOptions } from '../api/get-fee-rates';
import { getPluginsQueryOptions } from '../api/get-payment-methods';
import { methodName, rateText } from '../lib/display';
import { formatPercent } from '../lib/percent';
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
  const user = useSessionUser();
  const writable = canWrite(user.role);
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
  return (
    <TablePanel
      label={intl.formatMessage(m.list)}
      loading={!rates}
      headers={[
        { key: 'client', text: intl.formatMessage(m.colClient) },
        { key: 'method', text: intl.formatMessage(m.colMethod) },
        { key: 'currency', text: intl.formatMessage(m.colCurrency) },
        { key: 'percent', text: intl.formatMessage(m.colPercent), end: true },
        { key: 'fixed', text: intl.formatMessage(m.colFixed), end: true },
        writable && { key: 'actions', text: intl.formatMessage(m.colActions), end: true },
      ]}
    >
      {rates?.map((rate) => {
        const scopeName = rate.tenant ? nameOf(rate.tenant) : intl.formatMessage(m.platform);
        const labels = { method: methodName(intl, rate.method), currency: rate.currency, scope: scopeName };
        return (
          <Table.Row key={`${rate.tenant}|${rate.method}|${rate.currency}`} data-rate={`${rate.tenant ?? ''}:${rate.method}:${rate.currency}`}>
            <Table.Cell>{rate.tenant ? scopeName : <Badge variant="subtle">{scopeName}</Badge>}</Table.Cell>
            <Table.Cell>{labels.method}</Table.Cell>
            <Table.Cell>{rate.currency}</Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap">
              {formatPercent(rate.percent_bp, intl.locale)}
            </Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap">
              {money(rate.fixed, rate.currency, intl.locale)}
            </Table.Cell>
            {writable && (
              <Table.Cell textAlign="end">
                <HStack justify="flex-end" gap="2">
                  <RowActionButton label={m.actionLabel} action={m.edit} values={labels} onClick={() => onEdit(rate)} />
                  <RowActionButton label={m.actionLabel} action={rate.tenant ? m.reset : m.remove} values={labels} colorPalette="red" onClick={() => onRemove(rate)} />
                </HStack>
              </Table.Cell>
            )}
          </Table.Row>
        );
      })}
    </TablePanel>
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
  return (
    <TablePanel
      label={intl.formatMessage(m.list)}
      loading={!rows}
      headers={[
        { key: 'method', text: intl.formatMessage(m.colMethod) },
        { key: 'currency', text: intl.formatMessage(m.colCurrency) },
        { key: 'percent', text: intl.formatMessage(m.colPercent), end: true },
        { key: 'fixed', text: intl.formatMessage(m.colFixed), end: true },
        { key: 'applies', text: intl.formatMessage(m.colApplies) },
        { key: 'example', text: exampleHeader, end: true },
        writable && { key: 'actions', text: intl.formatMessage(m.colActions), end: true },
      ]}
    >
      {rows?.map((row) => {
        const labels = { method: methodName(intl, row.method), currency: row.currency, scope: scopeName };
        const { effective } = row;
        return (
          <Table.Row key={`${row.method}|${row.currency}`} data-rate={`${row.method}:${row.currency}`} data-applies={row.applies}>
            <Table.Cell fontWeight="medium">{labels.method}</Table.Cell>
            <Table.Cell>{row.currency}</Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap">
              {effective ? formatPercent(effective.percent_bp, intl.locale) : '—'}
            </Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap">
              {effective ? money(effective.fixed, row.currency, intl.locale) : '—'}
            </Table.Cell>
            <Table.Cell>
              <Badge colorPalette={SOURCE_PALETTE[row.applies]} variant="subtle">
                {intl.formatMessage(sourceMessages[row.applies])}
              </Badge>
              {row.applies === 'client' && (
                <Text color="fg.muted" fontSize="xs">
                  {row.platform ? intl.formatMessage(m.replaces, { rate: rateText(intl, row.platform, row.currency) }) : intl.formatMessage(m.replacesNothing)}
                </Text>
              )}
            </Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap">
              {money(computeFee(EXAMPLE_AMOUNT, effective), row.currency, intl.locale)}
            </Table.Cell>
            {writable && (
              <Table.Cell textAlign="end">
                <HStack justify="flex-end" gap="2">
                  {row.own ? (
                    <>
                      <RowActionButton label={m.actionLabel} action={m.edit} values={labels} onClick={() => onEdit(row)} />
                      <RowActionButton label={m.actionLabel} action={client ? m.reset : m.remove} values={labels} colorPalette="red" onClick={() => onRemove(row.own!)} />
                    </>
                  ) : (
                    <RowActionButton label={m.actionLabel} action={client ? m.setClient : m.set} values={labels} colorPalette="blue" onClick={() => onEdit(row)} />
                  )}
                </HStack>
              </Table.Cell>
            )}
          </Table.Row>
        );
      })}
    </TablePanel>
  );
}
