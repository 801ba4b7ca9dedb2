import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiKey } from '@/api/types';
import { api } from '@/lib/api-client';

import { API_KEYS_QUERY_KEY } from './get-api-keys';

/** POST /api/credentials/keys/{id}/revoke: at once and for good. */
export function revokeApiKey(id: string): Promise<ApiKey> {
  return api.post<ApiKey>(`/credentials/keys/${encodeURIComponent(id)}/revoke`);
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}
