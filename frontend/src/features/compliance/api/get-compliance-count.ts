import { queryOptions } from '@tanstack/react-query';

import type { ComplianceCount } from '@/api/types';
import { COMPLIANCE_POLL_INTERVAL_MS } from '@/config/constants';
import { api } from '@/lib/api-client';

/** GET /api/payouts/compliance/count: withdrawals waiting for KYC review (admins only). */
export function getComplianceCount({ signal }: { signal?: AbortSignal } = {}): Promise<ComplianceCount> {
  return api.get<ComplianceCount>('/payouts/compliance/count', { signal });
}

/** Polled on mount and every 10 s (spec §7, §9); failures are only logged. */
export function getComplianceCountQueryOptions() {
  return queryOptions({
    queryKey: ['payouts', 'compliance', 'count'] as const,
    queryFn: getComplianceCount,
    refetchInterval: COMPLIANCE_POLL_INTERVAL_MS,
    refetchIntervalInBackground: true,
    retry: false,
    staleTime: 0,
  });
}
