import { Badge, Box, Button, HStack, Link, Menu, Portal, Progress, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';

import type { ExportCreated, ExportIn, ExportJob } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { EmptyBlock, LoadError } from '@/components/query-state';
import { commonMessages } from '@/i18n/messages';
import { api, isApiError } from '@/lib/api-client';

import type { GridColumn } from './columns';
import { DataGrid } from './data-grid';
import { DetailDrawer } from './detail-drawer';

const m = defineMessages({
  export: { id: 'kit.export.button', defaultMessage: 'Export' },
  csv: { id: 'kit.export.csv', defaultMessage: 'CSV' },
  csvBr: { id: 'kit.export.csvBr', defaultMessage: 'CSV for Excel (Brazil)' },
  xlsx: { id: 'kit.export.xlsx', defaultMessage: 'Excel (XLSX)' },
  downloads: { id: 'kit.export.downloads', defaultMessage: 'Downloads' },
  center: { id: 'kit.export.center', defaultMessage: 'Download center' },
  started: { id: 'kit.export.started', defaultMessage: 'Export started: follow it in the download center' },
  table: { id: 'kit.export.table', defaultMessage: 'Your exports' },
  file: { id: 'kit.export.file', defaultMessage: 'File' },
  status: { id: 'kit.export.status', defaultMessage: 'Status' },
  rows: { id: 'kit.export.rows', defaultMessage: 'Rows' },
  size: { id: 'kit.export.size', defaultMessage: 'Size' },
  created: { id: 'kit.export.created', defaultMessage: 'Created' },
  expires: { id: 'kit.export.expires', defaultMessage: 'Expires' },
  actions: { id: 'kit.export.actions', defaultMessage: 'Actions' },
  download: { id: 'kit.export.download', defaultMessage: 'Download' },
  cancel: { id: 'kit.export.cancel', defaultMessage: 'Cancel' },
  empty: { id: 'kit.export.empty', defaultMessage: 'No exports yet' },
  emptyHint: { id: 'kit.export.emptyHint', defaultMessage: 'Use the Export button of a list: its filters choose the rows.' },
  payments: { id: 'kit.export.type.payments', defaultMessage: 'Deposits' },
  payouts: { id: 'kit.export.type.payouts', defaultMessage: 'Payouts' },
  volume: { id: 'kit.export.type.volume', defaultMessage: 'Volume per client' },
  partner_report: { id: 'kit.export.type.partner_report', defaultMessage: 'Clients report' },
  queued: { id: 'kit.export.status.queued', defaultMessage: 'Queued' },
  running: { id: 'kit.export.status.running', defaultMessage: 'Generating' },
  done: { id: 'kit.export.status.done', defaultMessage: 'Ready' },
  failed: { id: 'kit.export.status.failed', defaultMessage: 'Failed' },
  canceled: { id: 'kit.export.status.canceled', defaultMessage: 'Canceled' },
});

const progressMessage = defineMessage<{ percent: string; rows: string }>({ id: 'kit.export.progress', defaultMessage: '{percent}% ({rows} rows)' });

const EXPORTS_KEY = ['exports'] as const;
const ACTIVE = new Set(['queued', 'running']);
const STATUS_COLORS: Record<string, string> = { queued: 'gray', running: 'blue', done: 'green', failed: 'red', canceled: 'gray' };
type Format = 'csv' | 'csv_br' | 'xlsx';

/** The list's API query without its paging and empty values: what the export selects. */
function exportFilters(query: Record<string, unknown>): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (key === 'per_page' || key === 'cursor') continue;
    if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    filters[key] = value;
  }
  return filters;
}

function bytes(size: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = size;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit ? 1 : 0 }).format(value)} ${units[unit]}`;
}

/** The user's exports, polled every second while one is queued or running. */
function useExports(enabled = true) {
  return useQuery({
    queryKey: EXPORTS_KEY,
    queryFn: ({ signal }) => api.get<ExportJob[]>('/exports', { signal }),
    enabled,
    refetchInterval: (query) => (query.state.data?.some((job) => ACTIVE.has(job.status)) ? 1000 : false),
  });
}

type ExportMenuProps = {
  type: ExportIn['type'];
  /** The list's API query as the screen sends it (paging is left out). */
  query: Record<string, unknown>;
  /** The button's text (default "Export"). */
  label?: string;
};

/**
 * The list kit's Export button (ListView's `exportSlot`): a format chooser that exports what the
 * list's filters select, as a background job, and the download center in a drawer.
 */
export function ExportMenu({ type, query, label }: ExportMenuProps) {
  const intl = useIntl();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const start = useMutation({
    mutationFn: (format: Format) => api.post<ExportCreated>('/exports', { type, format, filters: exportFilters(query) }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: EXPORTS_KEY });
      appToaster.create({ type: 'info', title: intl.formatMessage(m.started) });
      setOpen(true);
    },
    onError: (error) => {
      appToaster.create({
        type: 'error',
        title: intl.formatMessage(commonMessages.unableGenerateReport),
        description: isApiError(error) ? error.message : intl.formatMessage(commonMessages.tryAgainLater),
      });
    },
  });
  const formats: { value: Format; label: string }[] = [
    { value: 'csv', label: intl.formatMessage(m.csv) },
    { value: 'csv_br', label: intl.formatMessage(m.csvBr) },
    { value: 'xlsx', label: intl.formatMessage(m.xlsx) },
  ];
  return (
    <>
      <Menu.Root onSelect={(details) => (details.value === 'downloads' ? setOpen(true) : start.mutate(details.value as Format))}>
        <Menu.Trigger asChild>
          <Button size="sm" variant="outline" loading={start.isPending}>
            {label ?? intl.formatMessage(m.export)}
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              {formats.map((format) => (
                <Menu.Item key={format.value} value={format.value}>
                  {format.label}
                </Menu.Item>
              ))}
              <Menu.Separator />
              <Menu.Item value="downloads">{intl.formatMessage(m.downloads)}</Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <DetailDrawer open={open} title={intl.formatMessage(m.center)} onClose={() => setOpen(false)} size="lg">
        {open && <DownloadCenter />}
      </DetailDrawer>
    </>
  );
}

/** The download center: the user's exports with status, live progress, size, rows, dates, download and cancel. */
export function DownloadCenter() {
  const intl = useIntl();
  const client = useQueryClient();
  const exports = useExports();
  const cancel = useMutation({
    mutationFn: (id: string) => api.post<ExportJob>(`/exports/${id}/cancel`, {}),
    onSettled: () => void client.invalidateQueries({ queryKey: EXPORTS_KEY }),
    onError: (error) => {
      appToaster.create({ type: 'error', title: isApiError(error) ? error.message : intl.formatMessage(commonMessages.tryAgainLater) });
    },
  });
  const date = (value: string) => intl.formatDate(value, { dateStyle: 'short', timeStyle: 'short' });
  if (exports.isError && !exports.data) {
    return (
      <Box role="alert">
        <LoadError title={intl.formatMessage(commonMessages.unableGenerateReport)} onRetry={() => void exports.refetch()} />
      </Box>
    );
  }
  if (exports.data && exports.data.length === 0) {
    return (
      <Box role="status">
        <EmptyBlock title={intl.formatMessage(m.empty)} description={intl.formatMessage(m.emptyHint)} />
      </Box>
    );
  }
  const columns: GridColumn<ExportJob>[] = [
    {
      key: 'file',
      card: 'title',
      priority: 1,
      header: intl.formatMessage(m.file),
      cell: (job) => (
        <Stack gap="0">
          <Text fontWeight="medium">{intl.formatMessage(m[job.type as 'payments' | 'payouts' | 'volume' | 'partner_report'] ?? m.payments)}</Text>
          <Text fontSize="xs" color="fg.muted">
            {formatLabel(job.format, intl.formatMessage(m.csv), intl.formatMessage(m.csvBr), intl.formatMessage(m.xlsx))}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      card: 'status',
      priority: 1,
      header: intl.formatMessage(m.status),
      cell: (job) => (
        <Stack gap="1" minW="32">
          <Badge colorPalette={STATUS_COLORS[job.status] ?? 'gray'} alignSelf="start">
            {intl.formatMessage(m[job.status])}
          </Badge>
          {ACTIVE.has(job.status) && (
            <Progress.Root value={job.progress} size="xs" aria-label={intl.formatMessage(progressMessage, { percent: String(job.progress), rows: intl.formatNumber(job.rows) })}>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
              <Progress.ValueText fontSize="xs">{intl.formatMessage(progressMessage, { percent: String(job.progress), rows: intl.formatNumber(job.rows) })}</Progress.ValueText>
            </Progress.Root>
          )}
        </Stack>
      ),
    },
    { key: 'rows', priority: 2, numeric: true, header: intl.formatMessage(m.rows), cell: (job) => intl.formatNumber(job.rows) },
    { key: 'size', priority: 2, numeric: true, header: intl.formatMessage(m.size), cell: (job) => (job.size ? bytes(job.size, intl.locale) : '—') },
    { key: 'created', card: 'date', priority: 2, nowrap: true, header: intl.formatMessage(m.created), cell: (job) => date(job.created_at) },
    { key: 'expires', priority: 2, nowrap: true, header: intl.formatMessage(m.expires), cell: (job) => date(job.expires_at) },
    {
      key: 'actions',
      card: 'actions',
      priority: 1,
      header: intl.formatMessage(m.actions),
      cell: (job) => (
        <HStack gap="2" justify="end">
          {job.url && (
            <Link href={job.url} download colorPalette="blue" fontWeight="medium">
              {intl.formatMessage(m.download)}
            </Link>
          )}
          {ACTIVE.has(job.status) && (
            <Button size="xs" variant="outline" loading={cancel.isPending && cancel.variables === job.id} onClick={() => cancel.mutate(job.id)}>
              {intl.formatMessage(m.cancel)}
            </Button>
          )}
        </HStack>
      ),
    },
  ];
  return (
    <DataGrid
      caption={intl.formatMessage(m.table)}
      columns={columns}
      rows={exports.data}
      rowKey={(job) => job.id}
      rowAttributes={(job) => ({ 'data-export': job.id, 'data-status': job.status })}
      busy={exports.isPending}
      skeletonRows={3}
    />
  );
}

function formatLabel(format: string, csv: string, csvBr: string, xlsx: string): string {
  return format === 'csv_br' ? csvBr : format === 'xlsx' ? xlsx : csv;
}
