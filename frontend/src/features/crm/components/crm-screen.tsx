import { Badge, Button, HStack, Heading, Stack, Text, Wrap } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type IntlShape, type MessageDescriptor, useIntl } from 'react-intl';

import type { Customer, CustomerDetail } from '@/api/types';
import { AppToaster, appToaster } from '@/components/app-toaster';
import { DetailDrawer, DetailGrid, type GridColumn, ListView, type ListHandle, defineList, useList } from '@/components/kit';
import { FormDialog } from '@/components/kit/form-dialog';
import { TextField } from '@/components/kit/form-fields';
import { serverErrors } from '@/components/kit/server-errors';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { useCanWrite } from '@/lib/auth/session';
import { formatDocument } from '@/lib/documents';
import { formatDateTime, money } from '@/lib/format';
import { LIST_PAGE_SIZES } from '@/lib/list-params';

import { getCustomerQueryOptions, getCustomersQueryOptions, useAddNote, useSetTags } from '../api/customers';
import { crmMessages as m, statusMessages } from '../messages';

const SORTS = ['-last_seen_at', 'last_seen_at', '-deposit_total', 'deposit_total', '-deposit_count', 'deposit_count', 'search_name', '-search_name'] as const;
const CUSTOMER_PARAM = 'customer';
const MAX_NOTE = 1000;

/** client/crm: the client's customers, searchable and sortable, keyset pages, state in the URL. */
export const crmList = defineList({ id: 'crm', filters: {}, search: true, sorts: SORTS, defaultSort: '-last_seen_at', pageSizes: LIST_PAGE_SIZES });

const when = (iso: string, intl: IntlShape) => formatDateTime(Math.floor(Date.parse(iso) / 1000), intl.locale);
function statusText(intl: IntlShape, status: string): string {
  const message = statusMessages[status];
  return message ? intl.formatMessage(message) : status;
}

const KIND_MESSAGES = { deposit: m.kindDeposit, payout: m.kindPayout, refund: m.kindRefund };

function sortLabels(intl: IntlShape): Record<(typeof SORTS)[number], string> {
  return {
    '-last_seen_at': intl.formatMessage(m.sortRecent),
    last_seen_at: intl.formatMessage(m.sortOldest),
    '-deposit_total': intl.formatMessage(m.sortTotalDesc),
    deposit_total: intl.formatMessage(m.sortTotalAsc),
    '-deposit_count': intl.formatMessage(m.sortCountDesc),
    deposit_count: intl.formatMessage(m.sortCountAsc),
    search_name: intl.formatMessage(m.sortNameAsc),
    '-search_name': intl.formatMessage(m.sortNameDesc),
  };
}

function columns(intl: IntlShape, list: ListHandle<string>): GridColumn<Customer>[] {
  return [
    { key: 'name', header: intl.formatMessage(m.colName), priority: 1, card: 'title', sortField: 'search_name', cell: (c) => c.name },
    { key: 'document', header: intl.formatMessage(m.colDocument), priority: 1, nowrap: true, cell: (c) => formatDocument(c.document) },
    { key: 'email', header: intl.formatMessage(m.colEmail), priority: 2, cell: (c) => c.email || '—' },
    { key: 'phone', header: intl.formatMessage(m.colPhone), priority: 3, cell: (c) => c.phone || '—' },
    { key: 'count', header: intl.formatMessage(m.colCount), priority: 2, numeric: true, sortField: 'deposit_count', cell: (c) => intl.formatNumber(c.deposit_count) },
    { key: 'total', header: intl.formatMessage(m.colTotal), priority: 1, numeric: true, card: 'amount', sortField: 'deposit_total', cell: (c) => money(c.deposit_total, 'BRL', intl.locale) },
    { key: 'last_paid', header: intl.formatMessage(m.colLastPaid), priority: 2, card: 'date', nowrap: true, cell: (c) => (c.last_paid_at ? when(c.last_paid_at, intl) : intl.formatMessage(m.never)) },
    { key: 'refunds', header: intl.formatMessage(m.colRefunds), priority: 3, numeric: true, cell: (c) => intl.formatMessage(m.refundsValue, { count: c.refund_count, amount: money(c.refund_total, 'BRL', intl.locale) }) },
    { key: 'tags', header: intl.formatMessage(m.colTags), priority: 3, cell: (c) => <Tags tags={c.tags} /> },
    {
      key: 'actions',
      header: intl.formatMessage(m.colActions),
      priority: 1,
      card: 'actions',
      fixed: true,
      cell: (c) => (
        <Button size="xs" variant="outline" aria-label={intl.formatMessage(m.openLabel, { name: c.name })} onClick={() => list.setParam(CUSTOMER_PARAM, c.document)}>
          {intl.formatMessage(m.open)}
        </Button>
      ),
    },
  ];
}

function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return <>—</>;
  return (
    <Wrap gap="1">
      {tags.map((tag) => (
        <Badge key={tag} colorPalette="blue" variant="subtle">
          {tag}
        </Badge>
      ))}
    </Wrap>
  );
}

export default function CrmScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const list = useList(crmList);
  const query = useQuery(getCustomersQueryOptions({ q: list.state.q || undefined, sort: list.state.sort, per_page: list.state.perPage, cursor: list.state.cursor ?? undefined }));
  const open = list.param(CUSTOMER_PARAM);
  return (
    <Stack gap="4">
      <RouteHeader route={route} homeHref={homeHref} />
      <Text color="fg.muted">{intl.formatMessage(m.intro)}</Text>
      <ListView
        list={list}
        caption={intl.formatMessage(m.table)}
        columns={columns(intl, list as unknown as ListHandle<string>)}
        query={query}
        rowKey={(c) => c.document}
        rowAttributes={(c) => ({ 'data-customer': c.document })}
        sortLabels={sortLabels(intl)}
        search={{ label: intl.formatMessage(m.search) }}
        errorTitle={intl.formatMessage(m.loadError)}
        emptyTitle={intl.formatMessage(m.empty)}
      />
      <DetailDrawer open={Boolean(open)} title={open ? formatDocument(open) : ''} size="lg" onClose={() => list.setParam(CUSTOMER_PARAM, null)}>
        {open && <CustomerPanel document={open} route={route} />}
      </DetailDrawer>
      <AppToaster />
    </Stack>
  );
}

function CustomerPanel({ document, route }: { document: string; route: string }) {
  const intl = useIntl();
  const canWrite = useCanWrite(route);
  const detail = useQuery(getCustomerQueryOptions(document));
  const [dialog, setDialog] = useState<'note' | 'tags' | null>(null);
  const c = detail.data;
  if (!c) return <Text color="fg.muted">{intl.formatMessage(detail.isError ? m.detailError : m.loading)}</Text>;
  return (
    <Stack gap="5" data-customer-detail={c.document}>
      <Stack gap="1">
        <Heading size="md">{c.name}</Heading>
        <Text color="fg.muted">{[formatDocument(c.document), c.email, c.phone].filter(Boolean).join(' · ')}</Text>
        <Text fontSize="sm">
          {intl.formatMessage(m.firstSeen)}: {when(c.first_seen_at, intl)}
        </Text>
      </Stack>
      <Stack gap="1">
        <Heading size="sm">{intl.formatMessage(m.figures)}</Heading>
        {Object.entries(c.totals).map(([currency, t]) => (
          <Text key={currency} fontSize="sm">
            {intl.formatMessage(m.perCurrency, { currency, count: t.deposits, paid: money(t.paid, currency, intl.locale), refunded: money(t.refunded, currency, intl.locale) })}
          </Text>
        ))}
        <Text fontSize="sm">
          {intl.formatMessage(m.colLastPaid)}: {c.last_paid_at ? when(c.last_paid_at, intl) : intl.formatMessage(m.never)}
        </Text>
      </Stack>
      <Stack gap="2">
        <HStack justify="space-between">
          <Heading size="sm">{intl.formatMessage(m.tags)}</Heading>
          {canWrite && (
            <Button size="xs" variant="outline" onClick={() => setDialog('tags')}>
              {intl.formatMessage(m.editTags)}
            </Button>
          )}
        </HStack>
        {c.tags.length ? <Tags tags={c.tags} /> : <Text color="fg.muted">{intl.formatMessage(m.noTags)}</Text>}
      </Stack>
      <Stack gap="2">
        <HStack justify="space-between">
          <Heading size="sm">{intl.formatMessage(m.notes)}</Heading>
          {canWrite && (
            <Button size="xs" colorPalette="blue" onClick={() => setDialog('note')}>
              {intl.formatMessage(m.addNote)}
            </Button>
          )}
        </HStack>
        {c.notes.length === 0 && <Text color="fg.muted">{intl.formatMessage(m.noNotes)}</Text>}
        {c.notes.map((note) => (
          <Stack key={note.id} gap="0" borderLeftWidth="2px" borderColor="blue.solid" ps="3" data-note={note.id}>
            <Text whiteSpace="pre-wrap">{note.text}</Text>
            <Text fontSize="xs" color="fg.muted">
              {intl.formatMessage(m.noteBy, { author: note.author, when: when(note.created_at, intl) })}
            </Text>
          </Stack>
        ))}
      </Stack>
      <History detail={c} />
      {dialog === 'note' && <NoteDialog customer={c} onClose={() => setDialog(null)} />}
      {dialog === 'tags' && <TagsDialog customer={c} onClose={() => setDialog(null)} />}
    </Stack>
  );
}

type Movement = CustomerDetail['history'][number];

function History({ detail }: { detail: CustomerDetail }) {
  const intl = useIntl();
  const columns: GridColumn<Movement>[] = [
    { key: 'date', header: intl.formatMessage(m.colDate), priority: 1, card: 'date', nowrap: true, cell: (h) => when(h.created_at, intl) },
    { key: 'kind', header: intl.formatMessage(m.colKind), priority: 1, card: 'title', cell: (h) => intl.formatMessage(KIND_MESSAGES[h.kind]) },
    { key: 'id', header: intl.formatMessage(m.colId), priority: 2, mono: true, cell: (h) => h.id },
    { key: 'status', header: intl.formatMessage(m.colStatus), priority: 1, card: 'status', cell: (h) => statusText(intl, h.status) },
    { key: 'amount', header: intl.formatMessage(m.colAmount), priority: 1, card: 'amount', numeric: true, cell: (h) => money(h.amount, h.currency, intl.locale) },
  ];
  return (
    <Stack gap="2">
      <Heading size="sm">{intl.formatMessage(m.history)}</Heading>
      <DetailGrid caption={intl.formatMessage(m.historyTable)} columns={columns} rows={detail.history} rowKey={(h) => h.id} rowAttributes={(h) => ({ 'data-movement': h.id })} empty={intl.formatMessage(m.noHistory)} />
    </Stack>
  );
}

type TextEdit = {
  title: string;
  label: string;
  helper?: string;
  multiline?: boolean;
  maxLength?: number;
  initial: string;
  /** What is wrong with the text, checked before the call (null: fine). */
  check: (text: string) => MessageDescriptor | null;
  /** The API's field name and the codes it answers, onto the field's words. */
  field: string;
  codes: Record<string, MessageDescriptor>;
  saved: MessageDescriptor;
  pending: boolean;
  send: (text: string, handlers: { onSuccess: () => void; onError: (failure: unknown) => void }) => void;
  onClose: () => void;
};

/** One text about a customer (a note, the tags), checked here and by the server, in a FormDialog. */
function CustomerTextDialog({ title, label, helper, multiline, maxLength, initial, check, field, codes, saved, pending, send, onClose }: TextEdit) {
  const intl = useIntl();
  const [text, setText] = useState(initial);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const translate = (code: string) => (codes[code] ? intl.formatMessage(codes[code]) : undefined);
  return (
    <FormDialog
      title={title}
      submitText={intl.formatMessage(m.save)}
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.failed)}
      error={error}
      invalid={Boolean(fieldError)}
      pending={pending}
      validate={() => {
        const problem = check(text);
        setFieldError(problem ? intl.formatMessage(problem) : null);
        return !problem;
      }}
      onSubmit={() =>
        send(text, {
          onSuccess: () => {
            appToaster.create({ type: 'success', title: intl.formatMessage(saved) });
            onClose();
          },
          onError: (failure) => {
            const mapped = serverErrors(failure, { [field]: 'text' } as Record<string, 'text'>, { translate, fallback: intl.formatMessage(commonMessages.tryAgainLater) });
            setFieldError(mapped.fields.text ?? null);
            setError(mapped.general);
          },
        })
      }
      onClose={onClose}
    >
      <TextField
        label={label}
        helper={helper}
        required={multiline}
        multiline={multiline}
        maxLength={maxLength}
        value={text}
        onChange={(value) => {
          setText(value);
          setFieldError(null);
        }}
        error={fieldError}
      />
    </FormDialog>
  );
}

function NoteDialog({ customer, onClose }: { customer: CustomerDetail; onClose: () => void }) {
  const intl = useIntl();
  const add = useAddNote(customer.document);
  return (
    <CustomerTextDialog
      title={intl.formatMessage(m.noteTitle, { name: customer.name })}
      label={intl.formatMessage(m.noteField)}
      multiline
      maxLength={MAX_NOTE}
      initial=""
      check={(text) => (!text.trim() ? m.noteRequired : text.trim().length > MAX_NOTE ? m.noteTooLong : null)}
      field="text"
      codes={{ required: m.noteRequired, too_long: m.noteTooLong }}
      saved={m.noteAdded}
      pending={add.isPending}
      send={(text, handlers) => add.mutate(text.trim(), handlers)}
      onClose={onClose}
    />
  );
}

const tagList = (text: string) => text.split(',').map((t) => t.trim()).filter(Boolean);

function TagsDialog({ customer, onClose }: { customer: CustomerDetail; onClose: () => void }) {
  const intl = useIntl();
  const save = useSetTags(customer.document);
  return (
    <CustomerTextDialog
      title={intl.formatMessage(m.tagsTitle, { name: customer.name })}
      label={intl.formatMessage(m.tagsField)}
      helper={intl.formatMessage(m.tagsHelper)}
      initial={customer.tags.join(', ')}
      check={(text) => {
        const list = tagList(text);
        return list.some((t) => t.length > 30) ? m.invalidTag : list.length > 10 ? m.tooManyTags : null;
      }}
      field="tags"
      codes={{ invalid_tag: m.invalidTag, too_many: m.tooManyTags }}
      saved={m.tagsSaved}
      pending={save.isPending}
      send={(text, handlers) => save.mutate(tagList(text), handlers)}
      onClose={onClose}
    />
  );
}
