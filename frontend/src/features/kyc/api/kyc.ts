import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import type { KycDocument, KycFile, KycInput, KycList } from '@/api/types';
import { API_URL, api } from '@/lib/api-client';

const OWN_KEY = ['kyc', 'own'] as const;
const STAFF_KEY = ['kyc', 'staff'] as const;

/** GET /api/kyc: the client's own file (an empty draft at first). */
export function getOwnKycQueryOptions() {
  return queryOptions({ queryKey: OWN_KEY, queryFn: ({ signal }) => api.get<KycFile>('/kyc', { signal }) });
}

/** The address of one of the client's documents (a plain download: the session cookie goes with it). */
export function ownDocumentUrl(id: string): string {
  return `${API_URL}/kyc/documents/${encodeURIComponent(id)}`;
}

/** PUT /api/kyc, then (submit) POST /api/kyc/submit. */
export function useSaveKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, submit }: { body: KycInput; submit: boolean }) => {
      const saved = await api.put<KycFile>('/kyc', body);
      queryClient.setQueryData(OWN_KEY, saved);
      return submit ? api.post<KycFile>('/kyc/submit') : saved;
    },
    onSuccess: (saved) => queryClient.setQueryData(OWN_KEY, saved),
  });
}

/** POST /api/kyc/documents (multipart `file`, `kind`). */
export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: string; file: File }) => {
      const body = new FormData();
      body.append('kind', kind);
      body.append('file', file);
      return api.post<KycDocument>('/kyc/documents', body);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: OWN_KEY }),
  });
}

/** DELETE /api/kyc/documents/{id}. */
export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/kyc/documents/${encodeURIComponent(id)}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: OWN_KEY }),
  });
}

export type KycQuery = { status?: string; client?: string; q?: string; sort?: string; per_page?: number; cursor?: string };

/** GET /api/admin/kyc: the staff's queue across the clients they see. */
export function getKycFilesQueryOptions(query: KycQuery) {
  return queryOptions({
    queryKey: [...STAFF_KEY, 'list', query] as const,
    queryFn: ({ signal }) => api.get<KycList>('/admin/kyc', { params: query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/kyc/{client}. */
export function getKycFileQueryOptions(slug: string) {
  return queryOptions({
    queryKey: [...STAFF_KEY, 'detail', slug] as const,
    queryFn: ({ signal }) => api.get<KycFile>(`/admin/kyc/${encodeURIComponent(slug)}`, { signal }),
  });
}

export function staffDocumentUrl(slug: string, id: string): string {
  return `${API_URL}/admin/kyc/${encodeURIComponent(slug)}/documents/${encodeURIComponent(id)}`;
}

export type KycAction = 'start-review' | 'approve' | 'reject' | 'review-date' | 'reopen';

/** POST /api/admin/kyc/{client}/start-review | approve | reject | review-date | reopen. */
export function useKycDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, action, body }: { slug: string; action: KycAction; body?: Record<string, unknown> }) =>
      api.post<KycFile>(`/admin/kyc/${encodeURIComponent(slug)}/${action}`, body ?? {}),
    onSuccess: (saved) => queryClient.setQueryData([...STAFF_KEY, 'detail', saved.client.slug], saved),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [...STAFF_KEY, 'list'] }),
  });
}
