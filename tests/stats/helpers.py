"""Helpers of the statistics tests: records made through the real services, roll-ups against a recount."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from django_tenants.utils import schema_context

from accounts.models import Membership
from ops.demo_money import PAYERS
from payments import services as payments
from payments.models import Deposit
from stats import rollups
from stats.models import MonthlyRollup
from tenants.models import Tenant


def owner(tenant: Tenant) -> Membership:
    return Membership.objects.select_related("tenant", "user").get(tenant=tenant, role="client")


def new_deposit(
    membership: Membership, method: str = "pix", amount: int = 10_000, currency: str = "BRL"
) -> Deposit:
    """A waiting deposit written by the service (no charge at the provider: the tests move it)."""
    data = payments.DepositInput(
        method=method, amount=amount, currency=currency, payer=PAYERS[amount % len(PAYERS)],
        description="stats",
        due_date=timezone.localdate() + timedelta(days=5) if method == "billet" else None,
        card_token="tok_stats" if method == "card" else "",
    )  # fmt: skip
    return payments.do_create_deposit(membership, payments.check_deposit(membership, data))


def assert_rollups_match(tenant: Tenant) -> None:
    """Every stored roll-up of the tenant equals the recount of its source rows (and none is missing)."""
    with schema_context("public"):
        stored = rollups.stored(tenant)
    recount = rollups.recount(tenant)
    assert stored == recount, {"stored": stored, "recount": recount}
    # the monthly roll-ups are the daily ones summed per month (zero rows left out)
    by_month: dict[tuple[str, str, object, str, str], list[int]] = {}
    for (kind, currency, day, method, status), values in stored.items():
        bucket = by_month.setdefault((kind, currency, day.replace(day=1), method, status), [0, 0, 0])
        for i, value in enumerate(values):
            bucket[i] += value
    months = {
        (r.kind, r.currency, r.month, r.method, r.status): [r.count, r.amount, r.fee]
        for r in MonthlyRollup.objects.filter(tenant=tenant).exclude(count=0, amount=0, fee=0)
    }
    assert months == {k: v for k, v in by_month.items() if any(v)}, {"monthly": months, "daily": by_month}
