import { Badge, Box, Button, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import type { MedCase, MedCaseDetail } from '@/api/types';
import { AppToaster, appToaster } from '@/components/app-toaster';
import { ClientFilter, DetailDrawer, DetailGrid, FilterSelect, type GridColumn, defineList, labelsOf, useList } from '@/components/kit';
import { DecisionDialog } from '@/components/kit/decision-dialog';
import { TextField } from '@/components/kit/form-fields';
import { SummaryList } from '@/components/kit/summary-list';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { useCanWrite } from '@/lib/auth/session';
import { formatDocument } from '@/lib/documents';
import { fileSize, formatDateTime, money } from '@/lib/format';
import { LIST_PAGE_SIZES } from '@/lib/list-params';

import { evidenceUrl, getMedCaseQueryOptions, useAttachEvidence, useMedDecision } from '../api/med';
import { medMessages as m } from '../messages';
import { MED_SORTS, MED_STATUSES, MedCasesView, STATUS_MESSAGES, useMedCases } from './med-cases-view';

const URGENCIES = ['overdue', 'h6', 'h24', 'h48'] as const;
const CASE_PARAM = 'case';
export const STATUS_PALETTE = { open: 'orange', refunding: 'blue', completed: 'green', rejected: 'gray', cancelled: 'gray' };
const URGENCY_MESSAGES = { overdue: m.urgencyOverdue, h6: m.urgencyH6, h24: m.urgencyH24, h48: m.urgencyH48 };
const WARN = { h48: { text: m.warnH48, palette: 'yellow' }, h24: { text: m.warnH24, palette: 'orange' }, h6: { text: m.warnH6, palette: 'red' }, overdue: { text: m.warnOverdue, palette: 'red' } } as const;
const REASONS: Partial<Record<string, typeof m.reasonFraud>> = { fraud: m.reasonFraud, operational_failure: m.reasonOperational };
const reasonText = (reason: string, intl: IntlShape) => {
  const known = REASONS[reason];
  return known ? intl.formatMessage(known) : reason;
};

/** employee/meds: the MED desk's queue, overdue cases on top, then by the deadline running now. */
export const medList = defineList({
  id: 'med-cases',
  filters: { status: { values: MED_STATUSES }, urgency: { values: URGENCIES }, client: {} },
  search: true,
  sorts: MED_SORTS,
  defaultSort: 'queue',
  pageSizes: LIST_PAGE_SIZES,
});

export const when = (iso: string | null | undefined, intl: IntlShape) => (iso ? formatDateTime(Math.floor(Date.parse(iso) / 1000), intl.locale) : '—');

/** The clock the countdowns read, ticking every 30 seconds. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function span(seconds: number, intl: IntlShape): string {
  const total = Math.max(0, Math.floor(seconds / 60));
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const minutes = total % 60;
  if (days > 0) return intl.formatMessage(m.days, { days, hours });
  if (hours > 0) return intl.formatMessage(m.hours, { hours, minutes });
  return intl.formatMessage(m.minutes, { minutes });
}

/** "2d 4h left" / "Overdue by 3h 10min", and the warning badge of its level. */
export function Countdown({ item, now }: { item: Pick<MedCase, 'due_at' | 'urgency'>; now: number }) {
  const intl = useIntl();
  if (!item.due_at) return <Text color="fg.muted">{intl.formatMessage(m.closed)}</Text>;
  // `now` re-renders it every 30 s; a case just changed (a new deadline) reads the clock afresh.
  const left = (Date.parse(item.due_at) - Math.max(now, Date.now())) / 1000;
  const urgency = left <= 0 ? 'overdue' : left <= 6 * 3600 ? 'h6' : left <= 24 * 3600 ? 'h24' : left <= 48 * 3600 ? 'h48' : null;
  return (
    <HStack gap="2" wrap="wrap" data-urgency={urgency ?? 'ok'}>
      <Text fontVariantNumeric="tabular-nums" color={left <= 0 ? 'fg.error' : undefined} fontWeight={left <= 0 ? 'semibold' : undefined}>
        {left <= 0 ? intl.formatMessage(m.overdueBy, { time: span(-left, intl) }) : intl.formatMessage(m.timeLeft, { time: span(left, intl) })}
      </Text>
      {urgency && <Badge colorPalette={WARN[urgency].palette}>{intl.formatMessage(WARN[urgency].text)}</Badge>}
    </HStack>
  );
}

function failureText(error: unknown, intl: IntlShape): string {
  return isApiError(error) && error.status > 0 && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater);
}

/** "Informed to the bank at ..." (or on its way / not taken by this bank), once the case is decided. */
export function BankReport({ item }: { item: Pick<MedCase, 'bank_report' | 'bank_informed_at'> }) {
  const intl = useIntl();
  if (!item.bank_report) return null;
  const text =
    item.bank_report === 'informed'
      ? intl.formatMessage(m.bankInformed, { when: when(item.bank_informed_at, intl) })
      : intl.formatMessage(item.bank_report === 'pending' ? m.bankPending : m.bankNotSupported);
  return (
    <Text data-bank-report={item.bank_report} color={item.bank_report === 'informed' ? 'fg.success' : 'fg.muted'}>
      {text}
    </Text>
  );
}

function Evidence({ item, canAttach }: { item: MedCaseDetail; canAttach: boolean }) {
  const intl = useIntl();
  const attach = useAttachEvidence();
  const input = useRef<HTMLInputElement | null>(null);
  return (
    <Box data-med-evidence>
      <HStack justify="space-between" wrap="wrap" mb="2">
        <Text fontWeight="semibold">{intl.formatMessage(m.evidenceFiles)}</Text>
        {canAttach && (
          <>
            <input
              ref={input}
              type="file"
              accept="application/pdf,image/png,image/jpeg"
              aria-label={intl.formatMessage(m.attachEvidence)}
              style={{ display: 'none' }}
              onChange={(event) => {
                const chosen = event.currentTarget.files?.[0];
                event.currentTarget.value = '';
                if (!chosen) return;
                attach.mutate(
                  { id: item.id, file: chosen },
                  {
                    onSuccess: () => appToaster.create({ type: 'success', title: intl.formatMessage(m.evidenceAttached) }),
                    onError: (failed) => appToaster.create({ type: 'error', title: intl.formatMessage(m.evidenceFailed), description: failureText(failed, intl) }),
                  },
                );
              }}
            />
            <Button size="xs" variant="outline" loading={attach.isPending} onClick={() => input.current?.click()}>
              {intl.formatMessage(m.attachEvidence)}
            </Button>
          </>
        )}
      </HStack>
      {canAttach && (
        <Text color="fg.muted" fontSize="sm" mb="2">
          {intl.formatMessage(m.evidenceHint)}
        </Text>
      )}
      {item.evidence.length === 0 ? (
        <Text color="fg.muted">{intl.formatMessage(m.noEvidence)}</Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none">
          {item.evidence.map((file) => (
            <HStack as="li" key={file.id} gap="3" wrap="wrap" data-evidence={file.id}>
              <Link href={evidenceUrl(item.id, file.id)} download colorPalette="blue" color="colorPalette.fg" aria-label={intl.formatMessage(m.downloadEvidence, { name: file.name })}>
                {file.name}
              </Link>
              <Text color="fg.muted" fontSize="sm">
                {intl.formatMessage(m.evidenceBy, { size: fileSize(file.size, intl.locale), who: file.uploaded_by, when: when(file.created_at, intl) })}
              </Text>
            </HStack>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function MedDecisionDialog({ item, decision, onClose }: { item: MedCase; decision: 'accept' | 'reject'; onClose: () => void }) {
  const intl = useIntl();
  const act = useMedDecision();
  const [evidence, setEvidence] = useState('');
  const [error, setError] = useState<string | null>(null);
  const accepting = decision === 'accept';
  const amount = money(accepting ? item.amount : item.held_amount, item.currency, intl.locale);
  return (
    <DecisionDialog
      decision={accepting ? 'approve' : 'reject'}
      title={intl.formatMessage(accepting ? m.acceptTitle : m.rejectTitle)}
      description={`${intl.formatMessage(accepting ? m.acceptText : m.rejectText)} ${item.client.name} · ${money(item.amount, item.currency, intl.locale)}`}
      summary={[
        { label: intl.formatMessage(m.client), value: item.client.name },
        { label: intl.formatMessage(m.deposit), value: item.deposit_id },
      ]}
      decideText={intl.formatMessage(accepting ? m.accept : m.reject)}
      palette={accepting ? 'red' : 'gray'}
      justification={{ label: intl.formatMessage(m.justification), required: true, minLength: 10, maxLength: 2000, error: intl.formatMessage(m.justificationRequired) }}
      confirm={{
        description: intl.formatMessage(accepting ? m.confirmAccept : m.confirmReject, { amount }),
        text: intl.formatMessage(m.confirm),
        summary: evidence.trim() ? [{ label: intl.formatMessage(m.evidence), value: evidence.trim() }] : [],
      }}
      cancelText={intl.formatMessage(m.cancel)}
      backText={intl.formatMessage(m.back)}
      errorTitle={intl.formatMessage(m.failed)}
      error={error}
      pending={act.isPending}
      onDecide={(justification) => {
        setError(null);
        act.mutate(
          { id: item.id, decision, justification, evidence_note: evidence.trim() },
          {
            onSuccess: () => {
              appToaster.create({ type: 'success', title: intl.formatMessage(accepting ? m.accepted : m.rejected) });
              onClose();
            },
            onError: (failure) => setError(failureText(failure, intl)),
          },
        );
      }}
      onClose={onClose}
    >
      <TextField label={intl.formatMessage(m.evidence)} multiline maxLength={2000} value={evidence} onChange={setEvidence} />
    </DecisionDialog>
  );
}

function CaseDetail({ id, now, canWrite, onDecide }: { id: string; now: number; canWrite: boolean; onDecide: (item: MedCase, decision: 'accept' | 'reject') => void }) {
  const intl = useIntl();
  const query = useQuery(getMedCaseQueryOptions(id));
  if (query.isPending) return <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />;
  if (query.isError) return <Text color="fg.error">{intl.formatMessage(m.detailError)}</Text>;
  const item: MedCaseDetail = query.data;
  const cur = (cents: number) => money(cents, item.currency, intl.locale);
  const hopColumns: GridColumn<MedCaseDetail['hops'][number]>[] = [
    { key: 'hop', header: intl.formatMessage(m.hop), priority: 1, card: 'title', cell: (hop) => intl.formatNumber(hop.depth) },
    { key: 'bank', header: intl.formatMessage(m.bank), priority: 1, mono: true, cell: (hop) => hop.ispb },
    { key: 'account', header: intl.formatMessage(m.account), priority: 1, cell: (hop) => hop.account },
    { key: 'holder', header: intl.formatMessage(m.holder), priority: 1, nowrap: true, cell: (hop) => formatDocument(hop.holder_document) },
    { key: 'amount', header: intl.formatMessage(m.tracedAmount), priority: 1, card: 'amount', numeric: true, cell: (hop) => cur(hop.amount) },
  ];
  return (
    <Stack gap="5" data-med-detail={item.id}>
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={STATUS_PALETTE[item.status]}>{intl.formatMessage(STATUS_MESSAGES[item.status])}</Badge>
        <Countdown item={item} now={now} />
      </HStack>
      <BankReport item={item} />
      <SummaryList
        label={intl.formatMessage(m.summary)}
        items={[
          { label: intl.formatMessage(m.client), value: item.client.name },
          { label: intl.formatMessage(m.deposit), value: item.deposit_id },
          { label: intl.formatMessage(m.payer), value: `${item.payer_name} · ${formatDocument(item.payer_document)}` },
          { label: intl.formatMessage(m.depositAmount), value: cur(item.deposit_amount) },
          { label: intl.formatMessage(m.amount), value: cur(item.amount) },
          { label: intl.formatMessage(m.held), value: cur(item.held_amount) },
          ...(item.hold_shortfall > 0 ? [{ label: intl.formatMessage(m.shortfall), value: cur(item.hold_shortfall) }] : []),
          { label: intl.formatMessage(m.refunded), value: `${cur(item.refunded_amount)} / ${cur(item.refund_confirmed)}` },
          { label: intl.formatMessage(m.reason), value: reasonText(item.reason, intl) },
          { label: intl.formatMessage(m.details), value: item.details || '—' },
          { label: intl.formatMessage(m.caseReference), value: item.case_reference },
          { label: intl.formatMessage(m.paidAt), value: when(item.paid_at, intl) },
          { label: intl.formatMessage(m.notifiedAt), value: when(item.notified_at, intl) },
          { label: intl.formatMessage(m.analysisDue), value: when(item.analysis_due_at, intl) },
          ...(item.refund_due_at ? [{ label: intl.formatMessage(m.refundDue), value: when(item.refund_due_at, intl) }] : []),
          { label: intl.formatMessage(m.notices), value: intl.formatNumber(item.notices) },
          ...(item.decided_by ? [{ label: intl.formatMessage(m.decidedBy), value: `${item.decided_by} · ${when(item.decided_at, intl)}` }] : []),
          ...(item.justification ? [{ label: intl.formatMessage(m.justification), value: item.justification }] : []),
          ...(item.evidence_note ? [{ label: intl.formatMessage(m.evidence), value: item.evidence_note }] : []),
          ...(item.cancel_reason ? [{ label: intl.formatMessage(m.cancelReason), value: item.cancel_reason }] : []),
        ]}
      />
      <Box>
        <Text fontWeight="semibold" mb="2">
          {intl.formatMessage(m.hops)}
        </Text>
        <DetailGrid
          caption={intl.formatMessage(m.hops)}
          columns={hopColumns}
          rows={item.hops}
          rowKey={(hop) => String(hop.depth)}
          rowAttributes={(hop) => ({ 'data-hop': String(hop.depth) })}
          empty={intl.formatMessage(m.noHops)}
        />
      </Box>
      <Box>
        <Text fontWeight="semibold" mb="2">
          {intl.formatMessage(m.parts)}
        </Text>
        {item.parts.length === 0 ? (
          <Text color="fg.muted">{intl.formatMessage(m.noParts)}</Text>
        ) : (
          <Stack gap="1" as="ul" listStyleType="none">
            {item.parts.map((part) => (
              <li key={part.refund_id} data-part={part.refund_id}>
                {intl.formatMessage(m.part, { seq: part.seq, amount: cur(part.amount), status: part.status })}
              </li>
            ))}
          </Stack>
        )}
      </Box>
      <Evidence item={item} canAttach={canWrite && item.status === 'open'} />
      {canWrite && item.status === 'open' && (
        <HStack gap="2">
          <Button colorPalette="red" aria-label={intl.formatMessage(m.acceptLabel, { id: item.id })} onClick={() => onDecide(item, 'accept')}>
            {intl.formatMessage(m.accept)}
          </Button>
          <Button variant="outline" aria-label={intl.formatMessage(m.rejectLabel, { id: item.id })} onClick={() => onDecide(item, 'reject')}>
            {intl.formatMessage(m.reject)}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

/** employee/meds: MED cases of the clients the employee sees; open a case to read it and decide. */
export default function MedScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const list = useList(medList);
  const canWrite = useCanWrite(route);
  const now = useNow();
  const clients = useQuery(getStaffClientsQueryOptions());
  const [deciding, setDeciding] = useState<{ item: MedCase; decision: 'accept' | 'reject' } | null>(null);
  const query = useMedCases(list, ['status', 'urgency', 'client']);
  const opened = list.param(CASE_PARAM);
  const columns: GridColumn<MedCase>[] = [
    { key: 'deadline', header: intl.formatMessage(m.deadline), priority: 1, cell: (item) => <Countdown item={item} now={now} /> },
    { key: 'client', header: intl.formatMessage(m.client), priority: 1, card: 'title', cell: (item) => item.client.name },
    { key: 'deposit', header: intl.formatMessage(m.deposit), priority: 2, nowrap: true, cell: (item) => item.deposit_id },
    { key: 'payer', header: intl.formatMessage(m.payer), priority: 3, cell: (item) => `${item.payer_name} · ${formatDocument(item.payer_document)}` },
    { key: 'amount', header: intl.formatMessage(m.amount), priority: 1, numeric: true, card: 'amount', cell: (item) => money(item.amount, item.currency, intl.locale) },
    { key: 'held', header: intl.formatMessage(m.held), priority: 2, numeric: true, cell: (item) => money(item.held_amount, item.currency, intl.locale) },
    { key: 'status', header: intl.formatMessage(m.status), priority: 1, cell: (item) => <Badge colorPalette={STATUS_PALETTE[item.status]}>{intl.formatMessage(STATUS_MESSAGES[item.status])}</Badge> },
    { key: 'reported', header: intl.formatMessage(m.reported), priority: 3, card: 'date', nowrap: true, cell: (item) => when(item.reported_at, intl) },
    {
      key: 'actions',
      header: intl.formatMessage(m.actions),
      priority: 1,
      card: 'actions',
      fixed: true,
      cell: (item) => (
        <Button size="xs" variant="outline" aria-label={intl.formatMessage(m.openLabel, { id: item.id })} onClick={() => list.setParam(CASE_PARAM, item.id)}>
          {intl.formatMessage(m.open)}
        </Button>
      ),
    },
  ];
  const urgencyLabels = labelsOf(intl, URGENCIES, URGENCY_MESSAGES);
  return (
    <MedCasesView
      route={route}
      homeHref={homeHref}
      intro={intl.formatMessage(m.intro)}
      list={list}
      columns={columns}
      query={query}
      rowAttributes={(item) => ({ 'data-med': item.id, 'data-urgency': item.urgency })}
      moreFilters={
        <>
          <FilterSelect list={list} name="urgency" label={intl.formatMessage(m.urgency)} allLabel={intl.formatMessage(m.anyUrgency)} options={URGENCIES.map((u) => ({ value: u, label: urgencyLabels[u] }))} />
          <ClientFilter list={list} clients={clients.data} label={intl.formatMessage(m.client)} allLabel={intl.formatMessage(m.allClients)} />
        </>
      }
      emptyTitle={intl.formatMessage(m.empty)}
    >
      <DetailDrawer open={Boolean(opened)} title={opened ? intl.formatMessage(m.detailTitle, { id: opened }) : ''} size="lg" onClose={() => list.setParam(CASE_PARAM, null)}>
        {opened && <CaseDetail id={opened} now={now} canWrite={canWrite} onDecide={(item, decision) => setDeciding({ item, decision })} />}
      </DetailDrawer>
      {deciding && <MedDecisionDialog item={deciding.item} decision={deciding.decision} onClose={() => setDeciding(null)} />}
      <AppToaster />
    </MedCasesView>
  );
}
