"""The monthly roll-ups: written with the daily ones by the one writer, and `rollup_sums` (whole months
from them, part months from the daily rows) answers exactly what the daily rows say for any period."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.db.models import Sum
from django.utils import timezone

from stats import rollups
from stats.models import MonthlyRollup, Rollup
from stats.services import Period, rollup_sums
from tenants.models import Tenant
from tests.stats.helpers import assert_rollups_match

pytestmark = pytest.mark.django_db


def daily_sums(ids: list[int], currency: str, period: Period) -> dict[tuple[int, str, str], list[int]]:
    rows = (
        Rollup.objects.filter(
            tenant_id__in=ids, currency=currency, day__gte=period.start, day__lte=period.end
        )
        .order_by()
        .values_list("tenant_id", "kind", "status")
        .annotate(n=Sum("count"), total=Sum("amount"), fees=Sum("fee"))
    )
    return {(t, k, s): [n, a, f] for t, k, s, n, a, f in rows if n or a or f}


def summed(rows: list[tuple[int, str, str, int, int, int]]) -> dict[tuple[int, str, str], list[int]]:
    out: dict[tuple[int, str, str], list[int]] = {}
    for t, k, s, n, a, f in rows:
        bucket = out.setdefault((t, k, s), [0, 0, 0])
        bucket[0] += n
        bucket[1] += a
        bucket[2] += f
    return {key: value for key, value in out.items() if any(value)}


def test_rollup_sums_equal_the_daily_rows_for_any_period() -> None:
    acme, beta = Tenant.objects.get(slug="acme"), Tenant.objects.get(slug="beta")
    Rollup.objects.filter(tenant__in=[acme, beta]).delete()
    MonthlyRollup.objects.filter(tenant__in=[acme, beta]).delete()
    today = timezone.localdate()
    first = date(today.year - 1, 1, 1)
    rows = []
    for i in range(0, (today - first).days + 1, 3):
        day = first + timedelta(days=i)
        for tenant, status in ((acme, "confirmed"), (beta, "waiting"), (acme, "waiting")):
            rows.append((tenant.pk, "deposit", "BRL", day, "pix", status, 1, 100 + i, i % 7))
    rows.append((acme.pk, "payout", "BRL", today, "pix", "confirmed", 2, 5_000, 30))
    rows.append((acme.pk, "deposit", "USD", today, "card", "confirmed", 1, 700, 3))
    rows.sort(key=lambda r: (r[0], r[1], r[2], r[3], r[4], r[5]))
    for row in rows:
        rollups.upsert([row])
    rollups.upsert([(acme.pk, "deposit", "BRL", first, "pix", "confirmed", -1, -100, 0)])  # a move out
    ids = [acme.pk, beta.pk]
    month_start = today.replace(day=1)
    periods = [
        Period(month_start, today),  # this month (the home's default): monthly rows alone
        Period(first, today),
        Period(first + timedelta(days=10), today - timedelta(days=40)),
        Period(date(today.year - 1, 3, 1), date(today.year - 1, 5, 31)),  # whole months
        Period(date(today.year - 1, 3, 15), date(today.year - 1, 3, 20)),  # inside one month
        Period(date(today.year - 1, 2, 27), date(today.year - 1, 4, 2)),
    ]
    for period in periods:
        for currency in ("BRL", "USD"):
            assert summed(rollup_sums(ids, currency, period)) == daily_sums(ids, currency, period), period
        assert summed(rollup_sums([acme.pk], "BRL", period)) == daily_sums([acme.pk], "BRL", period), period
    # the monthly rows are few: one per tenant, month, kind, method and status
    assert MonthlyRollup.objects.filter(tenant=acme, currency="BRL", kind="deposit").count() <= 2 * 24
    # a rebuild writes them again from the daily rows (recounted from the source records)
    rollups.rebuild(beta)
    assert_rollups_match(beta)
