import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import type { PayoutImport, PayoutImportDetail, PayoutImportList } from '@/api/types';
import { API_URL, api } from '@/lib/api-client';

export const IMPORTS_QUERY_KEY = ['payout-imports'] as const;
// Confirmed rows are payouts: the withdrawals list reads them again.
const PAYOUTS_QUERY_KEY = ['payouts'] as const;

export type ImportTab = 'all' | 'failed';

/** GET /api/payout-imports?tab=: the tenant's imports, newest first (failed: some row failed). */
export function getImportsQueryOptions(tab: ImportTab) {
  return queryOptions({
    queryKey: [...IMPORTS_QUERY_KEY, 'list', tab] as const,
    queryFn: ({ signal }) => api.get<PayoutImportList>('/payout-imports', { params: { tab, per_page: 50 }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/** GET /api/payout-imports/{id}: one import with its rows; polled while it is being confirmed. */
export function getImportQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...IMPORTS_QUERY_KEY, 'detail', id] as const,
    queryFn: ({ signal }) => api.get<PayoutImportDetail>(`/payout-imports/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'confirming' ? 1_000 : false),
  });
}

/** The example spreadsheet's address (a plain download, the session cookie goes with it). */
export function exampleUrl(format: 'xlsx' | 'csv'): string {
  return `${API_URL}/payout-imports/example?format=${format}`;
}

export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post<PayoutImportDetail>('/payout-imports', body);
    },
    onSuccess: (detail) => {
      queryClient.setQueryData([...IMPORTS_QUERY_KEY, 'detail', detail.id], detail);
      void queryClient.invalidateQueries({ queryKey: [...IMPORTS_QUERY_KEY, 'list'] });
    },
  });
}

export function useConfirmImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<PayoutImportDetail>(`/payout-imports/${encodeURIComponent(id)}/confirm`),
    onSuccess: (detail) => {
      queryClient.setQueryData([...IMPORTS_QUERY_KEY, 'detail', detail.id], detail);
      void queryClient.invalidateQueries({ queryKey: [...IMPORTS_QUERY_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: PAYOUTS_QUERY_KEY });
    },
  });
}

export function useCancelImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<PayoutImport>(`/payout-imports/${encodeURIComponent(id)}/cancel`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: IMPORTS_QUERY_KEY }),
  });
}
