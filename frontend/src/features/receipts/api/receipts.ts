import { queryOptions } from '@tanstack/react-query';

import type { DepositReceipt, ReceiptVerification, SettlementReceipt } from '@/api/types';
import { api } from '@/lib/api-client';

/** Staff read a client's receipts under /api/admin/clients/{client}/...; a client its own. */
function receiptPath(kind: 'deposits' | 'settlements', id: string, client?: string) {
  const own = `/${kind}/${encodeURIComponent(id)}/receipt`;
  return client ? `/admin/clients/${encodeURIComponent(client)}${own}` : own;
}

/** GET /api/deposits/{id}/receipt (staff: /api/admin/clients/{client}/deposits/{id}/receipt): a paid
 * deposit's receipt (409 before it is paid, 404 not ours). */
export function getDepositReceiptQueryOptions(id: string, client?: string) {
  return queryOptions({
    queryKey: ['receipts', 'deposit', id, client ?? ''] as const,
    queryFn: ({ signal }) => api.get<DepositReceipt>(receiptPath('deposits', id, client), { signal }),
    retry: false,
  });
}

/** GET /api/settlements/{id}/receipt (staff: under /api/admin/clients/{client}): a settlement's receipt. */
export function getSettlementReceiptQueryOptions(id: string, client?: string) {
  return queryOptions({
    queryKey: ['receipts', 'settlement', id, client ?? ''] as const,
    queryFn: ({ signal }) => api.get<SettlementReceipt>(receiptPath('settlements', id, client), { signal }),
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
