import { Alert, Badge, Box, Button, Flex, Heading, Link, Stack, Tabs, Text, VisuallyHidden } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type DragEvent, useRef, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import type { PayoutImport, PayoutImportRow } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { DataGrid, type GridColumn } from '@/components/kit';
import { ConfirmDialog } from '@/components/kit/confirm-dialog';
import { isApiError } from '@/lib/api-client';
import { formatDateTime, money } from '@/lib/format';

import { type ImportTab, exampleUrl, getImportQueryOptions, getImportsQueryOptions, useCancelImport, useConfirmImport, useUploadImport } from '../api/imports';
import { importMessages as m } from '../messages';

const STATUS = { preview: m.statusPreview, confirming: m.statusConfirming, confirmed: m.statusConfirmed, canceled: m.statusCanceled } as const;
const STATUS_PALETTE = { preview: 'blue', confirming: 'orange', confirmed: 'green', canceled: 'gray' } as const;

type Props = {
  /** The member may upload, confirm and cancel (else only the lists). */
  writable: boolean;
  /** Staff importing on a client's behalf: the client's slug (employee/payout-requests, admin/payout-requests). */
  client?: string;
};

/**
 * clients/manual-withdraws: import withdrawal requests from a spreadsheet (upload or drop, the example
 * to download), the preview of every row with its errors, confirm or cancel, and the imports in two
 * tabs (all, failed) whose rows say confirmed or not submitted with the reason.
 */
export function PayoutImportsPanel({ writable, client }: Props) {
  const intl = useIntl();
  const [openId, setOpenId] = useState<string | null>(null);
  const [tab, setTab] = useState<ImportTab>('all');
  const [uploadError, setUploadError] = useState<string | null>(null);
  const upload = useUploadImport(client);

  const send = (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    upload.mutate(file, {
      onSuccess: (detail) => setOpenId(detail.id),
      onError: (error) => setUploadError(isApiError(error) ? error.message : intl.formatMessage(m.actionError)),
    });
  };

  return (
    <Stack as="section" gap="4" aria-labelledby="payout-imports-title">
      <Heading as="h2" size="lg" id="payout-imports-title">
        {intl.formatMessage(m.title)}
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        {intl.formatMessage(m.intro)}
      </Text>
      <Flex gap="3" wrap="wrap">
        <Link href={exampleUrl('xlsx', client)} download colorPalette="blue" color="colorPalette.fg" fontSize="sm">
          {intl.formatMessage(m.exampleXlsx)}
        </Link>
        <Link href={exampleUrl('csv', client)} download colorPalette="blue" color="colorPalette.fg" fontSize="sm">
          {intl.formatMessage(m.exampleCsv)}
        </Link>
      </Flex>
      {writable && <DropZone pending={upload.isPending} onFile={send} />}
      {uploadError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{intl.formatMessage(m.uploadError)}</Alert.Title>
            <Alert.Description>{uploadError}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {openId && <ImportDetail id={openId} client={client} writable={writable} onClose={() => setOpenId(null)} />}
      <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value as ImportTab)} variant="line">
        <Tabs.List aria-label={intl.formatMessage(m.tabs)}>
          <Tabs.Trigger value="all">{intl.formatMessage(m.tabAll)}</Tabs.Trigger>
          <Tabs.Trigger value="failed">{intl.formatMessage(m.tabFailed)}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value={tab}>
          <ImportList tab={tab} client={client} onOpen={setOpenId} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

function DropZone({ pending, onFile }: { pending: boolean; onFile: (file: File | undefined) => void }) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    onFile(event.dataTransfer.files[0]);
  };
  return (
    <Box
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={over ? 'blue.500' : 'border'}
      rounded="lg"
      p="5"
      textAlign="center"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="import-drop-zone"
    >
      <VisuallyHidden asChild>
        <input
          ref={input}
          type="file"
          accept=".xlsx,.csv,.rem,.txt,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-label={intl.formatMessage(m.fileLabel)}
          onChange={(event) => {
            onFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </VisuallyHidden>
      <Button size="sm" colorPalette="blue" loading={pending} loadingText={intl.formatMessage(m.uploading)} onClick={() => input.current?.click()}>
        {intl.formatMessage(m.choose)}
      </Button>
      <Text as="span" ms="2" fontSize="sm" color="fg.muted">
        {intl.formatMessage(m.drop)}
      </Text>
    </Box>
  );
}

function rowColumns(intl: IntlShape, currency: string): GridColumn<PayoutImportRow>[] {
  return [
    { key: 'line', header: intl.formatMessage(m.line), priority: 1, card: 'title', numeric: true, cell: (row) => row.line },
    { key: 'name', header: intl.formatMessage(m.name), priority: 1, cell: (row) => row.name },
    { key: 'email', header: intl.formatMessage(m.email), priority: 3, cell: (row) => row.email },
    { key: 'bank', header: intl.formatMessage(m.bank), priority: 2, cell: (row) => row.pix_key || row.bank },
    { key: 'amount', header: intl.formatMessage(m.amount), priority: 1, card: 'amount', numeric: true, cell: (row) => (row.amount ? money(row.amount, currency, intl.locale) : '') },
    {
      key: 'result',
      header: intl.formatMessage(m.result),
      priority: 1,
      card: 'status',
      cell: (row) => <RowResult row={row} />,
    },
  ];
}

function RowResult({ row }: { row: PayoutImportRow }) {
  const intl = useIntl();
  if (row.outcome === 'confirmed') return <Badge colorPalette="green">{intl.formatMessage(m.rowConfirmed)}</Badge>;
  if (row.outcome === 'not_submitted' && row.status === 'ok') {
    return <Text color="fg.error">{intl.formatMessage(m.rowNotSubmitted, { reason: row.reason })}</Text>;
  }
  if (row.status === 'ok') return <Badge colorPalette="blue">{intl.formatMessage(m.rowOk)}</Badge>;
  return (
    <Stack gap="0" color="fg.error" fontSize="sm">
      {row.outcome === 'not_submitted' && <Text fontWeight="semibold">{intl.formatMessage(m.rowNotSubmitted, { reason: row.reason })}</Text>}
      {row.errors.map((error) => (
        <Text key={`${error.field}:${error.code}`}>{error.field ? `${error.field}: ${error.message}` : error.message}</Text>
      ))}
    </Stack>
  );
}

function ImportDetail({ id, client, writable, onClose }: { id: string; client?: string; writable: boolean; onClose: () => void }) {
  const intl = useIntl();
  const query = useQuery(getImportQueryOptions(id, client));
  const confirm = useConfirmImport(client);
  const cancel = useCancelImport(client);
  const [asking, setAsking] = useState<'confirm' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const detail = query.data;
  if (!detail) return null;
  const totals = detail.totals;
  const amount = money(totals.amount, totals.currency, intl.locale);
  const act = () => {
    setError(null);
    const done = {
      onSuccess: () => {
        appToaster.create({ type: 'success', title: intl.formatMessage(asking === 'confirm' ? m.confirmed : m.canceled) });
        setAsking(null);
      },
      onError: (failure: Error) => setError(isApiError(failure) ? failure.message : intl.formatMessage(m.actionError)),
    };
    if (asking === 'confirm') confirm.mutate(id, done);
    else cancel.mutate(id, done);
  };
  return (
    <Stack gap="3" borderWidth="1px" rounded="lg" p="4" bg="bg.panel" data-import={detail.id} data-status={detail.status}>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h3" size="md">
          {intl.formatMessage(m.preview, { id: detail.id })} <StatusBadge status={detail.status} />
        </Heading>
        <Flex gap="2">
          {writable && detail.status === 'preview' && (
            <>
              <Button size="sm" colorPalette="blue" disabled={totals.ok === 0} onClick={() => setAsking('confirm')}>
                {intl.formatMessage(m.confirm)}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setAsking('cancel')}>
                {intl.formatMessage(m.cancel)}
              </Button>
            </>
          )}
          <Button size="sm" variant="ghost" onClick={onClose}>
            {intl.formatMessage(m.close)}
          </Button>
        </Flex>
      </Flex>
      <Text fontSize="sm" data-testid="import-totals">
        {intl.formatMessage(m.totals, { rows: totals.rows, ok: totals.ok, error: totals.error, amount })}
      </Text>
      {detail.status === 'confirming' && (
        <Text fontSize="sm" role="status">
          {intl.formatMessage(m.progress, { done: totals.processed, rows: totals.rows })}
        </Text>
      )}
      {detail.status === 'confirmed' && (
        <Text fontSize="sm" role="status">
          {intl.formatMessage(m.outcome, { submitted: totals.submitted, notSubmitted: totals.not_submitted, amount: money(totals.submitted_amount, totals.currency, intl.locale) })}
        </Text>
      )}
      <DataGrid caption={intl.formatMessage(m.rows)} columns={rowColumns(intl, totals.currency)} rows={detail.rows} rowKey={(row) => String(row.line)} rowAttributes={(row) => ({ 'data-line': String(row.line), 'data-row-status': row.status })} />
      <ConfirmDialog
        open={asking !== null}
        title={intl.formatMessage(asking === 'cancel' ? m.cancelTitle : m.confirmTitle)}
        description={intl.formatMessage(asking === 'cancel' ? m.cancelText : m.confirmText)}
        details={[
          { label: intl.formatMessage(m.withdrawals), value: String(totals.ok) },
          { label: intl.formatMessage(m.total), value: amount },
        ]}
        confirmText={intl.formatMessage(asking === 'cancel' ? m.cancel : m.confirm)}
        confirmPalette={asking === 'cancel' ? 'red' : 'blue'}
        cancelText={intl.formatMessage(m.keep)}
        pending={confirm.isPending || cancel.isPending}
        error={error}
        onConfirm={act}
        onClose={() => {
          setAsking(null);
          setError(null);
        }}
      />
    </Stack>
  );
}

function StatusBadge({ status }: { status: PayoutImport['status'] }) {
  const intl = useIntl();
  return <Badge colorPalette={STATUS_PALETTE[status]}>{intl.formatMessage(STATUS[status])}</Badge>;
}

function ImportList({ tab, client, onOpen }: { tab: ImportTab; client?: string; onOpen: (id: string) => void }) {
  const intl = useIntl();
  const query = useQuery(getImportsQueryOptions(tab, client));
  const columns: GridColumn<PayoutImport>[] = [
    {
      key: 'id',
      header: intl.formatMessage(m.file),
      priority: 1,
      card: 'title',
      cell: (row) => (
        <Button variant="plain" size="xs" px="0" colorPalette="blue" color="colorPalette.fg" onClick={() => onOpen(row.id)} aria-label={intl.formatMessage(m.open, { id: row.id })}>
          {row.file_name}
        </Button>
      ),
    },
    { key: 'created', header: intl.formatMessage(m.created), priority: 2, card: 'date', nowrap: true, cell: (row) => formatDateTime(Math.floor(Date.parse(row.created_at) / 1000), intl.locale) },
    { key: 'status', header: intl.formatMessage(m.status), priority: 1, card: 'status', cell: (row) => <StatusBadge status={row.status} /> },
    {
      key: 'rows',
      header: intl.formatMessage(m.summary),
      priority: 2,
      cell: (row) => intl.formatMessage(m.rowsSummary, { rows: row.totals.rows, submitted: row.totals.submitted, failed: row.status === 'confirmed' ? row.totals.not_submitted : row.totals.error }),
    },
    { key: 'amount', header: intl.formatMessage(m.amount), priority: 1, card: 'amount', numeric: true, cell: (row) => money(row.status === 'confirmed' ? row.totals.submitted_amount : row.totals.amount, row.totals.currency, intl.locale) },
  ];
  if (query.isError) {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{intl.formatMessage(m.loadError)}</Alert.Title>
      </Alert.Root>
    );
  }
  if (query.data && query.data.items.length === 0) {
    return <Text color="fg.muted">{intl.formatMessage(tab === 'failed' ? m.emptyFailed : m.empty)}</Text>;
  }
  return <DataGrid caption={intl.formatMessage(m.list)} columns={columns} rows={query.data?.items} rowKey={(row) => row.id} rowAttributes={(row) => ({ 'data-import-row': row.id })} busy={query.isFetching} />;
}
