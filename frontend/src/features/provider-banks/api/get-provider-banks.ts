import { queryOptions } from '@tanstack/react-query';

import type { ProviderBank } from '@/api/types';
import { api } from '@/lib/api-client';

/** GET /api/company/provider-banks: who serves each method and payout for this client (read-only). */
export function getProviderBanksQueryOptions() {
  return queryOptions({
    queryKey: ['company', 'provider-banks'] as const,
    queryFn: ({ signal }) => api.get<ProviderBank[]>('/company/provider-banks', { signal }),
  });
}
