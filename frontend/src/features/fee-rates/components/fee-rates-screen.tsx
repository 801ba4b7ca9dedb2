import { Badge, Button, EmptyState, Field, Flex, HStack, NativeSelect, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';

import type { FeeRate } from '@/api/types';
import { AppToaster } from '@/components/app-toaster';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { useSessionUser } from '@/lib/auth/session';
import { canWrite } from '@/lib/permissions';

import { getClientsQueryOptions } from '../api/get-clients';
import { getFeeRatesQueryOptions } from '../api/get-fee-rates';
import { getPluginsQueryOptions } from '../api/get-payment-methods';
import { methodName, money, rateText } from '../lib/display';
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
        <Field.Root maxW="sm">
          <Field.Label>{intl.formatMessage(m.scope)}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="fee_scope" value={scope} onChange={(e) => setScope(e.currentTarget.value)}>
              <option value={ALL_SCOPE}>{intl.formatMessage(m.scopeAll)}</option>
              <option value={PLATFORM_SCOPE}>{intl.formatMessage(m.scopePlatform)}</option>
              {clients.data?.map((client) => (
                <option key={client.slug} value={client.slug}>
                  {client.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>{scopeHint}</Field.HelperText>
        </Field.Root>
        {writable && (
          <Button colorPalette="blue" onClick={openNew} disabled={!rates.data}>
            {intl.formatMessage(m.newRate)}
          </Button>
        )}
      </Flex>
      {rates.isError ? (
        <EmptyState.Root borderWidth="1px" rounded="lg">
          <EmptyState.Content>
            <EmptyState.Title>{intl.formatMessage(m.loadError)}</EmptyState.Title>
            <Button size="sm" onClick={() => void rates.refetch()}>
              {intl.formatMessage(commonMessages.retry)}
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : scope === ALL_SCOPE ? (
        rates.data && rates.data.length === 0 ? (
          <EmptyState.Root borderWidth="1px" rounded="lg" bg="bg.panel">
            <EmptyState.Content>
              <EmptyState.Title>{intl.formatMessage(commonMessages.noRecords)}</EmptyState.Title>
              <EmptyState.Description>{intl.formatMessage(m.emptyAll)}</EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
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

/** A row's action: its text, and an accessible name that starts with that text and names the row. */
function RowButton({ action, labels, colorPalette, onClick }: { action: MessageDescriptor; labels: Record<string, string>; colorPalette?: string; onClick: () => void }) {
  const intl = useIntl();
  const text = intl.formatMessage(action);
  return (
    <Button size="xs" variant="outline" colorPalette={colorPalette} aria-label={intl.formatMessage(m.actionLabel, { ...labels, action: text })} onClick={onClick}>
      {text}
    </Button>
  );
}

function LoadingRows({ columns }: { columns: number }) {
  return [0, 1, 2].map((row) => (
    <Table.Row key={row}>
      <Table.Cell colSpan={columns}>
        <Skeleton height="5" />
      </Table.Cell>
    </Table.Row>
  ));
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
  const columns = writable ? 6 : 5;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="lg" bg="bg.panel">
      <Table.Root size="sm" aria-label={intl.formatMessage(m.list)} aria-busy={!rates || undefined}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{intl.formatMessage(m.colClient)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.colMethod)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.colCurrency)}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.colPercent)}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.colFixed)}</Table.ColumnHeader>
            {writable && <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.colActions)}</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {!rates ? (
            <LoadingRows columns={columns} />
          ) : (
            rates.map((rate) => {
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
                        <RowButton action={m.edit} labels={labels} onClick={() => onEdit(rate)} />
                        <RowButton action={rate.tenant ? m.reset : m.remove} labels={labels} colorPalette="red" onClick={() => onRemove(rate)} />
                      </HStack>
                    </Table.Cell>
                  )}
                </Table.Row>
              );
            })
          )}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
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
  const columns = writable ? 7 : 6;
  const exampleHeader = intl.formatMessage(m.colExample, { amount: intl.formatNumber(EXAMPLE_AMOUNT / 100, { minimumFractionDigits: 2 }) });
  return (
    <Table.ScrollArea borderWidth="1px" rounded="lg" bg="bg.panel">
      <Table.Root size="sm" aria-label={intl.formatMessage(m.list)} aria-busy={!rows || undefined}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{intl.formatMessage(m.colMethod)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.colCurrency)}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.colPercent)}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.colFixed)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.colApplies)}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{exampleHeader}</Table.ColumnHeader>
            {writable && <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.colActions)}</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {!rows ? (
            <LoadingRows columns={columns} />
          ) : (
            rows.map((row) => {
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
                            <RowButton action={m.edit} labels={labels} onClick={() => onEdit(row)} />
                            <RowButton action={client ? m.reset : m.remove} labels={labels} colorPalette="red" onClick={() => onRemove(row.own!)} />
                          </>
                        ) : (
                          <RowButton action={client ? m.setClient : m.set} labels={labels} colorPalette="blue" onClick={() => onEdit(row)} />
                        )}
                      </HStack>
                    </Table.Cell>
                  )}
                </Table.Row>
              );
            })
          )}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
