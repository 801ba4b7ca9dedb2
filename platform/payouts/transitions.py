"""Payout and refund status transition tables: data, tested exhaustively (tests/payouts/test_rules.py).

Payouts: waiting -> approved | rejected | canceled; approved -> pending | canceled; pending ->
confirmed | canceled; confirmed -> reversed | paid_to_client; rejected, canceled, reversed and
paid_to_client are terminal. `paid_to_client` on a payout means the beneficiary's credit was
acknowledged; nothing reaches it automatically (only an explicit staff action would, and none exists
yet), so the normal end of a payout is `confirmed`.
"""

from __future__ import annotations

from payouts.models import PayoutStatus as P
from payouts.models import RefundStatus as R

PAYOUT_TRANSITIONS: dict[str, frozenset[str]] = {
    P.WAITING: frozenset({P.APPROVED, P.REJECTED, P.CANCELED}),
    P.APPROVED: frozenset({P.PENDING, P.CANCELED}),
    P.PENDING: frozenset({P.CONFIRMED, P.CANCELED}),
    P.CONFIRMED: frozenset({P.REVERSED, P.PAID_TO_CLIENT}),
    P.REJECTED: frozenset(),
    P.CANCELED: frozenset(),
    P.REVERSED: frozenset(),
    P.PAID_TO_CLIENT: frozenset(),
}

# Statuses in which the payout's amount is still reserved (tenant HELD).
FUNDS_HELD = frozenset({P.WAITING, P.APPROVED, P.PENDING})

REFUND_TRANSITIONS: dict[str, frozenset[str]] = {
    R.PENDING: frozenset({R.CONFIRMED, R.FAILED}),
    R.CONFIRMED: frozenset(),
    R.FAILED: frozenset(),
}


def can_transition(current: str, target: str) -> bool:
    return target in PAYOUT_TRANSITIONS.get(current, frozenset())


def can_transition_refund(current: str, target: str) -> bool:
    return target in REFUND_TRANSITIONS.get(current, frozenset())
