"""Settlements (/api/settlements): one per São Paulo day, method and currency of a client's deposits
whose money moved from pending to available, kept in the settlement's transaction; its net is what
the ledger's `deposit_settled` entries credited to available."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core.management import call_command
from django.db.models import Sum
from django.utils import timezone
from django_tenants.utils import schema_context

from ledger.models import AccountKind, Posting
from payments import services, settlements
from payments.models import Deposit, Settlement
from tenants.models import Tenant
from tests.payments.test_deposits_api import create, post_webhooks
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db


@pytest.fixture
def acme() -> ApiClient:
    client = ApiClient("acme")
    client.login_as("client")
    return client


def settle_new(client: ApiClient, *amounts: int, method: str = "pix") -> list[str]:
    ids = []
    for amount in amounts:
        deposit = create(client, method=method, amount=amount, due_date=None).json()
        assert post_webhooks(deposit["id"]) == ["applied"]
        ids.append(deposit["id"])
    with schema_context("acme"):
        assert services.settle_due(timezone.localdate() + timedelta(days=40)) >= len(ids)
    return ids


def ledger_credit(tenant: Tenant, references: list[str]) -> int:
    total = Posting.objects.filter(
        entry__tenant=tenant, entry__kind="deposit_settled", entry__reference__in=references,
        account__kind=AccountKind.AVAILABLE,
    ).aggregate(total=Sum("amount"))["total"]  # fmt: skip
    return -int(total or 0)


def today_pix(client: ApiClient) -> dict[str, Any]:
    today = timezone.localdate().isoformat()
    page = client.get(
        "/api/settlements", {"date_from": today, "date_to": today, "method": "pix", "currency": "BRL"}
    )
    assert page.status_code == 200, page.content
    items = page.json()["items"]
    assert len(items) == 1, items
    return dict(items[0])


def test_settled_deposits_are_counted_in_todays_settlement_with_the_ledger_credit(acme: ApiClient) -> None:
    ids = settle_new(acme, 10_000, 20_000)
    listed = today_pix(acme)
    assert set(listed) == {"id", "date", "method", "currency", "count", "gross", "fee", "net", "created_at"}
    assert listed["id"].startswith("stl_")
    assert listed["date"] == timezone.localdate().isoformat()
    detail = acme.get(f"/api/settlements/{listed['id']}")
    assert detail.status_code == 200, detail.content
    body = detail.json()
    assert {k: body[k] for k in listed} == listed
    deposits = {d["id"]: d for d in body["deposits"]}
    assert set(ids) <= set(deposits)
    assert deposits[ids[0]] | {"settled_at": None} == {
        "id": ids[0], "payer_name": "João da Silva", "payer_document": "52998224725",
        "amount": 10_000, "fee": 99, "net": 9_901, "settled_at": None,
    }  # fmt: skip
    # the settlement's figures add up its deposits, and its net is what the ledger credited
    with schema_context("acme"):
        tenant = Tenant.objects.get(slug="acme")
        inside = list(Deposit.objects.filter(settlement__public_id=listed["id"]))
        assert {d.public_id for d in inside} == set(deposits)
        assert listed["count"] == len(inside)
        assert listed["net"] == ledger_credit(tenant, [d.public_id for d in inside])
        assert listed["net"] == sum(d["net"] for d in deposits.values())
        assert listed["gross"] == sum(d["amount"] for d in deposits.values())
        assert listed["fee"] == sum(d["fee"] for d in deposits.values())
        # every settled deposit is in exactly one settlement (a foreign key: one at most)
        assert not Deposit.objects.filter(settled_at__isnull=False, settlement__isnull=True).exists()


def test_regrouping_gives_the_same_settlements_as_they_happened(acme: ApiClient) -> None:
    settle_new(acme, 5_000)
    settle_new(acme, 7_000, method="wire")
    with schema_context("acme"):
        tenant = Tenant.objects.get(slug="acme")
        key = ("day", "method", "currency", "count", "gross", "fee", "net")
        before = sorted(Settlement.objects.values_list(*key))
        call_command("group_settlements", "acme")
        assert sorted(Settlement.objects.values_list(*key)) == before
        for s in Settlement.objects.all():
            refs = list(s.deposits.values_list("public_id", flat=True))
            assert s.net == ledger_credit(tenant, refs)
            assert s.count == len(refs)


def test_another_tenants_settlement_is_not_found(acme: ApiClient) -> None:
    with schema_context("beta"):
        tenant = Tenant.objects.get(slug="beta")
        settlements.regroup(tenant)
        theirs = Settlement.objects.first()
        if theirs is None:  # beta's demo data settled nothing yet: make one of its own
            theirs = Settlement.objects.create(
                public_id="stl_" + "b" * 20, day=timezone.localdate(), method="pix", currency="BRL"
            )
    response = acme.get(f"/api/settlements/{theirs.public_id}")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"
    assert theirs.public_id not in {s["id"] for s in acme.get("/api/settlements").json()["items"]}
    assert acme.get("/api/settlements/stl_00000000000000000000").status_code == 404


@pytest.mark.parametrize(
    ("role", "slug"),
    [("client_user", "acme"), ("client_user_analyst", "acme"), ("client_user_financial", "acme"),
     ("admin", "public"), ("partner", "orbita")],
)  # fmt: skip
def test_roles_without_the_screen_are_refused(role: str, slug: str) -> None:
    client = ApiClient(slug)
    client.login_as(role)
    assert client.get("/api/settlements").status_code == 403
    assert client.get("/api/settlements/stl_00000000000000000000").status_code == 403


def test_the_client_user_admin_sees_them(acme: ApiClient) -> None:
    client = ApiClient("acme")
    client.login_as("client_user_admin")
    assert client.get("/api/settlements").status_code == 200


@pytest.mark.parametrize(
    "params",
    [{"date_from": "2026-13-01"}, {"date_to": "yesterday"},
     {"date_from": "2026-05-02", "date_to": "2026-05-01"}, {"method": "bitcoin"}, {"currency": "EUR"},
     {"per_page": 7}, {"cursor": "not-a-cursor"}],
)  # fmt: skip
def test_bad_filters_are_a_400_naming_the_field(acme: ApiClient, params: dict[str, Any]) -> None:
    response = acme.get("/api/settlements", params)
    assert response.status_code == 400, (params, response.content)
    body = response.json()
    assert body["code"] in {"invalid_input", "invalid_cursor"}
    assert body["message"]


def test_pages_by_keyset_newest_day_first(acme: ApiClient) -> None:
    settle_new(acme, 1_000)
    settle_new(acme, 2_000, method="wire")
    with schema_context("acme"):
        total = Settlement.objects.count()
    seen: list[dict[str, Any]] = []
    cursor = None
    while True:
        params = {"per_page": 10, **({"cursor": cursor} if cursor else {})}
        page = acme.get("/api/settlements", params).json()
        seen.extend(page["items"])
        cursor = page["next_cursor"]
        if not cursor:
            break
    assert len(seen) == total == len({s["id"] for s in seen})
    days = [s["date"] for s in seen]
    assert days == sorted(days, reverse=True)
