"""The roll-ups stay exact: random sequences of money changes through the real services, every roll-up
compared with a recount of the source rows after each sequence."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django_tenants.utils import schema_context
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bank_accounts.models import BankAccount, OwnerKind
from core.errors import AppError
from payments import services as payments
from payments.models import Deposit, DepositStatus
from payouts import services as payouts
from payouts.models import Payout, PayoutStatus
from refunds import services as refunds
from refunds.models import RefundStatus
from stats import rollups
from stats.models import Rollup
from tenants.models import Tenant
from tests.payouts.helpers import fund
from tests.stats.helpers import assert_rollups_match, new_deposit, owner

pytestmark = pytest.mark.django_db

OPS = (
    "create", "pending", "confirm", "confirm_paid_less", "cancel", "expire", "settle", "refund_full",
    "refund_part", "payout", "approve", "reject", "cancel_payout", "submit", "pay", "reversal",
)  # fmt: skip
METHODS = ("pix", "billet", "wire", "card")  # card in BRL or USD


class World:
    """A client (acme, in the test's transaction) and the records the sequence made."""

    def __init__(self) -> None:
        self.tenant = Tenant.objects.get(slug="acme")
        self.member = owner(self.tenant)
        self.admin = self.member  # reject needs a reason only; approval needs another person
        self.deposits: list[int] = []
        self.payouts: list[int] = []
        self.refused: list[tuple[str, int, str]] = []  # moves the services refused (for diagnostics)
        with schema_context(self.tenant.schema_name):
            self.account = (
                BankAccount.objects.filter(owner_kind=OwnerKind.COMPANY, is_active=True)
                .order_by("pk")
                .values_list("public_id", flat=True)[0]
            )

    def deposit(self, n: int) -> Deposit | None:
        return Deposit.objects.get(pk=self.deposits[n % len(self.deposits)]) if self.deposits else None

    def payout(self, n: int) -> Payout | None:
        return Payout.objects.get(pk=self.payouts[n % len(self.payouts)]) if self.payouts else None

    def run(self, op: str, n: int) -> None:
        move_deposit = self.move_deposit
        actions: dict[str, Callable[[], Any]] = {
            "create": lambda: self.deposits.append(
                new_deposit(
                    self.member, METHODS[n % 4], 1_000 + n * 7_919 % 50_000, "USD" if n % 8 == 7 else "BRL"
                ).pk
            ),
            "pending": lambda: move_deposit(n, DepositStatus.PENDING),
            "confirm": lambda: move_deposit(n, DepositStatus.CONFIRMED),
            "confirm_paid_less": lambda: move_deposit(n, DepositStatus.CONFIRMED, paid_amount=50 + n % 40),
            "cancel": lambda: move_deposit(n, DepositStatus.CANCELED),
            "expire": lambda: move_deposit(n, DepositStatus.EXPIRED),
            "settle": lambda: move_deposit(n, DepositStatus.PAID_TO_CLIENT),
            "refund_full": lambda: self.refund(n, full=True),
            "refund_part": lambda: self.refund(n, full=False),
            "payout": lambda: self.new_payout(n),
            "approve": lambda: self.move_payout(n, PayoutStatus.APPROVED),
            "reject": lambda: self.reject(n),
            "cancel_payout": lambda: self.move_payout(n, PayoutStatus.CANCELED),
            "submit": lambda: self.move_payout(n, PayoutStatus.PENDING),
            "pay": lambda: self.move_payout(n, PayoutStatus.CONFIRMED),
            "reversal": lambda: self.move_payout(n, PayoutStatus.REVERSED),
        }
        try:
            actions[op]()
        except AppError as exc:  # a move the tables refuse (or an input the services refuse) changes nothing
            self.refused.append((op, n, exc.code))

    def move_deposit(self, n: int, target: str, paid_amount: int | None = None) -> None:
        if deposit := self.deposit(n):
            payments.transition_deposit(deposit, target, source="provider", paid_amount=paid_amount)

    def refund(self, n: int, *, full: bool) -> None:
        deposit = self.deposit(n)
        if deposit is None:
            return
        left = (deposit.paid_amount or deposit.amount) - deposit.refunded_amount
        amount = left if full else max(1, left // 3)
        fund(self.tenant.slug, amount, deposit.currency)  # a settled deposit's refund comes out of available
        refund = refunds.create_refund(self.member, deposit, refunds.RefundInput(amount, "stats test"))
        refunds.transition_refund(refund, RefundStatus.CONFIRMED, source="provider")

    def new_payout(self, n: int) -> None:
        # Small payouts are approved at once (the client's threshold); large ones wait for review.
        amount = 100 + n % 20_000 if n % 2 == 0 else 5_000_000 + n % 1_000
        fund(self.tenant.slug, amount + 1_000)
        data = payouts.PayoutInput(amount=amount, currency="BRL", method="pix", bank_account_id=self.account)
        payout, _ = payouts.create_payout(self.member, data, idempotency_key=f"stats-{len(self.payouts)}-{n}")
        self.payouts.append(payout.pk)

    def move_payout(self, n: int, target: str) -> None:
        if payout := self.payout(n):
            payouts.transition_payout(payout, target, source="provider")

    def reject(self, n: int) -> None:
        if payout := self.payout(n):
            payouts.reject_payout(self.admin, payout, "stats test")


STEPS = st.lists(st.tuples(st.sampled_from(OPS), st.integers(0, 1_000_000)), min_size=1, max_size=30)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=STEPS)
def test_every_rollup_equals_a_recount_after_any_sequence_of_changes(steps: list[tuple[str, int]]) -> None:
    with schema_context("acme"):
        world = World()
        for op, n in steps:
            world.run(op, n)
    assert_rollups_match(world.tenant)


def test_a_sequence_reaches_every_status_and_the_rollups_follow() -> None:
    """The moves of the property test do what they say (none is silently refused every time)."""
    with schema_context("acme"):
        world = World()
        for n in range(8):
            world.run("create", n)
        sequence = [("pending", 0), ("confirm", 0), ("settle", 0), ("refund_full", 0), ("cancel", 1),
                    ("expire", 2), ("confirm_paid_less", 3), ("refund_part", 3), ("confirm", 4),
                    ("payout", 1), ("reject", 0), ("payout", 3), ("cancel_payout", 1), ("payout", 2),
                    ("approve", 2), ("submit", 2), ("pay", 2), ("reversal", 2)]  # fmt: skip
        for op, n in sequence:
            world.run(op, n)
        deposits = list(Deposit.objects.filter(pk__in=world.deposits).order_by("pk"))
        payout_rows = list(Payout.objects.filter(pk__in=world.payouts).order_by("pk"))
    assert {d.currency for d in deposits} == {"BRL", "USD"}
    assert [d.status for d in deposits[:5]] == ["refunded", "canceled", "expired", "confirmed", "confirmed"]
    assert deposits[3].refunded_amount > 0
    assert [p.status for p in payout_rows] == ["rejected", "canceled", "reversed"]
    assert_rollups_match(world.tenant)


def test_a_change_moves_its_count_amount_and_fee_to_the_new_status_of_its_creation_day() -> None:
    tenant = Tenant.objects.get(slug="acme")
    with schema_context("acme"):
        deposit = new_deposit(owner(tenant), "pix", 12_345)
        day = rollups.sao_paulo_day(deposit.created_at)

        def bucket(status: str) -> tuple[int, int, int]:
            row = Rollup.objects.filter(
                tenant=tenant, kind="deposit", currency="BRL", day=day, method="pix", status=status
            ).first()
            return (row.count, row.amount, row.fee) if row else (0, 0, 0)

        waiting = bucket("waiting")
        confirmed = bucket("confirmed")
        deposit = payments.transition_deposit(deposit, DepositStatus.CONFIRMED, source="provider")
        assert deposit.fee > 0
        assert bucket("waiting") == (waiting[0] - 1, waiting[1] - 12_345, waiting[2])
        assert bucket("confirmed") == (confirmed[0] + 1, confirmed[1] + 12_345, confirmed[2] + deposit.fee)


def test_a_change_the_ledger_refuses_leaves_the_rollups_as_they_were() -> None:
    tenant = Tenant.objects.get(slug="acme")
    with schema_context("acme"):
        before = rollups.stored(tenant)
        data = payouts.PayoutInput(
            amount=10**12, currency="BRL", method="pix", bank_account_id=World().account
        )
        with pytest.raises(AppError):
            payouts.create_payout(owner(tenant), data, idempotency_key="stats-too-much")
    assert rollups.stored(tenant) == before


def test_rebuild_restores_rollups_that_drifted() -> None:
    tenant = Tenant.objects.get(slug="acme")
    Rollup.objects.filter(tenant=tenant).update(count=999)
    Rollup.objects.create(
        tenant=tenant,
        kind="deposit",
        currency="BRL",
        day="2001-01-01",
        method="pix",
        status="waiting",
        count=5,
    )
    # a drift of the one writer's is in the platform's rows too (written in the same statement)
    rollups.rebuild_platform()
    rollups.rebuild(tenant)
    assert_rollups_match(tenant)


def test_the_status_lists_of_the_api_are_the_models_statuses() -> None:
    from stats.services import DEPOSIT_STATUSES, PAYOUT_STATUSES

    assert set(DEPOSIT_STATUSES) == set(DepositStatus.values)
    assert set(PAYOUT_STATUSES) == set(PayoutStatus.values)


def test_a_records_day_is_its_sao_paulo_day_at_the_midnight_boundary() -> None:
    from datetime import UTC, date, datetime

    # São Paulo is UTC-3 (no daylight saving time since 2019): 02:59:59 UTC is still the day before.
    assert rollups.sao_paulo_day(datetime(2026, 11, 21, 2, 59, 59, 999999, tzinfo=UTC)) == date(2026, 11, 20)
    assert rollups.sao_paulo_day(datetime(2026, 11, 21, 3, 0, tzinfo=UTC)) == date(2026, 11, 21)


def test_the_rebuild_command_recounts_a_tenant_and_refuses_an_unknown_one() -> None:
    from io import StringIO

    from django.core.management import CommandError, call_command

    tenant = Tenant.objects.get(slug="acme")
    Rollup.objects.filter(tenant=tenant).update(count=7)
    out = StringIO()
    call_command("rebuild_stats", "acme", stdout=out)
    assert out.getvalue().startswith("acme: ")
    assert_rollups_match(tenant)
    with pytest.raises(CommandError):
        call_command("rebuild_stats", "no-such-tenant")
