import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import type { MedCaseDetail, MedCaseList, MedEvidence } from '@/api/types';
import { API_URL, api } from '@/lib/api-client';

export type MedQuery = { status?: string; client?: string; urgency?: string; q?: string; sort?: string; per_page?: number; cursor?: string };

/** GET /api/med-cases: the desk's queue (overdue first, then by deadline; closed cases last). */
export function getMedCasesQueryOptions(query: MedQuery) {
  return queryOptions({
    queryKey: ['med-cases', 'list', query] as const,
    queryFn: ({ signal }) => api.get<MedCaseList>('/med-cases', { params: query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** GET /api/med-cases/{id}: one case with its traced hops and refund parts. */
export function getMedCaseQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['med-cases', 'detail', id] as const,
    queryFn: ({ signal }) => api.get<MedCaseDetail>(`/med-cases/${encodeURIComponent(id)}`, { signal }),
  });
}

export type MedDecision = { id: string; decision: 'accept' | 'reject'; justification: string; evidence_note: string };

/** POST /api/med-cases/{id}/accept | reject. */
export function useMedDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, justification, evidence_note }: MedDecision) =>
      api.post<MedCaseDetail>(`/med-cases/${encodeURIComponent(id)}/${decision}`, { justification, evidence_note }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['med-cases'] }),
  });
}

/** POST /api/med-cases/{id}/evidence (multipart `file`): PDF, PNG or JPEG, judged by content. */
export function useAttachEvidence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return api.post<MedEvidence>(`/med-cases/${encodeURIComponent(id)}/evidence`, body);
    },
    onSettled: (_data, _error, { id }) => void queryClient.invalidateQueries({ queryKey: ['med-cases', 'detail', id] }),
  });
}

/** The address of an evidence file (a plain download: the session cookie goes with it). */
export function evidenceUrl(caseId: string, evidenceId: string): string {
  return `${API_URL}/med-cases/${encodeURIComponent(caseId)}/evidence/${encodeURIComponent(evidenceId)}`;
}
