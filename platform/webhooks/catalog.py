"""The event types a merchant can subscribe to: `{kind}.{topic}` as `payments.records.record_change`
writes them (a creation, or the status a deposit, payout or refund moved to)."""

from __future__ import annotations

EVENT_TYPES: tuple[str, ...] = (
    "deposit.created",
    "deposit.pending",
    "deposit.confirmed",
    "deposit.expired",
    "deposit.canceled",
    "deposit.paid_to_client",
    "deposit.refunded",
    "payout.created",
    "payout.approved",
    "payout.pending",
    "payout.confirmed",
    "payout.rejected",
    "payout.canceled",
    "payout.reversed",
    "payout.paid_to_client",
    "refund.created",
    "refund.confirmed",
    "refund.failed",
)
KNOWN = frozenset(EVENT_TYPES)
