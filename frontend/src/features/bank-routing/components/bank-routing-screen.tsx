import { Alert, Badge, Button, Heading, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import type { Plugin } from '@/api/types';
import { AppToaster } from '@/components/app-toaster';
import { DataGrid, type GridColumn } from '@/components/kit';
import { EmptyBlock, LoadError } from '@/components/query-state';
import { RouteHeader } from '@/components/route-header';
import { RowActionButton } from '@/components/row-action-button';
import { TenantScopeSelect } from '@/components/tenant-scope-select';
import { commonMessages } from '@/i18n/messages';
import { useCanWrite } from '@/lib/auth/session';

import { getClientsQueryOptions } from '../api/get-clients';
import { getPluginsQueryOptions, getRefusedPluginsQueryOptions } from '../api/get-plugins';
import { getRoutesQueryOptions } from '../api/get-routes';
import { methodName, pluginName } from '../lib/display';
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
  const writable = useCanWrite(route);
  const out = route === 'admin/withdraws-banks';
  const [scope, setScope] = useState(PLATFORM_SCOPE);
  const tenant = out || scope === PLATFORM_SCOPE ? null : scope;
  const clients = useQuery(getClientsQueryOptions());
  const plugins = useQuery(getPluginsQueryOptions(tenant));
  // OUT reads the routes only to name those a provider serves before it is disabled.
  const routes = useQuery(getRoutesQueryOptions());
  const refused = useQuery(getRefusedPluginsQueryOptions());
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
      {refused.data && refused.data.length > 0 && (
        <Alert.Root status="warning" maxW="4xl" data-refused-plugins>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{intl.formatMessage(m.refusedTitle)}</Alert.Title>
            {refused.data.map((plugin) => (
              <Alert.Description key={plugin.name}>{plugin.message}</Alert.Description>
            ))}
          </Alert.Content>
        </Alert.Root>
      )}
      {!out && (
        <TenantScopeSelect
          label={intl.formatMessage(m.scope)}
          name="bank_scope"
          value={scope}
          onChange={setScope}
          options={[{ value: PLATFORM_SCOPE, label: intl.formatMessage(m.scopePlatform) }]}
          clients={clients.data}
          hint={tenant ? intl.formatMessage(m.scopeHintClient, { client: scopeName }) : intl.formatMessage(m.scopeHintPlatform)}
        />
      )}
      {failed ? (
        <LoadError
          title={intl.formatMessage(m.loadError)}
          onRetry={() => {
            void plugins.refetch();
            if (!out) void routes.refetch();
          }}
        />
      ) : out ? (
        <Section title={intl.formatMessage(m.providersOutTitle)} id="payout-providers">
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Description>{intl.formatMessage(m.payoutRouting)}</Alert.Description>
          </Alert.Root>
          {plugins.data && payoutProviders(plugins.data).length === 0 ? (
            <EmptyBlock title={intl.formatMessage(m.noPayoutProviders)} description={intl.formatMessage(commonMessages.noRecords)} />
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
      <Button size="xs" variant="outline" aria-label={intl.formatMessage(m.configureLabel, { name: pluginName(intl, plugin) })} onClick={() => onConfigure(plugin)}>
        {intl.formatMessage(m.configure)}
      </Button>
      <Button
        size="xs"
        variant="outline"
        colorPalette={plugin.enabled ? 'red' : 'green'}
        aria-label={intl.formatMessage(plugin.enabled ? m.disableLabel : m.enableLabel, { name: pluginName(intl, plugin) })}
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
  const labelsOf = (row: RouteRow) => ({ method: methodName(intl, row.method), scope: scopeName });
  const columns: GridColumn<RouteRow>[] = [
    { key: 'method', header: intl.formatMessage(m.colMethod), priority: 1, card: 'title', cell: (row) => <Text fontWeight="medium">{methodName(intl, row.method)}</Text> },
    { key: 'provider', header: intl.formatMessage(m.colProvider), priority: 1, cell: (row) => (row.provider ? providerName(row.provider) : <Text color="fg.muted">{intl.formatMessage(m.builtinProvider)}</Text>) },
    {
      key: 'applies',
      header: intl.formatMessage(m.colApplies),
      priority: 1,
      cell: (row) => (
        <>
          <Badge colorPalette={SOURCE_PALETTE[row.source]} variant="subtle">
            {intl.formatMessage(routeSourceMessages[row.source])}
          </Badge>
          {row.source === 'client' && row.platform && (
            <Text color="fg.muted" fontSize="xs">
              {intl.formatMessage(m.instead, { provider: providerName(row.platform.provider) })}
            </Text>
          )}
        </>
      ),
    },
  ];
  if (writable) {
    columns.push({
      key: 'actions',
      header: intl.formatMessage(m.actions),
      priority: 1,
      card: 'actions',
      numeric: true,
      cell: (row) => (
        <HStack justify="flex-end" gap="2">
          <RowActionButton label={m.actionLabel} action={row.own ? m.change : client ? m.setClientRoute : m.setRoute} values={labelsOf(row)} colorPalette={row.own ? undefined : 'blue'} onClick={() => onRoute(row)} />
          {client && row.own && <RowActionButton label={m.actionLabel} action={m.resetRoute} values={labelsOf(row)} colorPalette="red" onClick={() => onReset(row)} />}
        </HStack>
      ),
    });
  }
  return (
    <DataGrid
      caption={intl.formatMessage(m.routesTitle)}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.method}
      rowAttributes={(row) => ({ 'data-route': row.method, 'data-applies': row.source })}
      busy={!rows}
    />
  );
}

type PluginsProps = {
  writable: boolean;
  onConfigure: (plugin: Plugin) => void;
  onToggle: (plugin: Plugin) => void;
};

function actionsColumn(intl: IntlShape, { writable, onConfigure, onToggle }: PluginsProps): GridColumn<Plugin>[] {
  if (!writable) return [];
  return [{ key: 'actions', header: intl.formatMessage(m.actions), priority: 1, card: 'actions', numeric: true, cell: (plugin) => <PluginActions plugin={plugin} onConfigure={onConfigure} onToggle={onToggle} /> }];
}

function MethodsTable({ methods, client, ...actions }: PluginsProps & { methods: Plugin[] | undefined; client: string | null }) {
  const intl = useIntl();
  const columns: GridColumn<Plugin>[] = [
    { key: 'name', header: intl.formatMessage(m.colName), priority: 1, card: 'title', cell: (plugin) => <Text fontWeight="medium">{pluginName(intl, plugin)}</Text> },
    { key: 'code', header: intl.formatMessage(m.colCode), priority: 2, mono: true, cell: (plugin) => plugin.code },
    { key: 'currencies', header: intl.formatMessage(m.colCurrencies), priority: 2, cell: (plugin) => <Codes codes={plugin.currencies} label={(code) => code} /> },
    { key: 'status', header: intl.formatMessage(m.colStatus), priority: 1, card: 'status', cell: (plugin) => <StatusBadge plugin={plugin} client={client} /> },
    ...actionsColumn(intl, actions),
  ];
  return <DataGrid caption={intl.formatMessage(m.methodsTitle)} columns={columns} rows={methods} rowKey={(plugin) => plugin.code} rowAttributes={(plugin) => ({ 'data-plugin': `method:${plugin.code}` })} busy={!methods} />;
}

function ProvidersTable({ providers, out = false, label, ...actions }: PluginsProps & { providers: Plugin[] | undefined; out?: boolean; label: string }) {
  const intl = useIntl();
  const method = (code: string) => methodName(intl, code);
  const served = (plugin: Plugin) => <Codes codes={plugin.methods} label={method} />;
  const paid = (plugin: Plugin) => <Codes codes={plugin.payout_methods} label={method} />;
  const columns: GridColumn<Plugin>[] = [
    {
      key: 'name',
      header: intl.formatMessage(m.colName),
      priority: 1,
      card: 'title',
      cell: (plugin) => (
        <>
          <Text fontWeight="medium">{plugin.name}</Text>
          <Text color="fg.muted" fontSize="xs" fontFamily="mono">
            {plugin.code}
          </Text>
        </>
      ),
    },
    { key: 'first', header: intl.formatMessage(out ? m.colPaysOut : m.colCollects), priority: 1, cell: (plugin) => (out ? paid(plugin) : served(plugin)) },
    { key: 'second', header: intl.formatMessage(out ? m.colCollects : m.colPaysOut), priority: 2, cell: (plugin) => (out ? served(plugin) : paid(plugin)) },
    { key: 'refunds', header: intl.formatMessage(m.colRefunds), priority: 2, cell: (plugin) => <Codes codes={plugin.refund_methods} label={method} /> },
    { key: 'status', header: intl.formatMessage(m.colStatus), priority: 1, card: 'status', cell: (plugin) => <StatusBadge plugin={plugin} client={null} /> },
    ...actionsColumn(intl, actions),
  ];
  return <DataGrid caption={label} columns={columns} rows={providers} rowKey={(plugin) => plugin.code} rowAttributes={(plugin) => ({ 'data-plugin': `provider:${plugin.code}` })} busy={!providers} />;
}
