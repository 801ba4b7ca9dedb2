import { queryOptions } from '@tanstack/react-query';

import type { DepositReceipt, ReceiptVerification, SettlementReceipt } from '@/api/types';
import { api } from '@/lib/api-client';

/** GET /api/deposits/{id}/receipt: a paid deposit's receipt (409 before it is paid, 404 not ours). */
export function getDepositReceiptQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['receipts', 'deposit', id] as const,
    queryFn: ({ signal }) => api.get<DepositReceipt>(`/deposits/${encodeURIComponent(id)}/receipt`, { signal }),
    retry: false,
  });
}

/** GET /api/settlements/{id}/receipt: a settlement's receipt with its payments. */
export function getSettlementReceiptQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['receipts', 'settlement', id] as const,
    queryFn: ({ signal }) => api.get<SettlementReceipt>(`/settlements/${encodeURIComponent(id)}/receipt`, { signal }),
    retry: false,
  });
}

/** GET /api/receipts/verify?code=: whether a receipt's code is genuine (public, throttled: 429). */
export function getReceiptVerificationQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['receipts', 'verify', code] as const,
    queryFn: ({ signal }) => api.get<ReceiptVerification>('/receipts/verify', { params: { code }, signal }),
    retry: false,
  });
}
