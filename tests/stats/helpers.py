"""Helpers of the statistics tests: records made through the real services, roll-ups against a recount."""

from __future__ import annotations

from datetime import timedelta

from django.db.models import Sum
from django.utils import timezone
from django_tenants.utils import schema_context

from accounts.models import Membership
from ops.demo_money import PAYERS
from payments import services as payments
from payments.models import Deposit
from stats import rollups
from stats.models import PlatformRollup, Rollup
from tenants.models import Tenant, TenantKind


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
    # and every month's row is the sum of its days
    with schema_context("public"):
        monthly = rollups.stored_monthly(tenant)
    assert monthly == rollups.by_month(recount), {"monthly": monthly, "recount": recount}
    assert_platform_matches()


def assert_platform_matches() -> None:
    """The platform's rows equal every client's daily rows summed per kind, currency, day and status (and
    nothing of a tenant that is not a client)."""
    with schema_context("public"):
        stored = {
            (r.kind, r.currency, r.day, r.status): (r.count, r.amount, r.fee)
            for r in PlatformRollup.objects.order_by()
            if r.count or r.amount or r.fee
        }
        rows = (
            Rollup.objects.filter(tenant__kind=TenantKind.CLIENT)
            .order_by()
            .values_list("kind", "currency", "day", "status")
            .annotate(n=Sum("count"), total=Sum("amount"), fees=Sum("fee"))
        )
        summed = {(k, c, d, s): (n, a, f) for k, c, d, s, n, a, f in rows if n or a or f}
    assert stored == summed, {"platform": stored, "clients summed": summed}
