import type { StatsSummary, StatsTotals } from '@/api/types';

type Totals = Pick<StatsTotals, 'count' | 'amount' | 'fee'>;
const ZERO: Totals = { count: 0, amount: 0, fee: 0 };

function add(...parts: Totals[]): Totals {
  return parts.reduce((sum, part) => ({ count: sum.count + part.count, amount: sum.amount + part.amount, fee: sum.fee + part.fee }), ZERO);
}

/** A percentage (0–100, one decimal) or null when there is nothing to divide by. */
function ratio(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

/**
 * What people steer by, from one summary (every status of the API's answer, grouped as an operator reads them):
 * deposits generated, paid (confirmed or already settled to the client), open (waiting or pending),
 * lost (canceled or expired) and refunded; payouts paid, in flight and returned; fees of both; conversion rates.
 */
export function figures(summary: StatsSummary) {
  const d = summary.deposits;
  const p = summary.payouts;
  const paid = add(d.confirmed, d.paid_to_client);
  const generated = add(d.waiting, d.pending, d.confirmed, d.paid_to_client, d.canceled, d.expired, d.refunded);
  const payoutsPaid = add(p.confirmed, p.paid_to_client);
  const payoutsRequested = add(p.waiting, p.approved, p.pending, p.confirmed, p.paid_to_client, p.rejected, p.canceled, p.reversed);
  return {
    generated,
    paid,
    open: add(d.waiting, d.pending),
    lost: add(d.canceled, d.expired),
    refunded: d.refunded,
    payoutsPaid,
    payoutsInFlight: add(p.waiting, p.approved, p.pending),
    payoutsWaitingReview: p.waiting,
    payoutsReturned: add(p.rejected, p.canceled, p.reversed),
    payoutsRequested,
    /** Money that went through: deposits paid plus payouts paid. */
    transacted: paid.amount + payoutsPaid.amount,
    /** Fees charged on deposits paid (and later refunded) and on payouts paid. */
    fees: paid.fee + d.refunded.fee + payoutsPaid.fee,
    depositConversion: ratio(paid.count + d.refunded.count, generated.count),
    payoutConversion: ratio(payoutsPaid.count, payoutsRequested.count),
    balance: summary.balance,
    /** External credits and debits (staff adjustments, confirmed) created in the period. */
    externalCredits: summary.external.credits,
    externalDebits: summary.external.debits,
  };
}

export type Figures = ReturnType<typeof figures>;

/** The change from `before` to `now` in percent (one decimal), or null when there was nothing before. */
export function change(now: number, before: number): number | null {
  if (before === 0) return now === 0 ? 0 : null;
  return Math.round(((now - before) / Math.abs(before)) * 1000) / 10;
}
