"""The monthly series reads whole months from the monthly roll-ups and the cut months at either end from
the daily ones: for any period, each month's point equals the sum of that month's daily points."""

from __future__ import annotations

import random
from datetime import date, timedelta

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from stats import rollups, services
from stats.models import Rollup
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
