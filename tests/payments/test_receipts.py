"""Receipts of a paid deposit (/api/deposits/{id}/receipt) and of a settlement
(/api/settlements/{id}/receipt): the facts, an authentication code that changes with any figure, and
absolute tenant isolation (another tenant's record is a 404, not a 403)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django_tenants.utils import schema_context

from payments import receipts
from payments.models import Deposit, Settlement
from tenants.models import Tenant
from tests.payments.test_deposits_api import create, post_webhooks
from tests.payments.test_settlements import settle_new
from tests.support.http import ApiClient
from tests.support.second_factor import login_payload

pytestmark = pytest.mark.django_db

CODE = re.compile(r"^[0-9A-F]{4}(-[0-9A-F]{4}){7}$")


@pytest.fixture
def acme() -> ApiClient:
    client = ApiClient("acme")
    client.login_as("client")
    return client


def beta_owner(language: str = "en") -> ApiClient:
    other = ApiClient("beta", language=language)
    response = other.post_json("/api/auth/login", login_payload("owner@beta.demo.test", "cofre-demo"))
    assert response.status_code == 200, response.content
    return other


def paid_pix(client: ApiClient, amount: int) -> dict[str, Any]:
    deposit = create(client, method="pix", amount=amount, due_date=None).json()
    assert post_webhooks(deposit["id"]) == ["applied"]
    return dict(deposit)


def test_a_paid_deposit_has_a_receipt_with_its_facts_and_a_stable_code(acme: ApiClient) -> None:
    deposit = paid_pix(acme, 10_000)
    response = acme.get(f"/api/deposits/{deposit['id']}/receipt")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["kind"] == "deposit"
    assert body["id"] == deposit["id"]
    assert body["company"] == {"name": "Acme Pagamentos Ltda", "slug": "acme", "logo_url": None}
    assert body["payer"]["name"] == "João da Silva"
    assert body["payer"]["document"] == "52998224725"
    assert (body["method"], body["currency"], body["status"]) == ("pix", "BRL", "confirmed")
    assert (body["amount"], body["fee"], body["net"]) == (10_000, 99, 9_901)
    assert body["confirmed_at"] is not None
    assert body["provider_reference"]
    assert CODE.match(body["authentication_code"]), body["authentication_code"]
    again = acme.get(f"/api/deposits/{deposit['id']}/receipt").json()
    assert again["authentication_code"] == body["authentication_code"]
    # the code is the record's: another deposit's differs, and so does this one's with a changed figure
    other = acme.get(f"/api/deposits/{paid_pix(acme, 10_000)['id']}/receipt").json()
    assert other["authentication_code"] != body["authentication_code"]
    with schema_context("acme"):
        tenant = Tenant.objects.get(slug="acme")
        record = Deposit.objects.get(public_id=deposit["id"])
        assert receipts.deposit_code(tenant, record) == body["authentication_code"]
        record.fee += 1
        assert receipts.deposit_code(tenant, record) != body["authentication_code"]


def test_an_unpaid_deposit_has_no_receipt_said_in_both_languages(acme: ApiClient) -> None:
    waiting = create(acme, method="pix", amount=1_000, due_date=None).json()
    response = acme.get(f"/api/deposits/{waiting['id']}/receipt")
    assert response.status_code == 409
    assert response.json()["code"] == "receipt_not_paid"
    assert "not been paid" in response.json()["message"]
    pt = ApiClient("acme", language="pt-BR")
    pt.login_as("client")
    answer = pt.get(f"/api/deposits/{waiting['id']}/receipt").json()
    assert answer["code"] == "receipt_not_paid"
    assert "ainda não foi pago" in answer["message"]


def test_a_receipt_of_another_tenants_deposit_is_not_found(acme: ApiClient) -> None:
    mine = paid_pix(acme, 3_000)
    stranger = beta_owner()
    response = stranger.get(f"/api/deposits/{mine['id']}/receipt")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"
    # and the other way round: beta's own paid deposit is not acme's
    theirs = create(stranger, method="pix", amount=2_000, due_date=None).json()
    assert post_webhooks(theirs["id"]) == ["applied"]
    assert stranger.get(f"/api/deposits/{theirs['id']}/receipt").status_code == 200
    assert acme.get(f"/api/deposits/{theirs['id']}/receipt").status_code == 404
    assert acme.get("/api/deposits/dep_doesnotexist/receipt").status_code == 404


def test_a_settlement_receipt_lists_its_payments_with_the_ledger_credit(acme: ApiClient) -> None:
    ids = settle_new(acme, 4_000, 6_000)
    deposit = acme.get(f"/api/deposits/{ids[0]}/receipt").json()
    assert deposit["status"] == "paid_to_client"
    settlement_id = deposit["settlement_id"]
    assert settlement_id
    assert settlement_id.startswith("stl_")
    response = acme.get(f"/api/settlements/{settlement_id}/receipt")
    assert response.status_code == 200, response.content
    body = response.json()
    detail = acme.get(f"/api/settlements/{settlement_id}").json()
    for key in ("id", "date", "method", "currency", "count", "gross", "fee", "net"):
        assert body[key] == detail[key], key
    assert body["company"]["name"] == "Acme Pagamentos Ltda"
    assert CODE.match(body["authentication_code"])
    listed = {d["id"]: d for d in body["deposits"]}
    assert set(ids) <= set(listed)
    assert not body["deposits_truncated"]
    assert len(body["deposits"]) == body["count"]
    assert sum(d["net"] for d in body["deposits"]) == body["net"]
    assert sum(d["amount"] for d in body["deposits"]) == body["gross"]
    assert listed[ids[1]]["amount"] == 6_000


def test_a_settlement_receipt_of_another_tenant_is_not_found(acme: ApiClient) -> None:
    with schema_context("beta"):
        theirs = Settlement.objects.first() or Settlement.objects.create(
            public_id="stl_" + "r" * 20, day="2026-11-19", method="pix", currency="BRL"
        )
    response = acme.get(f"/api/settlements/{theirs.public_id}/receipt")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


@pytest.mark.parametrize("role", ["client_user_analyst", "client_user"])
def test_deposit_roles_without_consolidation_get_a_deposit_receipt_not_a_settlement_one(
    acme: ApiClient, role: str
) -> None:
    deposit = paid_pix(acme, 1_500)
    client = ApiClient("acme")
    client.login_as(role)
    assert client.get(f"/api/deposits/{deposit['id']}/receipt").status_code == 200
    assert client.get("/api/settlements/stl_00000000000000000000/receipt").status_code == 403
