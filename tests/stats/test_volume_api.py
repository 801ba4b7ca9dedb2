"""GET /api/stats/volume: money paid per client and currency (the roll-ups, one query across clients)
equals a recount of the source rows in each client's schema; the available balance is the ledger's;
only the routes' roles may ask; bad input is a 400 naming the field. The volume export (POST
/api/exports, type "volume", on the platform's host) writes the same rows."""

from __future__ import annotations

import csv
import io
from datetime import date, timedelta
from typing import Any

import pytest
from django.db.models import Count, Sum
from django.utils import timezone
from django_tenants.utils import schema_context

from core.ids import new_public_id
from core.text import search_text
from exports import services as export_services
from exports.models import Export
from payments.models import Deposit
from payouts.models import Payout
from stats import rollups
from stats.services import DEPOSITS_PAID, PAYOUTS_PAID, VOLUME_METHODS, balance
from tenants.models import Tenant
from tests.stats.helpers import assert_rollups_match
from tests.stats.test_stats_api import money  # noqa: F401 (a fixture: acme's records in every status)
from tests.support.http import ApiClient
from tests.support.personas import PERSONAS
from tests.support.routes import allowed, operations

pytestmark = pytest.mark.django_db

PATH = "/api/stats/volume"


def logged(slug: str, role: str, language: str = "en") -> ApiClient:
    client = ApiClient(slug, language=language)
    client.login_as(role)
    return client


def admin() -> ApiClient:
    return logged("public", "admin")


def period() -> tuple[str, str]:
    today = timezone.localdate()
    return (today - timedelta(days=120)).isoformat(), today.isoformat()


@pytest.fixture
def beta_money() -> None:
    """beta's deposits in both currencies and every method, some paid, some not (made directly, then
    recounted into the roll-ups as the demo seed does)."""
    statuses = ("confirmed", "paid_to_client", "refunded", "waiting", "canceled")
    with schema_context("beta"):
        for n in range(20):
            Deposit.objects.create(
                public_id=new_public_id("dep"), method=VOLUME_METHODS[n % 4], amount=1_000 + n * 313,
                currency="USD" if n % 3 == 0 else "BRL", fee=10 + n, status=statuses[n % 5],
                payer_name="Bia Lima", search_name=search_text("Bia Lima"), payer_document="52998224725",
            )  # fmt: skip
    beta = Tenant.objects.get(slug="beta")
    rollups.rebuild(beta)
    assert_rollups_match(beta)


def recount(slug: str, currency: str, start: date, end: date) -> dict[str, int]:
    """What the volume row of `slug` in `currency` should say, counted from its own records."""
    expected: dict[str, int] = {}
    with schema_context(slug):
        deposits = Deposit.objects.filter(status__in=DEPOSITS_PAID, currency=currency)
        payouts = Payout.objects.filter(status__in=PAYOUTS_PAID, currency=currency)
        # `__date` is the day in the current time zone: São Paulo's (settings.TIME_ZONE)
        days: dict[str, Any] = {"created_at__date__gte": start, "created_at__date__lte": end}
        deposits, payouts = deposits.filter(**days), payouts.filter(**days)
        for method in VOLUME_METHODS:
            sums = deposits.filter(method=method).aggregate(n=Count("id"), amount=Sum("amount"))
            expected[f"{method}_count"] = sums["n"]
            expected[f"{method}_amount"] = sums["amount"] or 0
        d = deposits.aggregate(n=Count("id"), amount=Sum("amount"), fee=Sum("fee"))
        p = payouts.aggregate(n=Count("id"), amount=Sum("amount"), fee=Sum("fee"))
    expected |= {
        "deposits_count": d["n"], "deposits_amount": d["amount"] or 0,
        "payouts_count": p["n"], "payouts_amount": p["amount"] or 0,
        "fees": (d["fee"] or 0) + (p["fee"] or 0),
    }  # fmt: skip
    return expected


@pytest.mark.usefixtures("money", "beta_money")
def test_the_volume_equals_a_recount_of_each_clients_records() -> None:
    start, end = period()
    answer = admin().get(PATH, {"from": start, "to": end})
    assert answer.status_code == 200, answer.content
    body = answer.json()
    rows = {(r["client"], r["currency"]): r for r in body["rows"]}
    seen = 0
    for slug in ("acme", "beta"):
        tenant = Tenant.objects.get(slug=slug)
        for currency in ("BRL", "USD"):
            expected = recount(slug, currency, date.fromisoformat(start), date.fromisoformat(end))
            if not expected["deposits_count"] and not expected["payouts_count"]:
                assert (slug, currency) not in rows
                continue
            seen += 1
            row = rows[(slug, currency)]
            assert {k: row[k] for k in expected} == expected, (slug, currency)
            assert row["name"] == tenant.name
            assert row["balance"] == balance(tenant, currency)["available"]
    assert seen >= 4  # two clients, two currencies each
    # the totals row: per currency, the sum of the rows
    for total in body["totals"]:
        mine = [r for r in body["rows"] if r["currency"] == total["currency"]]
        assert total["clients"] == len(mine)
        for column in ("deposits_amount", "payouts_amount", "fees", "pix_count", "balance"):
            assert total[column] == sum(r[column] for r in mine)


@pytest.mark.usefixtures("money", "beta_money")
def test_filters_and_sort() -> None:
    start, end = period()
    api = admin()
    whole = api.get(PATH, {"from": start, "to": end}).json()
    only = api.get(PATH, {"from": start, "to": end, "client": "beta", "currency": "USD"}).json()
    assert [(r["client"], r["currency"]) for r in only["rows"]] == [("beta", "USD")]
    assert only["rows"][0] == next(
        r for r in whole["rows"] if (r["client"], r["currency"]) == ("beta", "USD")
    )
    for sort in ("deposits_amount", "-fees", "client", "-pix_count"):
        rows = api.get(PATH, {"from": start, "to": end, "sort": sort}).json()["rows"]
        values = [r[sort.lstrip("-")] for r in rows]
        assert values == sorted(values, reverse=sort.startswith("-")), sort
    # a day with nothing: no rows, no totals
    empty = api.get(PATH, {"from": "2001-01-01", "to": "2001-01-31"}).json()
    assert empty["rows"] == []
    assert empty["totals"] == []


@pytest.mark.parametrize(
    ("params", "field", "reason"),
    [
        ({"from": "2026-02-10", "to": "2026-02-01"}, "to", "date_range_reversed"),
        ({"from": "2024-01-01", "to": "2026-01-01"}, "from", "date_range_too_long"),
        ({"client": "no-such-client"}, "client", "unknown_client"),
        ({"client": "public"}, "client", "unknown_client"),  # the platform is not a client
        ({"client": "orbita"}, "client", "unknown_client"),  # a partner is not a client
        ({"sort": "payer_name"}, "sort", "invalid_sort"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(params: dict[str, str], field: str, reason: str) -> None:
    response = admin().get(PATH, params)
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "invalid_input"
    assert body["fields"][field] == reason


def test_an_unknown_currency_is_a_400_naming_the_field() -> None:
    response = admin().get(PATH, {"currency": "EUR"})
    assert response.status_code == 400, response.content
    assert "currency" in response.json()["fields"]


def test_only_the_routes_roles_may_ask() -> None:
    op = next(op for op in operations() if str(op) == f"GET {PATH}")
    assert set(op.routes) == {"admin/volume", "admin/overall"}
    for role, slug in PERSONAS:
        status = logged(slug, role).get(PATH).status_code
        assert status == (200 if allowed(op, role, slug) else 403), (role, slug, status)
    assert ApiClient("public").get(PATH).status_code == 401


@pytest.mark.usefixtures("money", "beta_money")
def test_the_volume_export_writes_the_same_rows() -> None:
    start, end = period()
    api = admin()
    filters = {"from": start, "to": end, "currency": "BRL", "sort": "client"}
    response = api.post_json("/api/exports", {"type": "volume", "format": "csv", "filters": filters})
    assert response.status_code == 202, response.content
    created = response.json()
    row = Export.objects.get(public_id=created["id"])  # the platform's exports: the public schema
    assert row.filters == filters
    assert export_services.run_export(row.pk) == "done"
    done = api.get(f"/api/exports/{created['id']}").json()
    assert done["status"] == "done"
    assert done["url"]
    download: Any = api.get(done["url"])
    file = b"".join(download.streaming_content).decode()
    lines = list(csv.reader(io.StringIO(file)))
    rows = api.get(PATH, filters).json()["rows"]
    assert lines[0][:3] == ["Client", "Name", "Currency"]
    assert [line[0] for line in lines[1:]] == [r["client"] for r in rows]
    first = dict(zip(lines[0], lines[1], strict=True))
    assert first["Deposits"] == f"{rows[0]['deposits_amount'] / 100:.2f}"
    assert int(first["Deposits (count)"]) == rows[0]["deposits_count"]
    # the same filters are checked as the screen's: bad ones write nothing
    bad = api.post_json(
        "/api/exports", {"type": "volume", "format": "csv", "filters": {"from": end, "to": start}}
    )
    assert bad.status_code == 400
    assert bad.json()["fields"] == {"filters.to": "date_range_reversed"}
    wrong = api.post_json("/api/exports", {"type": "volume", "format": "csv", "filters": {"q": "x"}})
    assert wrong.status_code == 400
    assert wrong.json()["fields"] == {"filters.q": "unknown_filter"}
    # a client may not export the platform's report (its host makes its own lists only)
    client = logged("acme", "client").post_json("/api/exports", {"type": "volume", "format": "csv"})
    assert client.status_code in (400, 403), client.content
