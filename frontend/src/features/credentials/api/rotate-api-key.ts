import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiKeyRotated } from '@/api/types';
import { api } from '@/lib/api-client';

import { API_KEYS_QUERY_KEY } from './get-api-keys';

/** POST /api/credentials/keys/{id}/rotate: a new token (this answer only); the old one works for `overlapHours`. */
export function rotateApiKey({ id, overlapHours }: { id: string; overlapHours: number }): Promise<ApiKeyRotated> {
  return api.post<ApiKeyRotated>(`/credentials/keys/${encodeURIComponent(id)}/rotate`, { overlap_hours: overlapHours });
}

export function useRotateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateApiKey,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}
