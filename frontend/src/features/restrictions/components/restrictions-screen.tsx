import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import type { Restriction } from '@/api/types';
import { AppToaster } from '@/components/app-toaster';
import { ClientFilter, FilterSelect, type GridColumn, ListView, defineList, labelsOf, useList } from '@/components/kit';
import { RouteHeader } from '@/components/route-header';
import { formatDateTime } from '@/lib/format';
import { LIST_PAGE_SIZES } from '@/lib/list-params';
import { useCanWrite } from '@/lib/auth/session';

import { getRestrictionsQueryOptions } from '../api/restrictions';
import { KINDS, STATUSES } from '../lib/value';
import { restrictionMessages as m } from '../messages';
import { ReasonDialog, ValidateDialog, scopeText } from './decision-dialogs';
import { KIND_MESSAGES, STATUS_MESSAGES } from './labels';
import { ProposeDialog } from './propose-dialog';

const SORTS = ['-created_at', 'created_at'] as const;
const QUEUE_ROUTE = 'employee/valid-restrictions';

/** admin/restrictions and employee/restrictions: every restriction, newest first. */
export const restrictionsList = defineList({
  id: 'restrictions',
  filters: { status: { values: STATUSES }, kind: { values: KINDS }, client: {} },
  search: true,
  sorts: SORTS,
  defaultSort: '-created_at',
  pageSizes: LIST_PAGE_SIZES,
});

/** employee/valid-restrictions: the proposals waiting for a second pair of eyes, oldest first. */
export const validationQueue = defineList({
  id: 'restrictions-queue',
  filters: { kind: { values: KINDS }, client: {} },
  search: true,
  sorts: SORTS,
  defaultSort: 'created_at',
  pageSizes: LIST_PAGE_SIZES,
});

type Open = { item: Restriction; action: 'validate' | 'reject' | 'revoke' } | null;

const when = (iso: string, intl: IntlShape) => formatDateTime(Math.floor(Date.parse(iso) / 1000), intl.locale);
const PALETTE: Record<string, string> = { proposed: 'orange', active: 'red', rejected: 'gray', revoked: 'gray', expired: 'gray' };

function columns(intl: IntlShape, actions: (item: Restriction) => ReactNode): GridColumn<Restriction>[] {
  return [
    { key: 'kind', header: intl.formatMessage(m.kind), priority: 1, nowrap: true, cell: (item) => intl.formatMessage(KIND_MESSAGES[item.kind]) },
    { key: 'value', header: intl.formatMessage(m.value), priority: 1, card: 'title', mono: true, cell: (item) => item.value },
    { key: 'scope', header: intl.formatMessage(m.scope), priority: 1, cell: (item) => scopeText(item, intl) },
    {
      key: 'status',
      header: intl.formatMessage(m.status),
      priority: 1,
      nowrap: true,
      cell: (item) => <Badge colorPalette={PALETTE[item.status] ?? 'gray'}>{intl.formatMessage(STATUS_MESSAGES[item.status])}</Badge>,
    },
    { key: 'reason', header: intl.formatMessage(m.reason), priority: 2, cell: (item) => item.reason },
    { key: 'author', header: intl.formatMessage(m.author), priority: 3, cell: (item) => item.proposed_by.email },
    { key: 'validator', header: intl.formatMessage(m.validator), priority: 3, cell: (item) => item.validated_by?.email ?? '—' },
    { key: 'expires', header: intl.formatMessage(m.expiresAt), priority: 2, nowrap: true, cell: (item) => (item.expires_at ? when(item.expires_at, intl) : intl.formatMessage(m.never)) },
    { key: 'created', header: intl.formatMessage(m.createdAt), priority: 2, card: 'date', nowrap: true, sortField: 'created_at', cell: (item) => when(item.created_at, intl) },
    { key: 'actions', header: intl.formatMessage(m.actions), priority: 1, card: 'actions', cell: actions },
  ];
}

/**
 * Restrictions (spec section 2): admin/restrictions (admins: propose, validate or reject, revoke),
 * employee/restrictions (employees: propose, revoke) and employee/valid-restrictions (the queue of
 * proposals that another staff member validates or rejects). Filters live in the URL.
 */
export default function RestrictionsScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const queueOnly = route === QUEUE_ROUTE;
  const list = useList(queueOnly ? validationQueue : restrictionsList);
  const canWrite = useCanWrite(route);
  const clients = useQuery(getStaffClientsQueryOptions());
  const [proposing, setProposing] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  const filter = (name: string) => {
    const value = list.state.filters[name];
    return typeof value === 'string' && value ? value : undefined;
  };
  const query = useQuery(
    getRestrictionsQueryOptions({
      status: queueOnly ? 'proposed' : filter('status'),
      kind: filter('kind'),
      client: filter('client'),
      q: list.state.q || undefined,
      sort: list.state.sort,
      per_page: list.state.perPage,
      cursor: list.state.cursor ?? undefined,
    }),
  );
  const mayValidate = route === QUEUE_ROUTE || route === 'admin/restrictions';
  const mayRevoke = route !== QUEUE_ROUTE;

  const actions = (item: Restriction) => {
    if (!canWrite) return null;
    return (
      <HStack gap="2">
        {mayValidate && item.status === 'proposed' && (
          <>
            <Button size="xs" colorPalette="red" aria-label={intl.formatMessage(m.validateLabel, { id: item.id })} onClick={() => setOpen({ item, action: 'validate' })}>
              {intl.formatMessage(m.validate)}
            </Button>
            <Button size="xs" variant="outline" aria-label={intl.formatMessage(m.rejectLabel, { id: item.id })} onClick={() => setOpen({ item, action: 'reject' })}>
              {intl.formatMessage(m.reject)}
            </Button>
          </>
        )}
        {mayRevoke && item.status === 'active' && (
          <Button size="xs" variant="outline" aria-label={intl.formatMessage(m.revokeLabel, { id: item.id })} onClick={() => setOpen({ item, action: 'revoke' })}>
            {intl.formatMessage(m.revoke)}
          </Button>
        )}
      </HStack>
    );
  };

  const kindLabels = labelsOf(intl, KINDS, KIND_MESSAGES);
  const statusLabels = labelsOf(intl, STATUSES, STATUS_MESSAGES);
  const clientOptions = [{ slug: 'platform', name: intl.formatMessage(m.wholePlatform) }, ...(clients.data ?? [])];
  const title = intl.formatMessage(queueOnly ? m.queue : m.list);
  return (
    <Stack gap="4">
      <RouteHeader route={route} homeHref={homeHref} />
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Stack gap="0">
          <Text fontWeight="semibold">{title}</Text>
          {queueOnly && (
            <Text fontSize="sm" color="fg.muted">
              {intl.formatMessage(m.queueHint)}
            </Text>
          )}
        </Stack>
        {canWrite && !queueOnly && (
          <Button size="sm" colorPalette="blue" onClick={() => setProposing(true)}>
            {intl.formatMessage(m.propose)}
          </Button>
        )}
      </HStack>
      <ListView
        list={list}
        caption={title}
        columns={columns(intl, actions)}
        query={query}
        rowKey={(item) => item.id}
        rowAttributes={(item) => ({ 'data-restriction': item.id })}
        sortLabels={{ '-created_at': intl.formatMessage(m.sortNewest), created_at: intl.formatMessage(m.sortOldest) }}
        search={{ label: intl.formatMessage(m.search) }}
        filters={
          <>
            {!queueOnly && <FilterSelect list={list} name="status" label={intl.formatMessage(m.status)} allLabel={intl.formatMessage(m.allStatuses)} options={STATUSES.map((s) => ({ value: s, label: statusLabels[s] }))} />}
            <FilterSelect list={list} name="kind" label={intl.formatMessage(m.kind)} allLabel={intl.formatMessage(m.allKinds)} options={KINDS.map((k) => ({ value: k, label: kindLabels[k] }))} />
            <ClientFilter list={list} clients={clientOptions} label={intl.formatMessage(m.scope)} allLabel={intl.formatMessage(m.allClients)} />
          </>
        }
        errorTitle={intl.formatMessage(m.loadError)}
        emptyTitle={intl.formatMessage(queueOnly ? m.emptyQueue : m.empty)}
      />
      {proposing && <ProposeDialog onClose={() => setProposing(false)} />}
      {open?.action === 'validate' && <ValidateDialog item={open.item} onClose={() => setOpen(null)} />}
      {open && open.action !== 'validate' && <ReasonDialog item={open.item} action={open.action} onClose={() => setOpen(null)} />}
      <AppToaster />
    </Stack>
  );
}
