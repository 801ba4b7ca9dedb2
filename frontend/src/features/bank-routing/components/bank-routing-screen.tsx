import { Alert, Badge, Button, EmptyState, Field, Heading, HStack, NativeSelect, Skeleton, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';

import type { Plugin } from '@/api/types';
import { AppToaster } from '@/components/app-toaster';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { useSessionUser } from '@/lib/auth/session';
import { canWrite } from '@/lib/permissions';

import { getClientsQueryOptions } from '../api/get-clients';
import { getPluginsQueryOptions } from '../api/get-plugins';
import { getRoutesQueryOptions } from '../api/get-routes';
import { methodName } from '../lib/display';
import { type RouteRow, type RouteSource, PLATFORM_SCOPE, bankProviders, paymentMethods, payoutProviders, routeRows } from '../lib/routing';
import { bankRoutingMessages as m, routeSourceMessages } from '../messages';
import { PluginConfigDialog } from './plugin-config-dialog';
import { ResetRouteDialog } from './reset-route-dialog';
import { RouteDialog } from './route-dialog';
import { TogglePluginDialog } from './toggle-plugin-dialog';

const SOURCE_PALETTE: Record<RouteSource, string> = { client: 'blue', platform: 'gray', builtin: 'orange' };

/**
 * admin/deposits-banks ("Bancos IN") and admin/withdraws-banks ("Bancos OUT").
 *
 * IN: provider routing (which bank provider collects each payment method, for the platform or a
 * client, and where that comes from), the payment methods (enabled and configured per client or for
 * the platform) and the bank providers (platform-wide). OUT: the bank providers that make payouts,
 * what they pay out, their settings and whether they take new payouts.
 */
export default function BankRoutingScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const user = useSessionUser();
  const writable = canWrite(user.role);
  const out = route === 'admin/withdraws-banks';
  const [scope, setScope] = useState(PLATFORM_SCOPE);
  const tenant = out || scope === PLATFORM_SCOPE ? null : scope;
  const clients = useQuery(getClientsQueryOptions());
  const plugins = useQuery(getPluginsQueryOptions(tenant));
  // OUT reads the routes only to name those a provider serves before it is disabled.
  const routes = useQuery(getRoutesQueryOptions());
  const [routing, setRouting] = useState<RouteRow | null>(null);
  const [resetting, setResetting] = useState<RouteRow | null>(null);
  const [configuring, setConfiguring] = useState<Plugin | null>(null);
  const [toggling, setToggling] = useState<Plugin | null>(null);

  const nameOf = useCallback((slug: string) => clients.data?.find((client) => client.slug === slug)?.name ?? slug, [clients.data]);
  const scopeName = tenant ? nameOf(tenant) : intl.formatMessage(m.scopePlatform);
  const providerName = (code: string) => plugins.data?.find((p) => p.kind === 'provider' && p.code === code)?.name ?? code;
  const failed = plugins.isError || (!out && routes.isError);

  return (
    <Stack gap="6">
      <RouteHeader route={route} homeHref={homeHref} />
      <Text maxW="4xl">{intl.formatMessage(out ? m.introOut : m.introIn)}</Text>
      {!out && (
        <Field.Root maxW="sm">
          <Field.Label>{intl.formatMessage(m.scope)}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="bank_scope" value={scope} onChange={(e) => setScope(e.currentTarget.value)}>
              <option value={PLATFORM_SCOPE}>{intl.formatMessage(m.scopePlatform)}</option>
              {clients.data?.map((client) => (
                <option key={client.slug} value={client.slug}>
                  {client.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>{tenant ? intl.formatMessage(m.scopeHintClient, { client: scopeName }) : intl.formatMessage(m.scopeHintPlatform)}</Field.HelperText>
        </Field.Root>
      )}
      {failed ? (
        <EmptyState.Root borderWidth="1px" rounded="lg">
          <EmptyState.Content>
            <EmptyState.Title>{intl.formatMessage(m.loadError)}</EmptyState.Title>
            <Button
              size="sm"
              onClick={() => {
                void plugins.refetch();
                if (!out) void routes.refetch();
              }}
            >
              {intl.formatMessage(commonMessages.retry)}
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : out ? (
        <Section title={intl.formatMessage(m.providersOutTitle)} id="payout-providers">
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Description>{intl.formatMessage(m.payoutRouting)}</Alert.Description>
          </Alert.Root>
          {plugins.data && payoutProviders(plugins.data).length === 0 ? (
            <EmptyState.Root borderWidth="1px" rounded="lg" bg="bg.panel">
              <EmptyState.Content>
                <EmptyState.Title>{intl.formatMessage(m.noPayoutProviders)}</EmptyState.Title>
                <EmptyState.Description>{intl.formatMessage(commonMessages.noRecords)}</EmptyState.Description>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <ProvidersTable providers={plugins.data && payoutProviders(plugins.data)} out writable={writable} onConfigure={setConfiguring} onToggle={setToggling} label={intl.formatMessage(m.providersOutTitle)} />
          )}
        </Section>
      ) : (
        <>
          <Section title={intl.formatMessage(m.routesTitle)} id="provider-routes">
            <RoutesTable
              rows={plugins.data && routes.data ? routeRows(routes.data, paymentMethods(plugins.data).map((p) => p.code), tenant) : undefined}
              client={tenant}
              scopeName={scopeName}
              providerName={providerName}
              writable={writable}
              onRoute={setRouting}
              onReset={setResetting}
            />
          </Section>
          <Section title={intl.formatMessage(m.methodsTitle)} id="payment-methods">
            <MethodsTable methods={plugins.data && paymentMethods(plugins.data)} client={tenant} writable={writable} onConfigure={setConfiguring} onToggle={setToggling} />
          </Section>
          <Section title={intl.formatMessage(m.providersTitle)} id="bank-providers">
            {tenant && <Text color="fg.muted">{intl.formatMessage(m.providersPlatformOnly)}</Text>}
            <ProvidersTable
              providers={plugins.data && bankProviders(plugins.data)}
              writable={writable && !tenant}
              onConfigure={setConfiguring}
              onToggle={setToggling}
              label={intl.formatMessage(m.providersTitle)}
            />
          </Section>
        </>
      )}
      {routing && plugins.data && (
        <RouteDialog row={routing} client={tenant} scopeName={scopeName} plugins={plugins.data} providerName={providerName} onClose={() => setRouting(null)} />
      )}
      <ResetRouteDialog row={resetting} client={tenant} scopeName={scopeName} providerName={providerName} onClose={() => setResetting(null)} />
      {configuring && <PluginConfigDialog plugin={configuring} client={tenant} scopeName={scopeName} onClose={() => setConfiguring(null)} />}
      <TogglePluginDialog plugin={toggling} client={tenant} scopeName={scopeName} routes={routes.data ?? []} nameOf={nameOf} onClose={() => setToggling(null)} />
      <AppToaster />
    </Stack>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" aria-labelledby={id}>
      <Heading as="h2" size="md" id={id}>
        {title}
      </Heading>
      {children}
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

function StatusBadge({ plugin, client }: { plugin: Plugin; client: string | null }) {
  const intl = useIntl();
  return (
    <Stack gap="0.5" align="flex-start">
      <Badge colorPalette={plugin.enabled ? 'green' : 'red'} variant="subtle">
        {intl.formatMessage(plugin.enabled ? m.enabled : m.disabled)}
      </Badge>
      {client && plugin.tenant_configurable && (
        <Text color="fg.muted" fontSize="xs">
          {intl.formatMessage(plugin.inherited ? m.inherited : m.ownSetting)}
        </Text>
      )}
    </Stack>
  );
}

function Codes({ codes, label }: { codes: string[]; label: (code: string) => string }) {
  const intl = useIntl();
  if (codes.length === 0) return <Text color="fg.muted">{intl.formatMessage(m.none)}</Text>;
  return (
    <Wrap gap="1">
      {codes.map((code) => (
        <Badge key={code} variant="outline">
          {label(code)}
        </Badge>
      ))}
    </Wrap>
  );
}

function PluginActions({ plugin, onConfigure, onToggle }: { plugin: Plugin; onConfigure: (p: Plugin) => void; onToggle: (p: Plugin) => void }) {
  const intl = useIntl();
  return (
    <HStack justify="flex-end" gap="2">
      <Button size="xs" variant="outline" aria-label={intl.formatMessage(m.configureLabel, { name: plugin.name })} onClick={() => onConfigure(plugin)}>
        {intl.formatMessage(m.configure)}
      </Button>
      <Button
        size="xs"
        variant="outline"
        colorPalette={plugin.enabled ? 'red' : 'green'}
        aria-label={intl.formatMessage(plugin.enabled ? m.disableLabel : m.enableLabel, { name: plugin.name })}
        onClick={() => onToggle(plugin)}
      >
        {intl.formatMessage(plugin.enabled ? m.disable : m.enable)}
      </Button>
    </HStack>
  );
}

type RoutesProps = {
  rows: RouteRow[] | undefined;
  client: string | null;
  scopeName: string;
  providerName: (code: string) => string;
  writable: boolean;
  onRoute: (row: RouteRow) => void;
  onReset: (row: RouteRow) => void;
};

function RoutesTable({ rows, client, scopeName, providerName, writable, onRoute, onReset }: RoutesProps) {
  const intl = useIntl();
  const columns = writable ? 4 : 3;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="lg" bg="bg.panel">
      <Table.Root size="sm" aria-label={intl.formatMessage(m.routesTitle)} aria-busy={!rows || undefined}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{intl.formatMessage(m.colMethod)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.colProvider)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.colApplies)}</Table.ColumnHeader>
            {writable && <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.actions)}</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {!rows ? (
            <LoadingRows columns={columns} />
          ) : (
            rows.map((row) => {
              const labels = { method: methodName(intl, row.method), scope: scopeName };
              return (
                <Table.Row key={row.method} data-route={row.method} data-applies={row.source}>
                  <Table.Cell fontWeight="medium">{labels.method}</Table.Cell>
                  <Table.Cell>{row.provider ? providerName(row.provider) : <Text color="fg.muted">{intl.formatMessage(m.builtinProvider)}</Text>}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={SOURCE_PALETTE[row.source]} variant="subtle">
                      {intl.formatMessage(routeSourceMessages[row.source])}
                    </Badge>
                    {row.source === 'client' && row.platform && (
                      <Text color="fg.muted" fontSize="xs">
                        {intl.formatMessage(m.instead, { provider: providerName(row.platform.provider) })}
                      </Text>
                    )}
                  </Table.Cell>
                  {writable && (
                    <Table.Cell textAlign="end">
                      <HStack justify="flex-end" gap="2">
                        <RowButton action={row.own ? m.change : client ? m.setClientRoute : m.setRoute} labels={labels} colorPalette={row.own ? undefined : 'blue'} onClick={() => onRoute(row)} />
                        {client && row.own && <RowButton action={m.resetRoute} labels={labels} colorPalette="red" onClick={() => onReset(row)} />}
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

type PluginsProps = {
  writable: boolean;
  onConfigure: (plugin: Plugin) => void;
  onToggle: (plugin: Plugin) => void;
};

function MethodsTable({ methods, client, writable, onConfigure, onToggle }: PluginsProps & { methods: Plugin[] | undefined; client: string | null }) {
  const intl = useIntl();
  const columns = writable ? 5 : 4;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="lg" bg="bg.panel">
      <Table.Root size="sm" aria-label={intl.formatMessage(m.methodsTitle)} aria-busy={!methods || undefined}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{intl.formatMessage(m.colName)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.colCode)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.colCurrencies)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.colStatus)}</Table.ColumnHeader>
            {writable && <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.actions)}</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {!methods ? (
            <LoadingRows columns={columns} />
          ) : (
            methods.map((plugin) => (
              <Table.Row key={plugin.code} data-plugin={`method:${plugin.code}`}>
                <Table.Cell fontWeight="medium">{plugin.name}</Table.Cell>
                <Table.Cell fontFamily="mono">{plugin.code}</Table.Cell>
                <Table.Cell>
                  <Codes codes={plugin.currencies} label={(code) => code} />
                </Table.Cell>
                <Table.Cell>
                  <StatusBadge plugin={plugin} client={client} />
                </Table.Cell>
                {writable && (
                  <Table.Cell textAlign="end">
                    <PluginActions plugin={plugin} onConfigure={onConfigure} onToggle={onToggle} />
                  </Table.Cell>
                )}
              </Table.Row>
            ))
          )}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function ProvidersTable({ providers, out = false, label, writable, onConfigure, onToggle }: PluginsProps & { providers: Plugin[] | undefined; out?: boolean; label: string }) {
  const intl = useIntl();
  const method = (code: string) => methodName(intl, code);
  const columns = writable ? 6 : 5;
  const served = (plugin: Plugin) => <Codes codes={plugin.methods} label={method} />;
  const paid = (plugin: Plugin) => <Codes codes={plugin.payout_methods} label={method} />;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="lg" bg="bg.panel">
      <Table.Root size="sm" aria-label={label} aria-busy={!providers || undefined}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{intl.formatMessage(m.colName)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(out ? m.colPaysOut : m.colCollects)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(out ? m.colCollects : m.colPaysOut)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.colRefunds)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.colStatus)}</Table.ColumnHeader>
            {writable && <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.actions)}</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {!providers ? (
            <LoadingRows columns={columns} />
          ) : (
            providers.map((plugin) => (
              <Table.Row key={plugin.code} data-plugin={`provider:${plugin.code}`}>
                <Table.Cell>
                  <Text fontWeight="medium">{plugin.name}</Text>
                  <Text color="fg.muted" fontSize="xs" fontFamily="mono">
                    {plugin.code}
                  </Text>
                </Table.Cell>
                <Table.Cell>{out ? paid(plugin) : served(plugin)}</Table.Cell>
                <Table.Cell>{out ? served(plugin) : paid(plugin)}</Table.Cell>
                <Table.Cell>
                  <Codes codes={plugin.refund_methods} label={method} />
                </Table.Cell>
                <Table.Cell>
                  <StatusBadge plugin={plugin} client={null} />
                </Table.Cell>
                {writable && (
                  <Table.Cell textAlign="end">
                    <PluginActions plugin={plugin} onConfigure={onConfigure} onToggle={onToggle} />
                  </Table.Cell>
                )}
              </Table.Row>
            ))
          )}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
