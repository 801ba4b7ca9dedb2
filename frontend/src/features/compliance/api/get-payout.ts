import { queryOptions } from '@tanstack/react-query';

import type { PayoutDetail } from '@/api/types';
import { api } from '@/lib/api-client';

/** GET /api/payouts/{id}: where a payout under review goes (bank and account, or PIX key). */
export function getReviewedPayoutQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['payouts', 'detail', id] as const,
    queryFn: ({ signal }) => api.get<PayoutDetail>(`/payouts/${encodeURIComponent(id)}`, { signal }),
  });
}
