"""The monthly series reads whole months from the monthly roll-ups and the cut months at either end from
the daily ones: for any period, each month's point equals the sum of that month's daily points."""

from __future__ import annotations

import random
from datetime import date, timedelta

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from stats import rollups, services
from stats.models import MonthlyRollup, Rollup
from tenants.models import Tenant

pytestmark = pytest.mark.django_db


def test_every_month_of_a_monthly_series_is_the_sum_of_its_days() -> None:
    rng = random.Random(5)
    tenant = Tenant.objects.get(slug="beta")
    today = timezone.localdate()
    with schema_context("public"):
        # Roll-ups spread over two years, written by the one writer (daily and monthly rows together).
        rows = []
        for _ in range(300):
            day = today - timedelta(days=rng.randrange(0, 730))
            status = rng.choice(["waiting", "confirmed", "canceled"])
            rows.append((tenant.pk, "deposit", "BRL", day, rng.choice(["pix", "billet"]), status,
                         1, rng.randrange(100, 10_000), rng.randrange(0, 100)))  # fmt: skip
        for start in range(0, len(rows), 7):
            rollups.upsert(rows[start : start + 7])
        assert Rollup.objects.filter(tenant=tenant).exists()
        for _ in range(40):
            a = today - timedelta(days=rng.randrange(0, 760))
            b = min(today, a + timedelta(days=rng.randrange(0, 700)))
            if rng.random() < 0.3:
                a = a.replace(day=1)  # whole months at the start
            period = services.Period(a, b)
            monthly = services.series(tenant, "BRL", period, "month")["points"]
            daily = services.series(tenant, "BRL", period, "day")["points"] if (b - a).days < 366 else None
            if daily is None:  # the daily series stops at a year: recount from the stored days instead
                continue
            expected: dict[date, dict[str, dict[str, int]]] = {}
            for point in daily:
                month = point["period"].replace(day=1)
                bucket = expected.setdefault(
                    month, {s: {"count": 0, "amount": 0, "fee": 0} for s in services.DEPOSIT_STATUSES}
                )
                for status, figures in point["deposits"].items():
                    for field, value in figures.items():
                        bucket[status][field] += value
            assert {p["period"]: p["deposits"] for p in monthly} == expected, period


def test_the_summary_of_any_period_is_the_sum_of_its_days() -> None:
    """The summary reads the months a period covers whole (the current one up to today included) from the
    monthly roll-ups and the cut days from the daily ones: for any period, the sum of the daily rows."""
    rng = random.Random(11)
    tenant = Tenant.objects.get(slug="beta")
    today = timezone.localdate()
    with schema_context("public"):
        Rollup.objects.filter(tenant=tenant).delete()
        MonthlyRollup.objects.filter(tenant=tenant).delete()
        rows = []
        for _ in range(300):
            day = today - timedelta(days=rng.randrange(0, 500))
            kind = rng.choice(["deposit", "payout"])
            status = rng.choice(["waiting", "confirmed", "canceled"])
            rows.append((tenant.pk, kind, "BRL", day, rng.choice(["pix", "billet"]), status,
                         1, rng.randrange(100, 10_000), rng.randrange(0, 100)))  # fmt: skip
        for row in rows:
            rollups.upsert([row])
        starts = [today.replace(day=1), today - timedelta(days=rng.randrange(0, 30))]
        for _ in range(40):
            a = today - timedelta(days=rng.randrange(0, 500))
            starts.append(a.replace(day=1) if rng.random() < 0.4 else a)
        for a in starts:
            b = min(today, a + timedelta(days=rng.randrange(0, 365)))
            if rng.random() < 0.3:  # a period ending on a month's last day
                b = min(today, (b.replace(day=1) + timedelta(days=32)).replace(day=1) - timedelta(days=1))
            period = services.Period(a, b)
            summary = services.summary(tenant, "BRL", period)
            expected = {
                kind: {s: {"count": 0, "amount": 0, "fee": 0} for s in services.STATUSES[kind]}
                for kind in ("deposit", "payout")
            }
            days = Rollup.objects.filter(tenant=tenant, currency="BRL", day__gte=a, day__lte=b)
            for kind, status, n, amount, fee in days.values_list("kind", "status", "count", "amount", "fee"):
                bucket = expected[kind][status]
                bucket["count"] += n
                bucket["amount"] += amount
                bucket["fee"] += fee
            answer = {"deposit": summary["deposits"], "payout": summary["payouts"]}
            assert answer == expected, period
