import { Button, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import type { KycFile, KycListItem } from '@/api/types';
import { AppToaster, appToaster } from '@/components/app-toaster';
import { ClientFilter, DetailDrawer, DetailGrid, FilterSelect, type GridColumn, ListView, defineList, useList } from '@/components/kit';
import { DateField, useCheckDate } from '@/components/kit/date-field';
import { DecisionDialog } from '@/components/kit/decision-dialog';
import { FormDialog } from '@/components/kit/form-dialog';
import { SummaryList } from '@/components/kit/summary-list';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { useCanWrite } from '@/lib/auth/session';
import { formatDocument } from '@/lib/documents';
import { formatDate, formatDateTime } from '@/lib/format';
import { LIST_PAGE_SIZES } from '@/lib/list-params';

import { type KycAction, getKycFileQueryOptions, getKycFilesQueryOptions, staffDocumentUrl, useKycDecision } from '../api/kyc';
import { bpToShare } from '../lib/kyc-form';
import { kycMessages as m } from '../messages';
import { KIND_MESSAGES, STATUS_MESSAGES, StatusBadge, sizeText } from './shared';

const FILTER_STATUSES = ['pending', 'under_review', 'approved', 'rejected', 'expiring', 'review_due', 'draft'] as const;
const SORTS = ['changed_at', '-changed_at'] as const;
const FILE_PARAM = 'file';

/** admin/customers-kyc: the clients' KYC files, the oldest change first. */
export const kycList = defineList({
  id: 'kyc-files',
  filters: { status: { values: FILTER_STATUSES }, client: {} },
  search: true,
  sorts: SORTS,
  defaultSort: 'changed_at',
  pageSizes: LIST_PAGE_SIZES,
});

const when = (iso: string | null | undefined, intl: IntlShape) => (iso ? formatDateTime(Math.floor(Date.parse(iso) / 1000), intl.locale) : '—');
const day = (iso: string | null | undefined, intl: IntlShape) => (iso ? formatDate(iso, intl.locale) : '—');

function failure(error: unknown, intl: IntlShape): string {
  return isApiError(error) && error.status > 0 && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater);
}

function inAYear(): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

type Deciding = { file: KycFile; action: 'approve' | 'reject' | 'review-date' | 'reopen' };

function KycDecisionDialog({ file, action, onClose }: Deciding & { onClose: () => void }) {
  const intl = useIntl();
  const decide = useKycDecision();
  const checkDate = useCheckDate();
  const [date, setDate] = useState(file.review_due_on ?? inAYear());
  const [invalid, setInvalid] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reopening = action === 'reopen';
  const done = { approve: m.approved, reject: m.rejected, 'review-date': m.reviewDateSaved, reopen: m.reopened }[action];
  const client = file.client.name;
  const send = (body: { reason: string } | { review_due_on: string }) => {
    setError(null);
    decide.mutate(
      { slug: file.client.slug, action, body },
      {
        onSuccess: () => {
          appToaster.create({ type: 'success', title: intl.formatMessage(done) });
          onClose();
        },
        onError: (failed) => setError(failure(failed, intl)),
      },
    );
  };
  const checkReviewDate = () => {
    const problem = checkDate(date, { required: true }) && intl.formatMessage(m.reviewDateInvalid);
    setInvalid(problem || null);
    return !problem;
  };
  const dateField = <DateField label={intl.formatMessage(m.reviewDate)} required value={date} error={invalid} onChange={(text) => { setDate(text); setInvalid(null); }} />;

  if (action === 'review-date') {
    return (
      <FormDialog
        title={intl.formatMessage(m.reviewDateTitle)}
        submitText={intl.formatMessage(m.confirm)}
        cancelText={intl.formatMessage(m.cancel)}
        errorTitle={intl.formatMessage(m.decisionFailed)}
        error={error}
        pending={decide.isPending}
        validate={checkReviewDate}
        onSubmit={() => send({ review_due_on: date })}
        onClose={onClose}
      >
        {dateField}
      </FormDialog>
    );
  }
  const rejecting = action === 'reject' || reopening;
  return (
    <DecisionDialog
      decision={reopening ? 'reject' : action}
      title={intl.formatMessage(reopening ? m.reopenTitle : rejecting ? m.rejectTitle : m.approveTitle)}
      description={intl.formatMessage(reopening ? m.reopenText : rejecting ? m.rejectText : m.approveText)}
      summary={[
        { label: intl.formatMessage(m.client), value: client },
        { label: intl.formatMessage(m.cnpj), value: formatDocument(file.cnpj) },
      ]}
      decideText={intl.formatMessage(reopening ? m.reopen : rejecting ? m.reject : m.approve)}
      palette={rejecting ? 'red' : 'blue'}
      justification={rejecting ? { label: intl.formatMessage(m.reason), minLength: 10, maxLength: 2000, error: intl.formatMessage(m.reasonTooShort) } : undefined}
      validate={rejecting ? undefined : checkReviewDate}
      confirm={{
        description: intl.formatMessage(reopening ? m.confirmReopen : rejecting ? m.confirmReject : m.confirmApprove, { client }),
        text: intl.formatMessage(m.confirm),
        summary: rejecting ? [] : [{ label: intl.formatMessage(m.reviewDate), value: day(date, intl) }],
      }}
      cancelText={intl.formatMessage(m.cancel)}
      backText={intl.formatMessage(m.back)}
      errorTitle={intl.formatMessage(m.decisionFailed)}
      error={error}
      pending={decide.isPending}
      onDecide={(reason) => send(rejecting ? { reason } : { review_due_on: date })}
      onClose={onClose}
    >
      {rejecting ? null : dateField}
    </DecisionDialog>
  );
}

function FileDetail({ slug, canWrite, onDecide }: { slug: string; canWrite: boolean; onDecide: (deciding: Deciding) => void }) {
  const intl = useIntl();
  const query = useQuery(getKycFileQueryOptions(slug));
  const act = useKycDecision();
  if (query.isPending) return <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />;
  if (query.isError) return <Text color="fg.error">{intl.formatMessage(m.loadError)}</Text>;
  const file = query.data;
  const open = file.status === 'pending' || file.status === 'under_review';
  const peopleColumns: GridColumn<KycFile['people'][number]>[] = [
    { key: 'role', header: intl.formatMessage(m.role), priority: 1, cell: (person) => intl.formatMessage(person.role === 'owner' ? m.roleOwner : m.roleRepresentative) },
    { key: 'name', header: intl.formatMessage(m.name), priority: 1, card: 'title', cell: (person) => person.name },
    { key: 'cpf', header: intl.formatMessage(m.cpf), priority: 1, nowrap: true, cell: (person) => formatDocument(person.cpf) },
    { key: 'share', header: intl.formatMessage(m.share), priority: 1, numeric: true, cell: (person) => (person.role === 'owner' ? `${bpToShare(person.share_bp, intl.locale)}%` : '—') },
  ];
  return (
    <Stack gap="5" data-kyc-detail={file.client.slug}>
      <HStack gap="2">
        <StatusBadge item={file} />
      </HStack>
      <SummaryList
        label={intl.formatMessage(m.summary)}
        items={[
          { label: intl.formatMessage(m.client), value: file.client.name },
          { label: intl.formatMessage(m.legalName), value: file.legal_name || '—' },
          { label: intl.formatMessage(m.tradeName), value: file.trade_name || '—' },
          { label: intl.formatMessage(m.cnpj), value: file.cnpj ? formatDocument(file.cnpj) : '—' },
          { label: intl.formatMessage(m.submittedAt), value: when(file.submitted_at, intl) },
          { label: intl.formatMessage(m.reviewDue), value: day(file.review_due_on, intl) },
          ...(file.decided_by ? [{ label: intl.formatMessage(m.decidedBy), value: `${file.decided_by} · ${when(file.decided_at, intl)}` }] : []),
          ...(file.rejection_reason ? [{ label: intl.formatMessage(m.rejectionReason), value: file.rejection_reason }] : []),
          ...(file.reopen_reason ? [{ label: intl.formatMessage(m.reopenReason), value: file.reopen_reason }] : []),
        ]}
      />
      <DetailGrid
        caption={intl.formatMessage(m.peopleTitle)}
        columns={peopleColumns}
        rows={file.people}
        rowKey={(person) => `${person.role}:${person.cpf}`}
        rowAttributes={(person) => ({ 'data-person': person.cpf })}
        empty={intl.formatMessage(m.noPeople)}
      />
      <Stack gap="1">
        <Text fontWeight="semibold">{intl.formatMessage(m.documentsTitle)}</Text>
        {file.documents.length === 0 ? (
          <Text color="fg.muted">{intl.formatMessage(m.noDocuments)}</Text>
        ) : (
          <Stack as="ul" gap="1" listStyleType="none">
            {file.documents.map((doc) => (
              <HStack as="li" key={doc.id} gap="3" wrap="wrap">
                <Text>{intl.formatMessage(KIND_MESSAGES[doc.kind])}:</Text>
                <Link href={staffDocumentUrl(file.client.slug, doc.id)} download colorPalette="blue" color="colorPalette.fg" aria-label={intl.formatMessage(m.download, { name: doc.name })}>
                  {doc.name}
                </Link>
                <Text color="fg.muted" fontSize="sm">
                  {sizeText(doc.size, intl.locale)}
                </Text>
              </HStack>
            ))}
          </Stack>
        )}
      </Stack>
      {canWrite && (
        <HStack gap="2" wrap="wrap">
          {file.status === 'pending' && (
            <Button
              variant="outline"
              loading={act.isPending}
              onClick={() =>
                act.mutate({ slug: file.client.slug, action: 'start-review' satisfies KycAction }, {
                  onSuccess: () => appToaster.create({ type: 'success', title: intl.formatMessage(m.reviewStarted) }),
                  onError: (failed) => appToaster.create({ type: 'error', title: intl.formatMessage(m.decisionFailed), description: failure(failed, intl) }),
                })
              }
            >
              {intl.formatMessage(m.startReview)}
            </Button>
          )}
          {open && (
            <>
              <Button colorPalette="blue" onClick={() => onDecide({ file, action: 'approve' })}>
                {intl.formatMessage(m.approve)}
              </Button>
              <Button colorPalette="red" variant="outline" onClick={() => onDecide({ file, action: 'reject' })}>
                {intl.formatMessage(m.reject)}
              </Button>
            </>
          )}
          {file.status === 'approved' && (
            <>
              <Button variant="outline" onClick={() => onDecide({ file, action: 'review-date' })}>
                {intl.formatMessage(m.changeReviewDate)}
              </Button>
              <Button variant="outline" colorPalette="orange" onClick={() => onDecide({ file, action: 'reopen' })}>
                {intl.formatMessage(m.reopen)}
              </Button>
            </>
          )}
        </HStack>
      )}
    </Stack>
  );
}

/** admin/customers-kyc: the queue of the clients' KYC files; open one to review and decide. */
export default function StaffKycScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const list = useList(kycList);
  const canWrite = useCanWrite(route);
  const clients = useQuery(getStaffClientsQueryOptions());
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const filter = (name: string) => {
    const value = list.state.filters[name];
    return typeof value === 'string' && value ? value : undefined;
  };
  const query = useQuery(
    getKycFilesQueryOptions({
      status: filter('status'),
      client: filter('client'),
      q: list.state.q || undefined,
      sort: list.state.sort,
      per_page: list.state.perPage,
      cursor: list.state.cursor ?? undefined,
    }),
  );
  const opened = list.param(FILE_PARAM);
  const columns: GridColumn<KycListItem>[] = [
    { key: 'client', header: intl.formatMessage(m.client), priority: 1, card: 'title', cell: (item) => item.client.name },
    { key: 'legal', header: intl.formatMessage(m.legalName), priority: 2, cell: (item) => item.legal_name || '—' },
    { key: 'cnpj', header: intl.formatMessage(m.cnpj), priority: 2, nowrap: true, cell: (item) => (item.cnpj ? formatDocument(item.cnpj) : '—') },
    { key: 'status', header: intl.formatMessage(m.status), priority: 1, cell: (item) => <StatusBadge item={item} /> },
    { key: 'documents', header: intl.formatMessage(m.documents), priority: 3, numeric: true, cell: (item) => intl.formatNumber(item.documents) },
    { key: 'submitted', header: intl.formatMessage(m.submittedAt), priority: 2, card: 'date', nowrap: true, cell: (item) => when(item.submitted_at, intl) },
    { key: 'review', header: intl.formatMessage(m.reviewDue), priority: 3, nowrap: true, cell: (item) => day(item.review_due_on, intl) },
    {
      key: 'actions',
      header: intl.formatMessage(m.actions),
      priority: 1,
      card: 'actions',
      fixed: true,
      cell: (item) => (
        <Button size="xs" variant="outline" aria-label={intl.formatMessage(m.openLabel, { client: item.client.name })} onClick={() => list.setParam(FILE_PARAM, item.client.slug)}>
          {intl.formatMessage(m.open)}
        </Button>
      ),
    },
  ];
  const openedFile = useQuery({ ...getKycFileQueryOptions(opened ?? ''), enabled: Boolean(opened) });
  const openedName = openedFile.data?.client.name ?? query.data?.items.find((item) => item.client.slug === opened)?.client.name ?? opened ?? '';
  return (
    <Stack gap="4">
      <RouteHeader route={route} homeHref={homeHref} />
      <Text color="fg.muted">{intl.formatMessage(m.staffIntro)}</Text>
      <ListView
        list={list}
        caption={intl.formatMessage(m.list)}
        columns={columns}
        query={query}
        rowKey={(item) => item.client.slug}
        rowAttributes={(item) => ({ 'data-kyc': item.client.slug })}
        sortLabels={{ changed_at: intl.formatMessage(m.sortOldest), '-changed_at': intl.formatMessage(m.sortNewest) }}
        search={{ label: intl.formatMessage(m.search) }}
        filters={
          <>
            <FilterSelect list={list} name="status" label={intl.formatMessage(m.status)} allLabel={intl.formatMessage(m.allStatuses)} options={FILTER_STATUSES.map((s) => ({ value: s, label: intl.formatMessage(STATUS_MESSAGES[s]) }))} />
            <ClientFilter list={list} clients={clients.data} label={intl.formatMessage(m.client)} allLabel={intl.formatMessage(m.allClients)} />
          </>
        }
        errorTitle={intl.formatMessage(m.listError)}
        emptyTitle={intl.formatMessage(m.empty)}
      />
      <DetailDrawer open={Boolean(opened)} title={opened ? intl.formatMessage(m.detailTitle, { client: openedName }) : ''} size="lg" onClose={() => list.setParam(FILE_PARAM, null)}>
        {opened && <FileDetail slug={opened} canWrite={canWrite} onDecide={setDeciding} />}
      </DetailDrawer>
      {deciding && <KycDecisionDialog file={deciding.file} action={deciding.action} onClose={() => setDeciding(null)} />}
      <AppToaster />
    </Stack>
  );
}
