import { queryOptions } from '@tanstack/react-query';

import type { ApiKey } from '@/api/types';
import { api } from '@/lib/api-client';

export const API_KEYS_QUERY_KEY = ['api-keys'] as const;

/** GET /api/credentials/keys: this tenant's API keys (never their secrets), newest first. */
export function getApiKeys({ signal }: { signal?: AbortSignal } = {}): Promise<ApiKey[]> {
  return api.get<ApiKey[]>('/credentials/keys', { signal });
}

export function getApiKeysQueryOptions() {
  return queryOptions({ queryKey: API_KEYS_QUERY_KEY, queryFn: getApiKeys, staleTime: 30_000 });
}
