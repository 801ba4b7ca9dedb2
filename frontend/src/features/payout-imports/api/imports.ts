import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import type { PayoutImport, PayoutImportDetail, PayoutImportList } from '@/api/types';
import { API_URL, api } from '@/lib/api-client';

export const IMPORTS_QUERY_KEY = ['payout-imports'] as const;
// Confirmed rows are payouts: the withdrawals list reads them again.
const PAYOUTS_QUERY_KEY = ['payouts'] as const;

export type ImportTab = 'all' | 'failed';

/**
 * Where the imports are: the client's own (/api/payout-imports), or, for staff importing on a chosen
 * client's behalf (`client` = its slug), /api/admin/payout-imports/{client}.
 */
function base(client?: string): string {
  return client ? `/admin/payout-imports/${encodeURIComponent(client)}` : '/payout-imports';
}

function path(id: string, client: string | undefined, action = ''): string {
  return `${base(client)}/${encodeURIComponent(id)}${action}`;
}

/** GET /api/payout-imports?tab=: the tenant's imports, newest first (failed: some row failed). */
export function getImportsQueryOptions(tab: ImportTab, client?: string) {
  return queryOptions({
    queryKey: [...IMPORTS_QUERY_KEY, 'list', tab, client ?? ''] as const,
    queryFn: ({ signal }) => api.get<PayoutImportList>(base(client), { params: { tab, per_page: 50 }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/** GET /api/payout-imports/{id}: one import with its rows; polled while it is being confirmed. */
export function getImportQueryOptions(id: string, client?: string) {
  return queryOptions({
    queryKey: [...IMPORTS_QUERY_KEY, 'detail', id] as const,
    queryFn: ({ signal }) => api.get<PayoutImportDetail>(path(id, client), { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'confirming' ? 1_000 : false),
  });
}

/** The example spreadsheet's address (a plain download, the session cookie goes with it). */
export function exampleUrl(format: 'xlsx' | 'csv', client?: string): string {
  return `${API_URL}${base(client)}/example?format=${format}`;
}

export function useUploadImport(client?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post<PayoutImportDetail>(base(client), body);
    },
    onSuccess: (detail) => {
      queryClient.setQueryData([...IMPORTS_QUERY_KEY, 'detail', detail.id], detail);
      void queryClient.invalidateQueries({ queryKey: [...IMPORTS_QUERY_KEY, 'list'] });
    },
  });
}

export function useConfirmImport(client?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<PayoutImportDetail>(path(id, client, '/confirm')),
    onSuccess: (detail) => {
      queryClient.setQueryData([...IMPORTS_QUERY_KEY, 'detail', detail.id], detail);
      void queryClient.invalidateQueries({ queryKey: [...IMPORTS_QUERY_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: PAYOUTS_QUERY_KEY });
    },
  });
}

export function useCancelImport(client?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<PayoutImport>(path(id, client, '/cancel')),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: IMPORTS_QUERY_KEY }),
  });
}
