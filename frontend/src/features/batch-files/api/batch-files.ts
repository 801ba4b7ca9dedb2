import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import { useIntl } from 'react-intl';

import type { BatchFileDetail, BatchFileList, BatchProvider, SimulatedReturnOutcome } from '@/api/types';
import { API_URL, api } from '@/lib/api-client';

export const BATCH_FILES_QUERY_KEY = ['batch-files'] as const;
// Sent, confirmed and rejected payouts change the withdrawals lists.
const PAYOUTS_QUERY_KEY = ['payouts'] as const;

export type BatchKind = 'remittance' | 'return';

/** GET /api/batch-files?kind=: remittances or returns, newest first. */
export function getBatchFilesQueryOptions(kind: BatchKind) {
  return queryOptions({
    queryKey: [...BATCH_FILES_QUERY_KEY, 'list', kind] as const,
    queryFn: ({ signal }) => api.get<BatchFileList>('/batch-files', { params: { kind, per_page: 50 }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/**
 * GET /api/batch-files/{id}: one file with its lines (a remittance's payouts, a return's results). The
 * bank's occurrence codes come described in the request's language: the locale is part of the key.
 */
export function getBatchFileQueryOptions(id: string, locale: string) {
  return queryOptions({
    queryKey: [...BATCH_FILES_QUERY_KEY, 'detail', id, locale] as const,
    queryFn: ({ signal }) => api.get<BatchFileDetail>(`/batch-files/${encodeURIComponent(id)}`, { signal }),
  });
}

/** GET /api/batch-files/providers: the banks that take payouts by file. */
export function getBatchProvidersQueryOptions() {
  return queryOptions({
    queryKey: [...BATCH_FILES_QUERY_KEY, 'providers'] as const,
    queryFn: ({ signal }) => api.get<BatchProvider[]>('/batch-files/providers', { signal }),
    staleTime: 60_000,
  });
}

/** The file's own download (a plain link: the session cookie goes with it). */
export function downloadUrl(file: { download_url: string }): string {
  return `${API_URL}${file.download_url.replace(/^\/api/, '')}`;
}

function useRefresh() {
  const queryClient = useQueryClient();
  const { locale } = useIntl();
  return (detail: BatchFileDetail) => {
    queryClient.setQueryData([...BATCH_FILES_QUERY_KEY, 'detail', detail.id, locale], detail);
    void queryClient.invalidateQueries({ queryKey: [...BATCH_FILES_QUERY_KEY, 'list'] });
    // a return changes its remittance's lines (their status and the bank's codes)
    void queryClient.invalidateQueries({ queryKey: [...BATCH_FILES_QUERY_KEY, 'detail'] });
    void queryClient.invalidateQueries({ queryKey: PAYOUTS_QUERY_KEY });
  };
}

/** POST /api/batch-files/remittances: the approved payouts of a bank (one client's, or all) in a file. */
export function useGenerateRemittance() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { provider: string; client?: string }) => api.post<BatchFileDetail>('/batch-files/remittances', body),
    onSuccess: refresh,
  });
}

/** POST /api/batch-files/returns (multipart): the bank's return confirms or rejects each payout. */
export function useUploadReturn() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ provider, file }: { provider: string; file: File }) => {
      const body = new FormData();
      body.append('provider', provider);
      body.append('file', file);
      return api.post<BatchFileDetail>('/batch-files/returns', body);
    },
    onSuccess: refresh,
  });
}

/**
 * POST /api/batch-files/{id}/simulated-returns: a test bank (the sandbox) answers one of its remittances
 * as `outcome` says and the return is read at once (sandbox only; the answer is the return file).
 */
export function useSimulateReturn() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, outcome }: { id: string; outcome: SimulatedReturnOutcome }) =>
      api.post<BatchFileDetail>(`/batch-files/${encodeURIComponent(id)}/simulated-returns`, { outcome }),
    onSuccess: refresh,
  });
}
