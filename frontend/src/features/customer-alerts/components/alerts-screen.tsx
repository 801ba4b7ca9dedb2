import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import type { CustomerAlert } from '@/api/types';
import { AppToaster, appToaster } from '@/components/app-toaster';
import { ClientFilter, FilterSelect, type GridColumn, ListView, defineList, labelsOf, useList } from '@/components/kit';
import { ConfirmDialog } from '@/components/kit/confirm-dialog';
import { FormDialog } from '@/components/kit/form-dialog';
import { TextField } from '@/components/kit/form-fields';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { useCanWrite } from '@/lib/auth/session';
import { formatDocument } from '@/lib/documents';
import { formatDateTime, money } from '@/lib/format';
import { LIST_PAGE_SIZES } from '@/lib/list-params';

import { getAlertsQueryOptions, useAlertAction } from '../api/alerts';
import { alertMessages as m } from '../messages';

const RULES = ['burst', 'night_pix'] as const;
const STATUSES = ['open', 'acknowledged', 'resolved'] as const;
const SORTS = ['-created_at', 'created_at'] as const;
const RULE_MESSAGES = { burst: m.ruleBurst, night_pix: m.ruleNightPix };
const STATUS_MESSAGES = { open: m.statusOpen, acknowledged: m.statusAcknowledged, resolved: m.statusResolved };
const PALETTE = { open: 'red', acknowledged: 'orange', resolved: 'gray' };

/** admin/customers-alert: the alerts the rules opened, newest first, filters in the URL. */
export const alertsList = defineList({
  id: 'customer-alerts',
  filters: { status: { values: STATUSES }, rule: { values: RULES }, client: {} },
  sorts: SORTS,
  defaultSort: '-created_at',
  pageSizes: LIST_PAGE_SIZES,
});

const when = (iso: string, intl: IntlShape) => formatDateTime(Math.floor(Date.parse(iso) / 1000), intl.locale);

function failureText(error: unknown, intl: IntlShape): string {
  return isApiError(error) && error.status > 0 && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater);
}

function AcknowledgeDialog({ item, onClose }: { item: CustomerAlert; onClose: () => void }) {
  const intl = useIntl();
  const act = useAlertAction();
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      open
      title={intl.formatMessage(m.acknowledgeTitle)}
      description={intl.formatMessage(m.acknowledgeText)}
      details={[
        { label: intl.formatMessage(m.client), value: item.client.name },
        { label: intl.formatMessage(m.rule), value: intl.formatMessage(RULE_MESSAGES[item.rule]) },
        { label: intl.formatMessage(m.document), value: formatDocument(item.document) },
      ]}
      confirmText={intl.formatMessage(m.acknowledge)}
      cancelText={intl.formatMessage(m.cancel)}
      confirmPalette="orange"
      pending={act.isPending}
      error={error}
      onConfirm={() =>
        act.mutate(
          { id: item.id, action: 'acknowledge', note: '' },
          {
            onSuccess: () => {
              appToaster.create({ type: 'success', title: intl.formatMessage(m.acknowledged) });
              onClose();
            },
            onError: (failure) => setError(failureText(failure, intl)),
          },
        )
      }
      onClose={onClose}
    />
  );
}

function ResolveDialog({ item, onClose }: { item: CustomerAlert; onClose: () => void }) {
  const intl = useIntl();
  const act = useAlertAction();
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <FormDialog
      title={intl.formatMessage(m.resolveTitle)}
      description={`${intl.formatMessage(m.resolveText)} ${item.client.name} · ${formatDocument(item.document)}`}
      submitText={intl.formatMessage(m.resolve)}
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.failed)}
      error={error}
      pending={act.isPending}
      validate={() => {
        const ok = note.trim().length >= 3;
        setInvalid(!ok);
        return ok;
      }}
      onSubmit={() =>
        act.mutate(
          { id: item.id, action: 'resolve', note: note.trim() },
          {
            onSuccess: () => {
              appToaster.create({ type: 'success', title: intl.formatMessage(m.resolved) });
              onClose();
            },
            onError: (failure) => setError(failureText(failure, intl)),
          },
        )
      }
      onClose={onClose}
    >
      <TextField
        label={intl.formatMessage(m.note)}
        required
        multiline
        maxLength={1000}
        value={note}
        onChange={(text) => {
          setNote(text);
          setInvalid(false);
        }}
        error={invalid ? intl.formatMessage(m.noteRequired) : null}
      />
    </FormDialog>
  );
}

/** admin/customers-alert: rules watching money as it moves open alerts here; admins acknowledge and resolve them. */
export default function AlertsScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const list = useList(alertsList);
  const canWrite = useCanWrite(route);
  const clients = useQuery(getStaffClientsQueryOptions());
  const [open, setOpen] = useState<{ item: CustomerAlert; action: 'acknowledge' | 'resolve' } | null>(null);
  const filter = (name: string) => {
    const value = list.state.filters[name];
    return typeof value === 'string' && value ? value : undefined;
  };
  const query = useQuery(
    getAlertsQueryOptions({ status: filter('status'), rule: filter('rule'), client: filter('client'), sort: list.state.sort, per_page: list.state.perPage, cursor: list.state.cursor ?? undefined }),
  );
  const columns: GridColumn<CustomerAlert>[] = [
    { key: 'client', header: intl.formatMessage(m.client), priority: 1, card: 'title', cell: (item) => item.client.name },
    { key: 'rule', header: intl.formatMessage(m.rule), priority: 1, cell: (item) => intl.formatMessage(RULE_MESSAGES[item.rule]) },
    { key: 'document', header: intl.formatMessage(m.document), priority: 1, nowrap: true, cell: (item) => formatDocument(item.document) },
    { key: 'amount', header: intl.formatMessage(m.amount), priority: 2, numeric: true, card: 'amount', cell: (item) => money(item.amount, item.currency, intl.locale) },
    { key: 'hits', header: intl.formatMessage(m.hits), priority: 2, numeric: true, cell: (item) => String(item.hits) },
    { key: 'status', header: intl.formatMessage(m.status), priority: 1, cell: (item) => <Badge colorPalette={PALETTE[item.status]}>{intl.formatMessage(STATUS_MESSAGES[item.status])}</Badge> },
    { key: 'note', header: intl.formatMessage(m.lastNote), priority: 3, cell: (item) => item.notes.at(-1)?.text ?? '—' },
    { key: 'created', header: intl.formatMessage(m.createdAt), priority: 2, card: 'date', nowrap: true, sortField: 'created_at', cell: (item) => when(item.created_at, intl) },
    {
      key: 'actions',
      header: intl.formatMessage(m.actions),
      priority: 1,
      card: 'actions',
      cell: (item) =>
        canWrite && item.status !== 'resolved' ? (
          <HStack gap="2">
            {item.status === 'open' && (
              <Button size="xs" variant="outline" aria-label={intl.formatMessage(m.acknowledgeLabel, { id: item.id })} onClick={() => setOpen({ item, action: 'acknowledge' })}>
                {intl.formatMessage(m.acknowledge)}
              </Button>
            )}
            <Button size="xs" colorPalette="green" aria-label={intl.formatMessage(m.resolveLabel, { id: item.id })} onClick={() => setOpen({ item, action: 'resolve' })}>
              {intl.formatMessage(m.resolve)}
            </Button>
          </HStack>
        ) : null,
    },
  ];
  const ruleLabels = labelsOf(intl, RULES, RULE_MESSAGES);
  const statusLabels = labelsOf(intl, STATUSES, STATUS_MESSAGES);
  return (
    <Stack gap="4">
      <RouteHeader route={route} homeHref={homeHref} />
      <Text fontWeight="semibold">{intl.formatMessage(m.list)}</Text>
      <ListView
        list={list}
        caption={intl.formatMessage(m.list)}
        columns={columns}
        query={query}
        rowKey={(item) => item.id}
        rowAttributes={(item) => ({ 'data-alert': item.id })}
        sortLabels={{ '-created_at': intl.formatMessage(m.sortNewest), created_at: intl.formatMessage(m.sortOldest) }}
        filters={
          <>
            <FilterSelect list={list} name="status" label={intl.formatMessage(m.status)} allLabel={intl.formatMessage(m.allStatuses)} options={STATUSES.map((s) => ({ value: s, label: statusLabels[s] }))} />
            <FilterSelect list={list} name="rule" label={intl.formatMessage(m.rule)} allLabel={intl.formatMessage(m.allRules)} options={RULES.map((r) => ({ value: r, label: ruleLabels[r] }))} />
            <ClientFilter list={list} clients={clients.data} label={intl.formatMessage(m.client)} allLabel={intl.formatMessage(m.allClients)} />
          </>
        }
        errorTitle={intl.formatMessage(m.loadError)}
        emptyTitle={intl.formatMessage(m.empty)}
      />
      {open?.action === 'acknowledge' && <AcknowledgeDialog item={open.item} onClose={() => setOpen(null)} />}
      {open?.action === 'resolve' && <ResolveDialog item={open.item} onClose={() => setOpen(null)} />}
      <AppToaster />
    </Stack>
  );
}
