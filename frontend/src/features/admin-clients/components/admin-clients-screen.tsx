import { Badge, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type IntlShape, type MessageDescriptor, useIntl } from 'react-intl';

import type { AdminTenant } from '@/api/types';
import { AppToaster, appToaster } from '@/components/app-toaster';
import { FilterSelect, type GridColumn, labelsOf, ListView, useList } from '@/components/kit';
import { ConfirmDialog } from '@/components/kit/confirm-dialog';
import { TextField } from '@/components/kit/form-fields';
import { CreateClientDialog } from '@/components/client-form/create-client-dialog';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

import { getAdminTenantsQueryOptions, useCreateTenant, useSetTenantStatus } from '../api/tenants';
import { adminClientsList, adminClientsQuery, CLIENT_SORTS, TENANT_KINDS, TENANT_STATUSES } from '../lib/list';
import { adminClientsMessages as m, clientSortMessages, kindMessages, tenantStatusMessages } from '../messages';

type StatusAction = { tenant: AdminTenant; action: 'suspend' | 'reactivate' };

const when = (iso: string, locale: string) => formatDateTime(Math.floor(Date.parse(iso) / 1000), locale);
const label = (labels: Record<string, MessageDescriptor>, value: string, intl: IntlShape) => (labels[value] ? intl.formatMessage(labels[value]) : value);
const failure = (error: unknown, intl: IntlShape) => (isApiError(error) && error.status > 0 && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater));

/** admin/clients: every client and partner (status, partner, modules, currencies); create, suspend, reactivate. */
export default function AdminClientsScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const list = useList(adminClientsList);
  const query = useQuery(getAdminTenantsQueryOptions(adminClientsQuery(list.state)));
  const [creating, setCreating] = useState(false);
  const [changing, setChanging] = useState<StatusAction | null>(null);
  const options = (values: readonly string[], labels: Record<string, MessageDescriptor>) => values.map((value) => ({ value, label: label(labels, value, intl) }));
  return (
    <Stack gap="4">
      <RouteHeader route={route} homeHref={homeHref} />
      <Flex>
        <Button colorPalette="blue" onClick={() => setCreating(true)}>
          {intl.formatMessage(m.create)}
        </Button>
      </Flex>
      <ListView
        list={list}
        caption={intl.formatMessage(m.table)}
        columns={columns(intl, setChanging)}
        query={query}
        rowKey={(row) => row.slug}
        rowAttributes={(row) => ({ 'data-client': row.slug })}
        sortLabels={labelsOf(intl, CLIENT_SORTS, clientSortMessages)}
        search={{ label: intl.formatMessage(m.search), hint: intl.formatMessage(m.searchHint) }}
        filters={
          <>
            <FilterSelect list={list} name="kind" label={intl.formatMessage(m.kind)} allLabel={intl.formatMessage(m.allKinds)} options={options(TENANT_KINDS, kindMessages)} />
            <FilterSelect list={list} name="status" label={intl.formatMessage(m.status)} allLabel={intl.formatMessage(m.allStatuses)} options={options(TENANT_STATUSES, tenantStatusMessages)} />
          </>
        }
        errorTitle={intl.formatMessage(m.loadError)}
        emptyTitle={intl.formatMessage(m.empty)}
      />
      {creating && <NewClientDialog onClose={() => setCreating(false)} />}
      {changing && <StatusDialog change={changing} onClose={() => setChanging(null)} />}
      <AppToaster />
    </Stack>
  );
}

function columns(intl: IntlShape, onChange: (change: StatusAction) => void): GridColumn<AdminTenant>[] {
  const text = (value: MessageDescriptor) => intl.formatMessage(value);
  return [
    {
      key: 'name',
      priority: 1,
      card: 'title',
      header: text(m.colName),
      cell: (row) => (
        <>
          <Text fontWeight="medium">{row.name}</Text>
          <Text color="fg.muted" fontSize="xs">
            {row.host} · {label(kindMessages, row.kind, intl)}
          </Text>
        </>
      ),
    },
    { key: 'partner', priority: 2, header: text(m.colPartner), cell: (row) => row.partner ?? text(m.none) },
    {
      key: 'status',
      priority: 1,
      card: 'status',
      header: text(m.colStatus),
      cell: (row) => (
        <Badge variant="subtle" colorPalette={row.status === 'active' ? 'green' : 'red'}>
          {label(tenantStatusMessages, row.status, intl)}
        </Badge>
      ),
    },
    { key: 'modules', priority: 3, header: text(m.colModules), cell: (row) => [...row.modules, ...row.feature_toggles].join(', ') || text(m.none) },
    { key: 'currencies', priority: 2, header: text(m.colCurrencies), nowrap: true, cell: (row) => row.currencies.join(', ') },
    { key: 'created', priority: 2, card: 'date', header: text(m.colCreated), sortField: 'created_at', nowrap: true, cell: (row) => when(row.created_at, intl.locale) },
    {
      key: 'actions',
      priority: 1,
      card: 'actions',
      header: text(m.colActions),
      cell: (row) =>
        row.status === 'active' ? (
          <Button size="xs" variant="outline" colorPalette="red" aria-label={intl.formatMessage(m.suspendLabel, { name: row.name })} onClick={() => onChange({ tenant: row, action: 'suspend' })}>
            {text(m.suspend)}
          </Button>
        ) : (
          <Button size="xs" variant="outline" aria-label={intl.formatMessage(m.reactivateLabel, { name: row.name })} onClick={() => onChange({ tenant: row, action: 'reactivate' })}>
            {text(m.reactivate)}
          </Button>
        ),
    },
  ];
}

/** admin/clients' new client: the shared form, sent to POST /api/admin/tenants as a client. */
function NewClientDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateTenant();
  return (
    <CreateClientDialog
      pending={create.isPending}
      hostOf={(slug) => `${slug}.${window.location.hostname}`}
      send={async (body) => {
        const created = await create.mutateAsync({ ...body, kind: 'client' });
        return { name: created.tenant.name, host: created.tenant.host, ownerEmail: created.owner_email, initialPassword: created.initial_password };
      }}
      onClose={() => {
        create.reset();
        onClose();
      }}
    />
  );
}

/** Suspend or reactivate, saying what happens, with a reason kept in the audit trail. */
function StatusDialog({ change, onClose }: { change: StatusAction; onClose: () => void }) {
  const intl = useIntl();
  const mutation = useSetTenantStatus();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const suspending = change.action === 'suspend';
  const confirm = () => {
    if (!reason.trim()) {
      setError(intl.formatMessage(m.reasonRequired));
      return;
    }
    mutation.mutate(
      { slug: change.tenant.slug, action: change.action, reason: reason.trim() },
      {
        onSuccess: () => {
          onClose();
          appToaster.create({ type: 'success', title: intl.formatMessage(suspending ? m.suspended : m.reactivated) });
        },
        onError: (failed) => setError(failure(failed, intl)),
      },
    );
  };
  return (
    <ConfirmDialog
      open
      title={intl.formatMessage(suspending ? m.suspendTitle : m.reactivateTitle, { name: change.tenant.name })}
      description={intl.formatMessage(suspending ? m.suspendText : m.reactivateText)}
      details={[{ label: intl.formatMessage(m.colName), value: `${change.tenant.name} (${change.tenant.host})` }]}
      cancelText={intl.formatMessage(m.cancel)}
      confirmText={intl.formatMessage(suspending ? m.suspend : m.reactivate)}
      confirmPalette={suspending ? 'red' : 'blue'}
      pending={mutation.isPending}
      error={error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <TextField label={intl.formatMessage(m.reasonLabel)} required maxLength={500} value={reason} onChange={setReason} multiline />
    </ConfirmDialog>
  );
}
