"""The platform's roll-ups (every client summed per day and status, what staff who see every client read):
written with each client's own rows, never with another kind of tenant's, moved by a rebuild, recounted by
`rebuild_platform`; the answers across every client read from them equal the sum of the clients' own."""

from __future__ import annotations

import random
from datetime import date, timedelta

import pytest
from django.utils import timezone

from stats import rollups, services
from stats.models import PlatformRollup, Rollup
from tenants.models import Tenant, TenantKind
from tests.stats.helpers import assert_platform_matches, assert_rollups_match

pytestmark = pytest.mark.django_db


def platform_row(day: date, status: str) -> tuple[int, int, int]:
    row = PlatformRollup.objects.filter(kind="deposit", currency="BRL", day=day, status=status).first()
    return (row.count, row.amount, row.fee) if row else (0, 0, 0)


def test_a_clients_change_moves_the_platforms_rows_and_another_tenants_does_not() -> None:
    assert_platform_matches()  # as the demo left it
    acme = Tenant.objects.get(slug="acme")
    partner = Tenant.objects.filter(kind=TenantKind.PARTNER).first()
    assert partner is not None
    day = timezone.localdate() - timedelta(days=3)
    before = platform_row(day, "waiting"), platform_row(day, "confirmed")
    rollups.upsert([(acme.pk, "deposit", "BRL", day, "pix", "waiting", 2, 3_000, 10)])
    rollups.upsert([
        (acme.pk, "deposit", "BRL", day, "pix", "confirmed", 1, 1_000, 7),
        (acme.pk, "deposit", "BRL", day, "pix", "waiting", -1, -1_000, -5),
    ])  # fmt: skip
    rollups.upsert([(partner.pk, "deposit", "BRL", day, "pix", "waiting", 5, 9_000, 0)])  # not a client
    waiting, confirmed = before
    assert platform_row(day, "waiting") == (waiting[0] + 1, waiting[1] + 2_000, waiting[2] + 5)
    assert platform_row(day, "confirmed") == (confirmed[0] + 1, confirmed[1] + 1_000, confirmed[2] + 7)
    Rollup.objects.filter(tenant=partner).delete()
    assert_platform_matches()


def test_a_rebuild_moves_the_platforms_rows_by_what_it_changed() -> None:
    acme = Tenant.objects.get(slug="acme")
    assert_platform_matches()
    # acme's rows drift (written past the one writer): the platform's still hold what was counted
    Rollup.objects.filter(tenant=acme).update(count=999)
    Rollup.objects.create(tenant=acme, kind="deposit", currency="BRL", day="2001-01-01", method="pix",
                          status="waiting", count=5, amount=500, fee=0)  # fmt: skip
    rollups.rebuild_platform()
    assert_platform_matches()
    rollups.rebuild(acme)  # acme's rows recounted from its records, the platform's moved as much
    assert_rollups_match(acme)
    assert not PlatformRollup.objects.filter(day="2001-01-01").exclude(count=0).exists()


def test_every_clients_answers_equal_the_sum_of_the_clients_own() -> None:
    """For any period, the summary and the series across every client (the platform's rows) answer what
    the clients' own rows (daily and monthly) answer for all of them."""
    rng = random.Random(7)
    today = timezone.localdate()
    clients = list(Tenant.objects.filter(kind=TenantKind.CLIENT).order_by("pk")[:3])
    assert len(clients) >= 2
    for _ in range(200):
        day = today - timedelta(days=rng.randrange(0, 500))
        kind, currency = rng.choice(["deposit", "payout"]), rng.choice(["BRL", "USD"])
        status = rng.choice(["waiting", "confirmed", "canceled"])
        figures = (1, rng.randrange(100, 10_000), rng.randrange(0, 100))
        method = rng.choice(["pix", "billet"])
        rollups.upsert([(rng.choice(clients).pk, kind, currency, day, method, status, *figures)])
    assert_platform_matches()
    every = Tenant.objects.filter(kind=TenantKind.CLIENT)
    for n in range(25):
        start = today - timedelta(days=rng.randrange(0, 500))
        if n % 3 == 0:
            start = start.replace(day=1)
        period = services.Period(start, min(today, start + timedelta(days=rng.randrange(0, 366))))
        currency = rng.choice(["BRL", "USD"])
        fast = services.summary(every, currency, period, every_client=True)
        assert fast == services.summary(every, currency, period), period
        for interval in ("day", "month"):
            fast = services.series(every, currency, period, interval, every_client=True)
            assert fast == services.series(every, currency, period, interval), (period, interval)
