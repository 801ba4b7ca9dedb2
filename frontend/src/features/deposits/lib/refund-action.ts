import type { ComponentType } from 'react';

/** The deposit a refund starts from: what the refund form needs to open prefilled. */
export type RefundTarget = { id: string; amount: number; refunded_amount: number; currency: string; status: string };

/**
 * The refund dialog, handed in by the app (features do not import each other): the refunds feature
 * owns the form, the deposits screen offers "Refund" on its rows and its drawer.
 */
export type RefundDialogComponent = ComponentType<{ deposit: RefundTarget; onClose: () => void }>;

const REFUNDABLE = new Set(['confirmed', 'paid_to_client']);

/** Paid (confirmed or passed on to the client) and not refunded in full: the backend's own rule. */
export function isRefundable(deposit: RefundTarget): boolean {
  return REFUNDABLE.has(deposit.status) && deposit.amount - deposit.refunded_amount > 0;
}
