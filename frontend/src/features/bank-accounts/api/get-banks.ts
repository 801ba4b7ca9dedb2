import { queryOptions } from '@tanstack/react-query';

import type { Bank } from '@/api/types';
import { api } from '@/lib/api-client';

/** GET /api/banks: payment-system participants (COMPE and ISPB). */
export function getBanks({ signal }: { signal?: AbortSignal } = {}): Promise<Bank[]> {
  return api.get<Bank[]>('/banks', { signal });
}

export function getBanksQueryOptions() {
  return queryOptions({ queryKey: ['banks'] as const, queryFn: getBanks, staleTime: Infinity });
}
