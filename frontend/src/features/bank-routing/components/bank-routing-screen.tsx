import { Alert, Badge, Button, Heading, HStack, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { useIntl } from 'react-intl';

import type { Plugin } from '@/api/types';
import { AppToaster } from '@/components/app-toaster';
import { EmptyBlock, LoadError } from '@/components/query-state';
import { RouteHeader } from '@/components/route-header';
import { RowActionButton } from '@/components/row-action-button';
import { TablePanel } from '@/components/table-panel';
import { TenantScopeSelect } from '@/components/tenant-scope-select';
import { commonMessages } from '@/i18n/messages';
import { useCanWrite } from '@/lib/auth/session';

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
  const writable = useCanWrite(route);
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
  return (
    <TablePanel
      label={intl.formatMessage(m.routesTitle)}
      loading={!rows}
      headers={[
        { key: 'method', text: intl.formatMessage(m.colMethod) },
        { key: 'provider', text: intl.formatMessage(m.colProvider) },
        { key: 'applies', text: intl.formatMessage(m.colApplies) },
        writable && { key: 'actions', text: intl.formatMessage(m.actions), end: true },
      ]}
    >
      {rows?.map((row) => {
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
                  <RowActionButton label={m.actionLabel} action={row.own ? m.change : client ? m.setClientRoute : m.setRoute} values={labels} colorPalette={row.own ? undefined : 'blue'} onClick={() => onRoute(row)} />
                  {client && row.own && <RowActionButton label={m.actionLabel} action={m.resetRoute} values={labels} colorPalette="red" onClick={() => onReset(row)} />}
                </HStack>
              </Table.Cell>
            )}
          </Table.Row>
        );
      })}
    </TablePanel>
  );
}

type PluginsProps = {
  writable: boolean;
  onConfigure: (plugin: Plugin) => void;
  onToggle: (plugin: Plugin) => void;
};

function MethodsTable({ methods, client, writable, onConfigure, onToggle }: PluginsProps & { methods: Plugin[] | undefined; client: string | null }) {
  const intl = useIntl();
  return (
    <TablePanel
      label={intl.formatMessage(m.methodsTitle)}
      loading={!methods}
      headers={[
        { key: 'name', text: intl.formatMessage(m.colName) },
        { key: 'code', text: intl.formatMessage(m.colCode) },
        { key: 'currencies', text: intl.formatMessage(m.colCurrencies) },
        { key: 'status', text: intl.formatMessage(m.colStatus) },
        writable && { key: 'actions', text: intl.formatMessage(m.actions), end: true },
      ]}
    >
      {methods?.map((plugin) => (
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
      ))}
    </TablePanel>
  );
}

function ProvidersTable({ providers, out = false, label, writable, onConfigure, onToggle }: PluginsProps & { providers: Plugin[] | undefined; out?: boolean; label: string }) {
  const intl = useIntl();
  const method = (code: string) => methodName(intl, code);
  const served = (plugin: Plugin) => <Codes codes={plugin.methods} label={method} />;
  const paid = (plugin: Plugin) => <Codes codes={plugin.payout_methods} label={method} />;
  return (
    <TablePanel
      label={label}
      loading={!providers}
      headers={[
        { key: 'name', text: intl.formatMessage(m.colName) },
        { key: 'first', text: intl.formatMessage(out ? m.colPaysOut : m.colCollects) },
        { key: 'second', text: intl.formatMessage(out ? m.colCollects : m.colPaysOut) },
        { key: 'refunds', text: intl.formatMessage(m.colRefunds) },
        { key: 'status', text: intl.formatMessage(m.colStatus) },
        writable && { key: 'actions', text: intl.formatMessage(m.actions), end: true },
      ]}
    >
      {providers?.map((plugin) => (
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
      ))}
    </TablePanel>
  );
}
