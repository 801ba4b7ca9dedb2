"""Pure rules: the transition table (exhaustively), fee rounding, settlement dates."""

from __future__ import annotations

from itertools import product

import pytest

from payments.fees import Rate, compute_fee
from payments.models import DepositStatus
from payments.transitions import DEPOSIT_TRANSITIONS, can_transition

S = DepositStatus
# Written from the product's rules, not read from the table.
ALLOWED = {
    (S.WAITING, S.PENDING), (S.WAITING, S.CONFIRMED), (S.WAITING, S.CANCELED), (S.WAITING, S.EXPIRED),
    (S.PENDING, S.CONFIRMED), (S.PENDING, S.CANCELED), (S.PENDING, S.EXPIRED),
    (S.EXPIRED, S.CONFIRMED),
    (S.CONFIRMED, S.PAID_TO_CLIENT), (S.CONFIRMED, S.REFUNDED),
    (S.PAID_TO_CLIENT, S.REFUNDED),
}  # fmt: skip


def test_the_table_covers_every_status() -> None:
    assert set(DEPOSIT_TRANSITIONS) == set(S.values)


@pytest.mark.parametrize(("current", "target"), list(product(S.values, S.values)))
def test_every_pair_of_statuses(current: str, target: str) -> None:
    assert can_transition(current, target) == ((current, target) in ALLOWED)


@pytest.mark.parametrize(
    ("amount", "bp", "fixed", "fee"),
    [
        (10_000, 199, 0, 199),  # 1.99 % of R$ 100,00
        (12_345, 199, 0, 246),  # 245.6655 -> 246 (half up)
        (12_513, 200, 0, 250),  # 250.26 -> 250
        (25, 200, 0, 1),  # 0.5 -> 1 (half up, not to even)
        (24, 200, 0, 0),  # 0.48 -> 0
        (10_000, 150, 35, 185),  # percentage then fixed
        (100, 0, 350, 100),  # never above the amount
        (0, 199, 35, 0),
    ],
)
def test_fee_rounding_rule(amount: int, bp: int, fixed: int, fee: int) -> None:
    assert compute_fee(amount, Rate(bp, fixed)) == fee


def test_fee_never_negative_and_never_above_amount_over_many_values() -> None:
    for amount in range(0, 5000, 7):
        for bp in (0, 1, 99, 250, 10_000):
            fee = compute_fee(amount, Rate(bp, 30))
            assert 0 <= fee <= amount


def test_the_api_status_literal_matches_the_model() -> None:
    from typing import get_args

    from payments.schemas import StatusLiteral

    assert set(get_args(StatusLiteral)) == set(S.values)
