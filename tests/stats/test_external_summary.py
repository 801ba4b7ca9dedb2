"""The home's external credits and debits (GET /api/stats/summary `external`): confirmed adjustments
only, in the São Paulo days of the period, equal to a recount of the adjustments, within the asker's
scope (a client its own, staff every client or the one named)."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import Any

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from core.dates import day_end, day_start
from statements.models import Adjustment
from tests.payouts.helpers import fund
from tests.statements.test_statements_api import staff
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db


def recount(slugs: tuple[str, ...], currency: str, start: date, end: date) -> dict[str, dict[str, int]]:
    """Straight from the adjustments' rows, one by one."""
    answer = {"credits": {"count": 0, "amount": 0}, "debits": {"count": 0, "amount": 0}}
    with schema_context("public"):
        rows = Adjustment.objects.filter(tenant__slug__in=slugs, currency=currency, status="confirmed")
        for row in rows:
            if day_start(start) <= row.created_at < (day_end(end) or row.created_at):
                side = answer["credits" if row.direction == "credit" else "debits"]
                side["count"] += 1
                side["amount"] += row.amount
    return answer


def adjust(maker: ApiClient, checker: ApiClient, slug: str, direction: str, amount: int, **kw: Any) -> str:
    body = {"client": slug, "direction": direction, "amount": amount, "currency": kw.get("currency", "BRL"),
            "reason": "Ajuste de teste"}  # fmt: skip
    proposed = maker.post_json("/api/statements/adjustments", body)
    assert proposed.status_code == 201, proposed.content
    public_id: str = proposed.json()["id"]
    if kw.get("confirm", True):
        done = checker.post_json(f"/api/statements/adjustments/{public_id}/confirm")
        assert done.status_code == 200, done.content
    return public_id


def redate(public_id: str, moment: datetime) -> None:
    with schema_context("public"):
        Adjustment.objects.filter(public_id=public_id).update(created_at=moment)


def summary(who: ApiClient, **params: Any) -> Any:
    response = who.get("/api/stats/summary", params)
    assert response.status_code == 200, response.content
    return response.json()


def test_external_totals_equal_a_recount_in_the_period_and_the_scope() -> None:
    maker, checker = staff(), staff("financial")
    fund("acme", 50_000)
    fund("beta", 50_000)
    today = timezone.localdate()
    yesterday = today - timedelta(days=1)
    adjust(maker, checker, "acme", "credit", 1_000)
    adjust(maker, checker, "acme", "credit", 2_500)
    adjust(maker, checker, "acme", "debit", 700)
    adjust(maker, checker, "acme", "credit", 9_999, confirm=False)  # proposed: never counted
    adjust(maker, checker, "acme", "credit", 4_000, currency="USD")  # another currency
    adjust(maker, checker, "beta", "debit", 300)
    adjust(maker, checker, "beta", "credit", 800)
    # At the edges of a São Paulo day: the last instant of yesterday and the first of today.
    redate(
        adjust(maker, checker, "acme", "credit", 111),
        timezone.make_aware(datetime.combine(yesterday, time.max)),
    )
    redate(
        adjust(maker, checker, "acme", "debit", 222), timezone.make_aware(datetime.combine(today, time.min))
    )

    acme = ApiClient("acme")
    acme.login_as("client")
    for start, end in ((today, today), (yesterday, yesterday), (yesterday, today)):
        period = {"from": start.isoformat(), "to": end.isoformat()}
        mine = summary(acme, currency="BRL", **period)
        assert mine["external"] == recount(("acme",), "BRL", start, end), period
        assert set(mine) == {"currency", "from", "to", "deposits", "payouts", "balance", "external"}
        named = summary(maker, currency="BRL", client="beta", **period)
        assert named["external"] == recount(("beta",), "BRL", start, end), period

    only_today = summary(acme, currency="BRL", **{"from": today.isoformat(), "to": today.isoformat()})
    # What this test wrote today for acme, at least (the seed may hold more): the proposal left out.
    assert only_today["external"]["credits"]["amount"] >= 3_500
    assert only_today["external"]["debits"]["count"] >= 2
    usd = summary(acme, currency="USD", **{"from": today.isoformat(), "to": today.isoformat()})
    assert usd["external"] == recount(("acme",), "USD", today, today)
    assert usd["external"]["credits"]["amount"] >= 4_000

    everyone = summary(maker, currency="BRL", **{"from": yesterday.isoformat(), "to": today.isoformat()})
    with schema_context("public"):
        slugs = tuple(Adjustment.objects.values_list("tenant__slug", flat=True).distinct())
    assert everyone["external"] == recount(slugs, "BRL", yesterday, today)
    assert everyone["external"]["credits"]["amount"] > only_today["external"]["credits"]["amount"]
