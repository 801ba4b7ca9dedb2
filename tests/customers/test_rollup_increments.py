"""The customer roll-up stays exact while record_change applies deposits' status changes as increments
(customers.rollup.refresh): random sequences of money changes through the real services, then every
payer's row compared with a recount from the transaction index (the recomputation `rebuild` does)."""

from __future__ import annotations

import copy

import pytest
from django_tenants.utils import schema_context
from hypothesis import HealthCheck, given, settings

from customers import rollup
from customers.models import Customer
from ops.demo_money import PAYERS
from payments import services as payments
from payments.models import DepositStatus
from tests.stats.helpers import new_deposit
from tests.stats.test_rollups import STEPS, World

pytestmark = pytest.mark.django_db

FIGURES = ("deposit_count", "deposit_total", "refund_count", "refund_total", "totals", "last_paid_at")


def assert_customers_match_a_recount(tenant_id: int) -> None:
    documents = {payer.document for payer in PAYERS}
    rows = list(Customer.objects.filter(document__in=documents))
    assert rows, "the sequence's payers are customers"
    for stored in rows:
        recount = copy.copy(stored)
        rollup._recompute(tenant_id, recount)
        assert {f: getattr(stored, f) for f in FIGURES} == {f: getattr(recount, f) for f in FIGURES}, (
            stored.document
        )


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=STEPS)
def test_every_payer_row_equals_a_recount_after_any_sequence_of_changes(steps: list[tuple[str, int]]) -> None:
    with schema_context("acme"):
        world = World()
        # a few deposits first (of several payers), so the moves have records to move
        for op, n in [*(("create", i) for i in range(4)), *steps]:
            world.run(op, n)
        assert_customers_match_a_recount(world.tenant.pk)


def test_a_change_that_starts_no_payment_writes_nothing_and_a_payment_adds_up() -> None:
    with schema_context("acme"):
        world = World()
        deposit = new_deposit(world.member, "pix", 12_345)
        document = deposit.payer_document
        before = Customer.objects.get(document=document)
        payments.transition_deposit(deposit, DepositStatus.PENDING, source="provider")
        assert Customer.objects.get(document=document).updated_at == before.updated_at  # nothing written
        payments.transition_deposit(deposit, DepositStatus.CONFIRMED, source="provider")
        after = Customer.objects.get(document=document)
        assert after.deposit_count == before.deposit_count + 1
        assert after.deposit_total == before.deposit_total + 12_345
        assert after.last_paid_at is not None
        assert after.last_paid_at >= deposit.created_at
        payments.transition_deposit(deposit, DepositStatus.PAID_TO_CLIENT, source="provider")
        settled = Customer.objects.get(document=document)
        assert (settled.deposit_count, settled.deposit_total) == (after.deposit_count, after.deposit_total)
        assert_customers_match_a_recount(world.tenant.pk)
