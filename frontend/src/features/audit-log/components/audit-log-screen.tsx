import { Badge, Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import type { AuditEvent } from '@/api/types';
import { ClientFilter, DetailDrawer, DetailGrid, FilterSelect, type GridColumn, ListView, type ListHandle, defineList, useList } from '@/components/kit';
import { SummaryList } from '@/components/kit/summary-list';
import { RouteHeader } from '@/components/route-header';
import { useSessionUser } from '@/lib/auth/session';
import { formatDateTime } from '@/lib/format';
import { LIST_PAGE_SIZES } from '@/lib/list-params';

import { getAuditEventsQueryOptions } from '../api/get-audit-events';
import { FAMILIES, actionLabel, changesOf, fieldLabel, restOf, valueText } from '../lib/actions';
import { auditMessages as m, familyMessages } from '../messages';

const SORTS = ['-at', 'at'] as const;
const DETAIL = 'entry';

/** client/logs: the tenant's audit trail (staff: the platform's, or a client's), filters in the URL. */
export const auditList = defineList({
  id: 'audit-events',
  filters: { action: { pattern: /^[a-z_.]{1,64}$/ }, actor: { pattern: /^.{1,254}$/ }, client: { pattern: /^[a-z0-9-]{1,63}$/ } },
  period: true,
  search: true,
  sorts: SORTS,
  defaultSort: '-at',
  pageSizes: LIST_PAGE_SIZES,
});

const when = (iso: string, intl: IntlShape) => formatDateTime(Math.floor(Date.parse(iso) / 1000), intl.locale);

function text(list: ListHandle, name: string): string | undefined {
  const value = list.state.filters[name];
  return typeof value === 'string' && value ? value : undefined;
}

/** The actor filter: part of an e-mail, applied on Enter or the button (kept in the URL). */
function ActorFilter({ list }: { list: ListHandle }) {
  const intl = useIntl();
  const [draft, setDraft] = useState(text(list, 'actor') ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    list.set({ filters: { actor: draft.trim() } });
  };
  return (
    <form onSubmit={submit} aria-label={intl.formatMessage(m.actor)}>
      <Field.Root w="auto">
        <Field.Label fontSize="xs">{intl.formatMessage(m.actor)}</Field.Label>
        <HStack gap="2">
          <Input size="sm" name="actor" maxLength={254} value={draft} placeholder={intl.formatMessage(m.actorHint)} autoComplete="off" onChange={(e) => setDraft(e.currentTarget.value)} />
          <Button size="sm" type="submit" variant="outline">
            {intl.formatMessage(m.apply)}
          </Button>
        </HStack>
      </Field.Root>
    </form>
  );
}

function origin(entry: AuditEvent, intl: IntlShape): string {
  if (!entry.ip && !entry.user_agent) return intl.formatMessage(m.unknownOrigin);
  return [entry.ip, entry.user_agent].filter(Boolean).join(' · ');
}

function targetText(entry: AuditEvent): string {
  return entry.target ? [entry.target.type, entry.target.id].filter(Boolean).join(' #') : '—';
}

/** One entry in full: who, what, when, from where, the target, and before/after where recorded. */
function EntryDetail({ entry }: { entry: AuditEvent }) {
  const intl = useIntl();
  const data = entry.data as Record<string, unknown>;
  const currency = typeof data.currency === 'string' ? data.currency : 'BRL';
  const changes = changesOf(data);
  const rest = restOf(data);
  const changeColumns: GridColumn<(typeof changes)[number]>[] = [
    { key: 'field', header: intl.formatMessage(m.field), priority: 1, card: 'title', cell: (change) => fieldLabel(intl, change.field) },
    { key: 'before', header: intl.formatMessage(m.before), priority: 1, cell: (change) => valueText(intl, change.field, change.before, currency) },
    { key: 'after', header: intl.formatMessage(m.after), priority: 1, cell: (change) => valueText(intl, change.field, change.after, currency) },
  ];
  return (
    <Stack gap="5">
      <SummaryList
        items={[
          { label: intl.formatMessage(m.fieldWhen), value: when(entry.at, intl) },
          { label: intl.formatMessage(m.fieldWho), value: entry.actor.email || intl.formatMessage(m.system) },
          { label: intl.formatMessage(m.fieldCode), value: <code>{entry.action}</code> },
          { label: intl.formatMessage(m.fieldTarget), value: targetText(entry) },
          { label: intl.formatMessage(m.fieldIp), value: entry.ip ?? intl.formatMessage(m.unknownOrigin) },
          { label: intl.formatMessage(m.fieldAgent), value: entry.user_agent || intl.formatMessage(m.unknownOrigin) },
        ]}
      />
      {changes.length > 0 && (
        <Box>
          <Text fontWeight="semibold" mb="2">
            {intl.formatMessage(m.changes)}
          </Text>
          <Box data-testid="audit-changes">
            <DetailGrid
              caption={intl.formatMessage(m.changes)}
              columns={changeColumns}
              rows={changes}
              rowKey={(change) => change.field}
              rowAttributes={(change) => ({ 'data-field': change.field })}
            />
          </Box>
        </Box>
      )}
      <Box>
        <Text fontWeight="semibold" mb="2">
          {intl.formatMessage(m.recorded)}
        </Text>
        {rest.length ? (
          <SummaryList items={rest.map(([key, value]) => ({ label: fieldLabel(intl, key), value: valueText(intl, key, value, currency) }))} />
        ) : (
          <Text color="fg.muted">{intl.formatMessage(m.nothingRecorded)}</Text>
        )}
      </Box>
    </Stack>
  );
}

/** client/logs ("Logs"): who did what, when and from where; staff read the platform's trail or a client's. */
export default function AuditLogScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const user = useSessionUser();
  const staff = user.client === null;
  const list = useList(auditList, { detailParam: DETAIL });
  const clients = useQuery({ ...getStaffClientsQueryOptions(), enabled: staff });
  const query = useQuery(
    getAuditEventsQueryOptions({
      client: staff ? text(list, 'client') : undefined,
      actor: text(list, 'actor'),
      action: text(list, 'action'),
      target: list.state.q || undefined,
      date_from: list.state.dateFrom || undefined,
      date_to: list.state.dateTo || undefined,
      sort: list.state.sort,
      per_page: list.state.perPage,
      cursor: list.state.cursor ?? undefined,
    }),
  );
  const openId = list.param(DETAIL);
  const open = query.data?.items.find((entry) => String(entry.id) === openId) ?? null;
  const columns: GridColumn<AuditEvent>[] = [
    { key: 'at', header: intl.formatMessage(m.colWhen), priority: 1, card: 'date', nowrap: true, sortField: 'at', cell: (entry) => when(entry.at, intl) },
    { key: 'who', header: intl.formatMessage(m.colWho), priority: 1, cell: (entry) => entry.actor.email || <Badge variant="subtle">{intl.formatMessage(m.system)}</Badge> },
    { key: 'action', header: intl.formatMessage(m.colAction), priority: 1, card: 'title', cell: (entry) => <Text fontWeight="medium">{actionLabel(intl, entry.action)}</Text> },
    { key: 'target', header: intl.formatMessage(m.colTarget), priority: 2, cell: (entry) => targetText(entry) },
    { key: 'from', header: intl.formatMessage(m.colFrom), priority: 3, cell: (entry) => <Text fontSize="xs" lineClamp={2} maxW="xs">{origin(entry, intl)}</Text> },
    {
      key: 'details',
      header: intl.formatMessage(m.colDetails),
      priority: 1,
      card: 'actions',
      cell: (entry) => (
        <Button size="xs" variant="outline" aria-label={intl.formatMessage(m.detailsLabel, { action: actionLabel(intl, entry.action), when: when(entry.at, intl) })} onClick={() => list.setParam(DETAIL, String(entry.id))}>
          {intl.formatMessage(m.details)}
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="4">
      <RouteHeader route={route} homeHref={homeHref} />
      <Text maxW="4xl">{intl.formatMessage(staff ? m.introStaff : m.intro)}</Text>
      <ListView
        list={list}
        caption={intl.formatMessage(m.list)}
        columns={columns}
        query={query}
        rowKey={(entry) => String(entry.id)}
        rowAttributes={(entry) => ({ 'data-action': entry.action })}
        sortLabels={{ '-at': intl.formatMessage(m.sortNewest), at: intl.formatMessage(m.sortOldest) }}
        search={{ label: intl.formatMessage(m.targetSearch), hint: intl.formatMessage(m.targetHint) }}
        filters={
          <>
            {staff && <ClientFilter list={list} clients={clients.data} label={intl.formatMessage(m.scope)} allLabel={intl.formatMessage(m.scopePlatform)} />}
            <FilterSelect list={list} name="action" label={intl.formatMessage(m.action)} allLabel={intl.formatMessage(m.allActions)} options={FAMILIES.map((family) => ({ value: family, label: intl.formatMessage(familyMessages[family]) }))} />
            <ActorFilter key={text(list, 'actor') ?? ''} list={list} />
          </>
        }
        errorTitle={intl.formatMessage(m.loadError)}
        emptyTitle={intl.formatMessage(m.empty)}
      />
      <DetailDrawer open={Boolean(open)} title={open ? actionLabel(intl, open.action) : ''} onClose={() => list.setParam(DETAIL, null)} size="md">
        {open && <EntryDetail entry={open} />}
      </DetailDrawer>
    </Stack>
  );
}
