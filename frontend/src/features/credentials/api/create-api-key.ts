import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiKeyCreated, ApiKeyIn } from '@/api/types';
import { api } from '@/lib/api-client';

import { API_KEYS_QUERY_KEY } from './get-api-keys';

/** POST /api/credentials/keys: the answer carries the token, the only time it is ever shown. */
export function createApiKey(body: ApiKeyIn): Promise<ApiKeyCreated> {
  return api.post<ApiKeyCreated>('/credentials/keys', body);
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}
