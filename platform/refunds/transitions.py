"""The refund status transition table: data, tested exhaustively (tests/payouts/test_rules.py).

Refunds: pending -> confirmed | failed (what the provider reports); confirmed and failed are terminal,
so a late or repeated provider event never moves a refund again (`refunds.services.apply_refund_state`).
"""

from __future__ import annotations

from refunds.models import RefundStatus as R

REFUND_TRANSITIONS: dict[str, frozenset[str]] = {
    R.PENDING: frozenset({R.CONFIRMED, R.FAILED}),
    R.CONFIRMED: frozenset(),
    R.FAILED: frozenset(),
}


def can_transition_refund(current: str, target: str) -> bool:
    return target in REFUND_TRANSITIONS.get(current, frozenset())
