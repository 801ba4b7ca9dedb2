"""The deposit status transition table: data, tested exhaustively (tests/payments/test_transitions.py)."""

from __future__ import annotations

from payments.models import DepositStatus as S

DEPOSIT_TRANSITIONS: dict[str, frozenset[str]] = {
    S.WAITING: frozenset({S.PENDING, S.CONFIRMED, S.CANCELED, S.EXPIRED}),
    S.PENDING: frozenset({S.CONFIRMED, S.CANCELED, S.EXPIRED}),
    # A boleto paid after its due date is still credited: the bank's confirmation wins over our expiry.
    S.EXPIRED: frozenset({S.CONFIRMED}),
    S.CONFIRMED: frozenset({S.PAID_TO_CLIENT, S.REFUNDED}),
    S.PAID_TO_CLIENT: frozenset({S.REFUNDED}),
    S.CANCELED: frozenset(),
    S.REFUNDED: frozenset(),
}

# Statuses in which money is on the books (confirmed or later, refunds aside).
MONEY_IN = frozenset({S.CONFIRMED, S.PAID_TO_CLIENT, S.REFUNDED})


def can_transition(current: str, target: str) -> bool:
    return target in DEPOSIT_TRANSITIONS.get(current, frozenset())
