import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import type { DirectDepositList, PixKey, PixKeyInput, PixKeyList, StaffDirectDepositList } from '@/api/types';
import { api } from '@/lib/api-client';

export type DirectDepositQuery = {
  status?: string;
  key?: string;
  client?: string;
  q?: string;
  date_from?: string;
  date_to?: string;
  sort?: string;
  per_page?: number;
  cursor?: string;
};

/** GET /api/pix-keys: the client's PIX keys (at most `limit`). */
export function getPixKeysQueryOptions() {
  return queryOptions({
    queryKey: ['pix-keys'] as const,
    queryFn: ({ signal }) => api.get<PixKeyList>('/pix-keys', { signal }),
  });
}

/** POST /api/pix-keys: register a key (an empty random key is drawn by the server). */
export function useAddPixKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PixKeyInput) => api.post<PixKey>('/pix-keys', body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['pix-keys'] }),
  });
}

/** DELETE /api/pix-keys/{id}. */
export function useRemovePixKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/pix-keys/${encodeURIComponent(id)}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['pix-keys'] }),
  });
}

/** GET /api/direct-deposits: money received on the client's keys. */
export function getDirectDepositsQueryOptions(query: DirectDepositQuery) {
  return queryOptions({
    queryKey: ['direct-deposits', 'client', query] as const,
    queryFn: ({ signal }) => api.get<DirectDepositList>('/direct-deposits', { params: query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}

/** GET /api/admin/direct-deposits: direct deposits of every client in the staff member's scope. */
export function getStaffDirectDepositsQueryOptions(query: DirectDepositQuery) {
  return queryOptions({
    queryKey: ['direct-deposits', 'staff', query] as const,
    queryFn: ({ signal }) => api.get<StaffDirectDepositList>('/admin/direct-deposits', { params: query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}
