"""Pure rules: the payout and refund transition tables (every pair), the bank-event chains."""

from __future__ import annotations

from itertools import pairwise, product

import pytest

from payouts.models import PayoutKind, PayoutStatus
from payouts.services import STATE_CHAINS, state_chain
from payouts.transitions import FUNDS_HELD, PAYOUT_TRANSITIONS, can_transition
from plugin_api import PayoutState
from refunds.models import RefundStatus
from refunds.transitions import REFUND_TRANSITIONS, can_transition_refund

P = PayoutStatus
# Written from the product's rules, not read from the table.
ALLOWED = {
    (P.WAITING, P.APPROVED), (P.WAITING, P.REJECTED), (P.WAITING, P.CANCELED),
    (P.APPROVED, P.PENDING), (P.APPROVED, P.CANCELED),
    (P.PENDING, P.CONFIRMED), (P.PENDING, P.CANCELED),
    (P.CONFIRMED, P.REVERSED), (P.CONFIRMED, P.PAID_TO_CLIENT),
    (P.PAID_TO_CLIENT, P.REVERSED),  # a wallet withdraw returned by the client's own bank
}  # fmt: skip
TERMINAL = {P.REJECTED, P.CANCELED, P.REVERSED}
R = RefundStatus
REFUND_ALLOWED = {(R.PENDING, R.CONFIRMED), (R.PENDING, R.FAILED)}


def test_the_payout_table_covers_every_status_of_the_spec() -> None:
    spec = {
        "waiting",
        "pending",
        "approved",
        "rejected",
        "confirmed",
        "canceled",
        "reversed",
        "paid_to_client",
    }
    assert set(PAYOUT_TRANSITIONS) == set(P.values) == spec


@pytest.mark.parametrize(("current", "target"), list(product(P.values, P.values)))
def test_every_pair_of_payout_statuses(current: str, target: str) -> None:
    assert can_transition(current, target) == ((current, target) in ALLOWED)


def test_terminal_statuses_lead_nowhere() -> None:
    assert {status for status, targets in PAYOUT_TRANSITIONS.items() if not targets} == TERMINAL


def test_funds_are_held_exactly_until_the_bank_settles_it() -> None:
    assert {P.WAITING, P.APPROVED, P.PENDING} == FUNDS_HELD


@pytest.mark.parametrize(("current", "target"), list(product(R.values, R.values)))
def test_every_pair_of_refund_statuses(current: str, target: str) -> None:
    assert set(REFUND_TRANSITIONS) == set(R.values)
    assert can_transition_refund(current, target) == ((current, target) in REFUND_ALLOWED)


@pytest.mark.parametrize("state", list(PayoutState))
def test_every_bank_state_is_a_chain_of_allowed_steps(state: PayoutState) -> None:
    chain = STATE_CHAINS[state]
    assert can_transition(P.APPROVED, chain[0])
    for before, after in pairwise(chain):
        assert can_transition(before, after)


@pytest.mark.parametrize("kind", list(PayoutKind))
@pytest.mark.parametrize("state", list(PayoutState))
def test_every_kinds_chain_is_made_of_allowed_steps(kind: PayoutKind, state: PayoutState) -> None:
    chain = state_chain(kind, state)
    assert chain is not None
    assert can_transition(P.APPROVED, chain[0])
    for before, after in pairwise(chain):
        assert can_transition(before, after)


def test_a_wallet_withdraw_the_bank_confirms_ends_paid_to_client_and_other_kinds_confirmed() -> None:
    assert state_chain(PayoutKind.WALLET, PayoutState.CONFIRMED) == (P.PENDING, P.CONFIRMED, P.PAID_TO_CLIENT)
    assert state_chain(PayoutKind.WALLET, PayoutState.REVERSED) == (
        P.PENDING, P.CONFIRMED, P.PAID_TO_CLIENT, P.REVERSED
    )  # fmt: skip
    assert state_chain(PayoutKind.WALLET, PayoutState.FAILED) == (P.CANCELED,)
    assert state_chain(PayoutKind.WALLET, PayoutState.PROCESSING) == (P.PENDING,)
    for kind in (PayoutKind.STANDARD, PayoutKind.MANUAL, PayoutKind.TRANSACTIONAL):
        for state in PayoutState:
            assert state_chain(kind, state) == STATE_CHAINS[state]
    assert state_chain(PayoutKind.WALLET, "no_such_state") is None


def test_every_provider_refund_state_maps_to_a_refund_status_and_the_ends_are_terminal() -> None:
    from plugin_api import RefundState
    from refunds.services import STATE_TO_STATUS

    assert set(STATE_TO_STATUS) == set(RefundState)
    assert set(STATE_TO_STATUS.values()) == set(R.values)
    terminal = {status for status, targets in REFUND_TRANSITIONS.items() if not targets}
    assert terminal == {R.CONFIRMED, R.FAILED}
