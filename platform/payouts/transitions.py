"""The payout status transition table: data, tested exhaustively (tests/payouts/test_rules.py).

Payouts: waiting -> approved | rejected | canceled; approved -> pending | canceled; pending ->
confirmed | canceled; confirmed -> reversed | paid_to_client; paid_to_client -> reversed; rejected,
canceled and reversed are terminal. `paid_to_client` means the money reached the client itself: a
wallet withdraw (kind `wallet`, to the company's own bank account) goes confirmed -> paid_to_client
in the same step when the bank confirms it (`payouts.services.state_chain`), and a later return by
the client's bank still reverses it. Other payouts pay a third party and end `confirmed`.
"""

from __future__ import annotations

from payouts.models import PayoutStatus as P

PAYOUT_TRANSITIONS: dict[str, frozenset[str]] = {
    P.WAITING: frozenset({P.APPROVED, P.REJECTED, P.CANCELED}),
    P.APPROVED: frozenset({P.PENDING, P.CANCELED}),
    P.PENDING: frozenset({P.CONFIRMED, P.CANCELED}),
    P.CONFIRMED: frozenset({P.REVERSED, P.PAID_TO_CLIENT}),
    P.REJECTED: frozenset(),
    P.CANCELED: frozenset(),
    P.REVERSED: frozenset(),
    P.PAID_TO_CLIENT: frozenset({P.REVERSED}),  # a wallet withdraw returned by the client's bank
}

# Statuses in which the payout's amount is still reserved (tenant HELD).
FUNDS_HELD = frozenset({P.WAITING, P.APPROVED, P.PENDING})


def can_transition(current: str, target: str) -> bool:
    return target in PAYOUT_TRANSITIONS.get(current, frozenset())
