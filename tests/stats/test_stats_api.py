"""GET /api/stats/summary and /api/stats/series: the lists' filters give the same numbers, tenants see
only what they may, bad input is a translated 400."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import Any

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from payments.models import Deposit
from payouts.models import Payout
from stats import rollups
from tests.stats.helpers import assert_rollups_match
from tests.stats.test_rollups import World
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db

DEPOSIT_STATUSES = ("waiting", "pending", "confirmed", "paid_to_client", "canceled", "expired", "refunded")
PAYOUT_STATUSES = (
    "waiting",
    "approved",
    "pending",
    "confirmed",
    "paid_to_client",
    "rejected",
    "canceled",
    "reversed",
)


def logged(slug: str, role: str, language: str = "en") -> ApiClient:
    client = ApiClient(slug, language=language)
    client.login_as(role)
    return client


def period() -> tuple[str, str]:
    today = timezone.localdate()
    return (today - timedelta(days=120)).isoformat(), today.isoformat()


def get(api: ApiClient, path: str, **params: Any) -> Any:
    response = api.get(path, params)
    assert response.status_code == 200, response.content
    return response.json()


@pytest.fixture
def money() -> None:
    """Deposits and payouts of acme in every status, made by the services, then dated across the last
    weeks, several at the edges of a São Paulo day (23:59:59.999999 and 00:00), and recounted (what the
    demo seed does); the test's transaction rolls it all back."""
    with schema_context("acme"):
        world = World()
        for n in range(24):
            world.run("create", n)
        paths: tuple[list[str], ...] = (
            [], ["pending"], ["confirm"], ["confirm", "settle"], ["cancel"], ["expire"],
            ["confirm", "refund_full"], ["confirm_paid_less", "refund_part"],
        )  # fmt: skip
        for n in range(24):
            for op in paths[n % 8]:
                world.run(op, n)
        for n in range(10):
            world.run("payout", n)  # odd n: large, waits for review; even n: approved at once
        payout_paths: tuple[list[str], ...] = (
            [],
            ["reject"],
            ["submit", "pay"],
            ["cancel_payout"],
            ["submit", "pay", "reversal"],
        )
        for n in range(10):
            for op in payout_paths[n % 5]:
                world.run(op, n)
        today = timezone.localdate()
        for i, rows in enumerate((Deposit.objects.all(), Payout.objects.all())):
            for n, pk in enumerate(rows.order_by("pk").values_list("pk", flat=True)):
                day = today - timedelta(days=(n * 5 + i) % 40)
                moment = (time.max, time.min, time(12, 30))[n % 3]
                rows.filter(pk=pk).update(created_at=timezone.make_aware(datetime.combine(day, moment)))
    rollups.rebuild(world.tenant)
    assert_rollups_match(world.tenant)


def list_totals(
    client: ApiClient, path: str, status: str, *, start: str, end: str, currency: str
) -> dict[str, int]:
    answer = get(client, path, status=status, date_from=start, date_to=end, currency=currency)
    summary = answer.get("summary", answer)
    rows = [c for c in summary["currencies"] if c["currency"] == currency]
    return {"count": rows[0]["count"], "amount": rows[0]["amount"], "fee": rows[0]["fee"]} if rows else {
        "count": 0, "amount": 0, "fee": 0,
    }  # fmt: skip


@pytest.mark.parametrize("currency", ["BRL", "USD"])
def test_the_summary_agrees_with_the_lists_for_every_status(currency: str, money: None) -> None:
    acme = logged("acme", "client")
    start, end = period()
    stats = get(acme, "/api/stats/summary", currency=currency, **{"from": start, "to": end})
    assert sum(v["count"] for v in stats["deposits"].values()) > 0
    if currency == "BRL":
        assert all(stats["deposits"][s]["count"] for s in DEPOSIT_STATUSES if s != "waiting"), stats[
            "deposits"
        ]
        assert all(stats["payouts"][s]["count"] for s in ("rejected", "canceled", "reversed", "approved")), (
            stats["payouts"]
        )
    for status in DEPOSIT_STATUSES:
        assert stats["deposits"][status] == list_totals(
            acme, "/api/deposits/summary", status, start=start, end=end, currency=currency
        ), status
    for status in PAYOUT_STATUSES:
        assert stats["payouts"][status] == list_totals(
            acme, "/api/payouts", status, start=start, end=end, currency=currency
        ), status
    balance = {b["currency"]: b for b in get(acme, "/api/balance")}[currency]
    assert stats["balance"] == {k: balance[k] for k in ("available", "pending", "held")}


def test_a_single_day_and_the_day_boundary_agree_with_the_lists(money: None) -> None:
    """Day by day over the last weeks (São Paulo days, `to` inclusive), deposits of every status."""
    acme = logged("acme", "client")
    today = timezone.localdate()
    seen = 0
    for back in range(41):
        day = (today - timedelta(days=back)).isoformat()
        stats = get(acme, "/api/stats/summary", currency="BRL", **{"from": day, "to": day})
        listed = get(acme, "/api/deposits/summary", date_from=day, date_to=day, currency="BRL")
        assert sum(v["count"] for v in stats["deposits"].values()) == listed["count"], day
        seen += listed["count"]
    assert seen > 0


def test_the_series_adds_up_to_the_summary(money: None) -> None:
    acme = logged("acme", "client")
    start, end = period()
    summary = get(acme, "/api/stats/summary", **{"from": start, "to": end})
    for interval in ("day", "month"):
        series = get(acme, "/api/stats/series", interval=interval, **{"from": start, "to": end})
        points = series["points"]
        if interval == "day":
            assert len(points) == (date.fromisoformat(end) - date.fromisoformat(start)).days + 1
        else:
            assert points[0]["period"] == start[:8] + "01"
        for kind, statuses in (("deposits", DEPOSIT_STATUSES), ("payouts", PAYOUT_STATUSES)):
            for status in statuses:
                for field in ("count", "amount", "fee"):
                    total = sum(p[kind][status][field] for p in points)
                    assert total == summary[kind][status][field], (interval, kind, status, field)


def test_staff_see_every_client_or_one_and_clients_only_their_own(money: None) -> None:
    start, end = period()
    q = {"from": start, "to": end}
    admin = logged("public", "admin")
    every = get(admin, "/api/stats/summary", **q)
    acme = get(admin, "/api/stats/summary", **{**q, "client": "acme"})
    beta = get(admin, "/api/stats/summary", **{**q, "client": "beta"})
    assert acme == get(logged("acme", "client"), "/api/stats/summary", **q)
    for status in DEPOSIT_STATUSES:
        assert (
            every["deposits"][status]["count"]
            == acme["deposits"][status]["count"] + beta["deposits"][status]["count"]
        )
    assert every["deposits"] != beta["deposits"]
    client = logged("acme", "client")
    assert client.get("/api/stats/summary", {"client": "beta", **q}).status_code == 404
    assert client.get("/api/stats/series", {"client": "beta", **q}).status_code == 404
    assert client.get("/api/stats/summary", {"client": "acme", **q}).status_code == 200


def test_the_default_period_is_the_current_month() -> None:
    answer = get(logged("acme", "client"), "/api/stats/summary")
    today = timezone.localdate()
    assert (answer["from"], answer["to"]) == (today.replace(day=1).isoformat(), today.isoformat())


@pytest.mark.parametrize(
    ("params", "field", "code"),
    [
        ({"from": "2026-03-10", "to": "2026-03-01"}, "to", "date_range_reversed"),
        ({"from": "2020-01-01", "to": "2026-01-01"}, "from", "date_range_too_long"),
        ({"from": "2026-02-30", "to": "2026-03-01"}, "from", None),
        ({"from": "yesterday", "to": "2026-03-01"}, "from", None),
        ({"currency": "EUR"}, "currency", None),
        ({"client": "x" * 100}, "client", None),
    ],
)
@pytest.mark.parametrize("path", ["/api/stats/summary", "/api/stats/series"])
def test_bad_input_is_a_translated_400(
    path: str, params: dict[str, str], field: str, code: str | None
) -> None:
    for language, text in (("pt-BR", "Verifique"), ("en", "check")):
        response = logged("acme", "client", language).get(path, params)
        assert response.status_code == 400, (params, response.content)
        body = response.json()
        assert text in body["message"], body
        assert field in str(body.get("fields", body)), body
        if code:
            assert body["fields"][field] == code


def test_a_month_series_may_cover_three_years_but_not_more() -> None:
    acme = logged("acme", "client")
    ok = acme.get("/api/stats/series", {"interval": "month", "from": "2024-01-01", "to": "2026-12-31"})
    assert ok.status_code == 200, ok.content
    assert len(ok.json()["points"]) == 36
    refused = acme.get("/api/stats/series", {"interval": "month", "from": "2023-12-01", "to": "2026-12-31"})
    assert refused.status_code == 400
    assert acme.get("/api/stats/series", {"interval": "week"}).status_code == 400


@pytest.mark.parametrize("interval", ["day", "month"])
def test_the_last_and_first_dates_there_are_answer_200(interval: str) -> None:
    acme = logged("acme", "client")
    for start, end in (("9999-12-01", "9999-12-31"), ("0001-01-01", "0001-01-31")):
        response = acme.get("/api/stats/series", {"interval": interval, "from": start, "to": end})
        assert response.status_code == 200, response.content
        assert acme.get("/api/stats/summary", {"from": start, "to": end}).status_code == 200
