import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Payout } from '@/api/types';
import { api } from '@/lib/api-client';

export type ReviewVariables = { id: string; decision: 'approve' } | { id: string; decision: 'reject'; reason: string };

/** POST /api/payouts/{id}/approve or /reject (reject needs a reason; the creator cannot review). */
export function reviewPayout(variables: ReviewVariables): Promise<Payout> {
  const path = `/payouts/${encodeURIComponent(variables.id)}/${variables.decision}`;
  return variables.decision === 'approve' ? api.post<Payout>(path, { note: '' }) : api.post<Payout>(path, { reason: variables.reason });
}

/** After a review the queue and the menu badge count refresh at once. */
export function useReviewPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewPayout,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['payouts'] }),
  });
}
