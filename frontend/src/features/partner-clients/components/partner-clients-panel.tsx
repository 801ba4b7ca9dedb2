import { Badge, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type IntlShape, type MessageDescriptor, useIntl } from 'react-intl';

import type { PartnerClient } from '@/api/types';
import { AppToaster, appToaster } from '@/components/app-toaster';
import { ExportMenu, FilterSelect, type GridColumn, labelsOf, ListView, useList } from '@/components/kit';
import { ConfirmDialog } from '@/components/kit/confirm-dialog';
import { TextField } from '@/components/kit/form-fields';
import { CreateClientDialog } from '@/components/client-form/create-client-dialog';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

import { ClientDetailDrawer } from './client-detail';
import { getPartnerClientsQueryOptions, useCreatePartnerClient, useSetPartnerClientStatus } from '../api/clients';
import { CLIENT_SORTS, CLIENT_STATUSES, partnerClientsList, partnerClientsQuery } from '../lib/list';
import { clientSortMessages, clientStatusMessages, partnerClientsMessages as m } from '../messages';

type StatusAction = { client: PartnerClient; action: 'suspend' | 'reactivate' };
type Actions = { onChange: (change: StatusAction) => void; onManage: (client: PartnerClient) => void };

const when = (iso: string, locale: string) => formatDateTime(Math.floor(Date.parse(iso) / 1000), locale);
const statusLabel = (value: string, intl: IntlShape) => {
  const known: Record<string, MessageDescriptor> = clientStatusMessages;
  return known[value] ? intl.formatMessage(known[value]) : value;
};
const failure = (error: unknown, intl: IntlShape) => (isApiError(error) && error.status > 0 && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater));

/** The Clientes tab of partner/users (partner, partner_admin, partner_superadmin): the partner's clients with
 * their status; onboard one (its owner's one-time password shown once); manage one's modules, toggles and
 * fees (within the platform's allowance and floor); suspend or reactivate with a reason; the report of
 * every client in one file. */
export default function PartnerClientsPanel() {
  const intl = useIntl();
  const list = useList(partnerClientsList);
  const query = useQuery(getPartnerClientsQueryOptions(partnerClientsQuery(list.state)));
  const [creating, setCreating] = useState(false);
  const [changing, setChanging] = useState<StatusAction | null>(null);
  const [managing, setManaging] = useState<PartnerClient | null>(null);
  return (
    <Stack gap="4">
      <Flex gap="2" wrap="wrap">
        <Button colorPalette="blue" onClick={() => setCreating(true)}>
          {intl.formatMessage(m.create)}
        </Button>
        <ExportMenu type="partner_report" query={{}} label={intl.formatMessage(m.report)} />
      </Flex>
      <ListView
        list={list}
        caption={intl.formatMessage(m.table)}
        columns={columns(intl, { onChange: setChanging, onManage: setManaging })}
        query={query}
        rowKey={(row) => row.slug}
        rowAttributes={(row) => ({ 'data-client': row.slug })}
        sortLabels={labelsOf(intl, CLIENT_SORTS, clientSortMessages)}
        search={{ label: intl.formatMessage(m.search), hint: intl.formatMessage(m.searchHint) }}
        filters={
          <FilterSelect
            list={list}
            name="status"
            label={intl.formatMessage(m.status)}
            allLabel={intl.formatMessage(m.allStatuses)}
            options={CLIENT_STATUSES.map((value) => ({ value, label: statusLabel(value, intl) }))}
          />
        }
        errorTitle={intl.formatMessage(m.loadError)}
        emptyTitle={intl.formatMessage(m.empty)}
      />
      {creating && <NewClientDialog onClose={() => setCreating(false)} />}
      {changing && <StatusDialog change={changing} onClose={() => setChanging(null)} />}
      {managing && <ClientDetailDrawer slug={managing.slug} name={managing.name} onClose={() => setManaging(null)} />}
      <AppToaster />
    </Stack>
  );
}

function columns(intl: IntlShape, { onChange, onManage }: Actions): GridColumn<PartnerClient>[] {
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
            {row.host}
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      priority: 1,
      card: 'status',
      header: text(m.colStatus),
      cell: (row) => (
        <Badge variant="subtle" colorPalette={row.status === 'active' ? 'green' : 'red'}>
          {statusLabel(row.status, intl)}
        </Badge>
      ),
    },
    { key: 'currencies', priority: 2, header: text(m.colCurrencies), nowrap: true, cell: (row) => row.currencies.join(', ') },
    { key: 'created', priority: 2, card: 'date', header: text(m.colCreated), sortField: 'created_at', nowrap: true, cell: (row) => when(row.created_at, intl.locale) },
    {
      key: 'actions',
      priority: 1,
      card: 'actions',
      header: text(m.colActions),
      cell: (row) => (
        <Flex gap="2" wrap="wrap">
          <Button size="xs" variant="outline" aria-label={intl.formatMessage(m.manageLabel, { name: row.name })} onClick={() => onManage(row)}>
            {text(m.manage)}
          </Button>
          {row.status === 'active' ? (
            <Button size="xs" variant="outline" colorPalette="red" aria-label={intl.formatMessage(m.suspendLabel, { name: row.name })} onClick={() => onChange({ client: row, action: 'suspend' })}>
              {text(m.suspend)}
            </Button>
          ) : (
            <Button size="xs" variant="outline" aria-label={intl.formatMessage(m.reactivateLabel, { name: row.name })} onClick={() => onChange({ client: row, action: 'reactivate' })}>
              {text(m.reactivate)}
            </Button>
          )}
        </Flex>
      ),
    },
  ];
}

/** The partner's new client: the shared form, sent to POST /api/partner/clients (linked to the partner). */
function NewClientDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const create = useCreatePartnerClient();
  return (
    <CreateClientDialog
      pending={create.isPending}
      hostOf={(slug) => `${slug}.${window.location.hostname.split('.').slice(1).join('.') || window.location.hostname}`}
      emailHint={intl.formatMessage(m.emailHint)}
      send={async (body) => {
        const created = await create.mutateAsync(body);
        return { name: created.client.name, host: created.client.host, ownerEmail: created.owner_email, initialPassword: created.initial_password };
      }}
      onClose={() => {
        create.reset();
        onClose();
      }}
    />
  );
}

/** Suspend or reactivate, saying what happens, with a reason kept in the audit trails. */
function StatusDialog({ change, onClose }: { change: StatusAction; onClose: () => void }) {
  const intl = useIntl();
  const mutation = useSetPartnerClientStatus();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const suspending = change.action === 'suspend';
  const confirm = () => {
    if (!reason.trim()) {
      setError(intl.formatMessage(m.reasonRequired));
      return;
    }
    mutation.mutate(
      { slug: change.client.slug, action: change.action, reason: reason.trim() },
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
      title={intl.formatMessage(suspending ? m.suspendTitle : m.reactivateTitle, { name: change.client.name })}
      description={intl.formatMessage(suspending ? m.suspendText : m.reactivateText)}
      details={[{ label: intl.formatMessage(m.colName), value: `${change.client.name} (${change.client.host})` }]}
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
