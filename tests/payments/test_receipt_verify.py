"""The public receipt verifier (GET /api/receipts/verify?code=...): a genuine code verifies with the
minimum facts only, a tampered or unknown one does not, nobody needs to log in, and a guesser is
throttled per address."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from django.test import override_settings
from django_tenants.utils import schema_context

from accounts import throttle
from brazil.business_days import sao_paulo_date
from payments.models import Settlement
from tests.payments.test_receipts import paid_pix
from tests.payments.test_settlements import settle_new
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db
PATH = "/api/receipts/verify"
ANSWER_KEYS = {"valid", "kind", "method", "currency", "amount", "date", "party"}


@pytest.fixture(autouse=True)
def _fresh_window() -> Iterator[None]:
    throttle.clear_attempts("receipt-verify", "127.0.0.1")
    yield
    throttle.clear_attempts("receipt-verify", "127.0.0.1")


@pytest.fixture
def acme() -> ApiClient:
    client = ApiClient("acme")
    client.login_as("client")
    return client


def verify(code: str, host: str = "public", language: str = "en") -> Any:
    return ApiClient(host, language=language).get(PATH, {"code": code})


def tampered(code: str) -> str:
    last = code[-1]
    return code[:-1] + ("0" if last != "0" else "1")


def test_a_genuine_deposit_code_verifies_with_the_minimum_and_nothing_else(acme: ApiClient) -> None:
    deposit = paid_pix(acme, 10_000)
    receipt = acme.get(f"/api/deposits/{deposit['id']}/receipt").json()
    code = receipt["authentication_code"]
    paid_on = sao_paulo_date(datetime.fromisoformat(receipt["confirmed_at"])).isoformat()
    # Without a session, on any host, typed in lower case without dashes: the same answer.
    for asked in (code, code.lower().replace("-", ""), f"  {code.replace('-', ' ')} "):
        response = verify(asked)
        assert response.status_code == 200, response.content
        body = response.json()
        assert set(body) <= ANSWER_KEYS
        assert body == {
            "valid": True, "kind": "deposit", "method": "pix", "currency": "BRL", "amount": 10_000,
            "date": paid_on,
            "party": {"name": "J*** d* S****", "document": "***.982.247-**"},
        }  # fmt: skip
    assert verify(code, host="beta").json()["valid"] is True
    # Nothing of the other fields leaks: no id, fee, net, payer's full name, document, e-mail, tenant.
    raw = verify(code).content.decode()
    for secret in (deposit["id"], "52998224725", "529.982.247-25", "João", "joao@example.com", "acme", "Acme",
                   str(receipt["fee"]), receipt["provider_reference"]):  # fmt: skip
        assert secret not in raw, secret


def test_a_tampered_or_unknown_code_does_not_verify(acme: ApiClient) -> None:
    deposit = paid_pix(acme, 7_000)
    code = acme.get(f"/api/deposits/{deposit['id']}/receipt").json()["authentication_code"]
    for wrong in (tampered(code), "0000-0000-0000-0000-0000-0000-0000-0000", "not a code", code[:-5]):
        response = verify(wrong)
        assert response.status_code == 200, response.content
        assert response.json() == {"valid": False, "kind": None, "method": None, "currency": None,
                                   "amount": None, "date": None, "party": None}  # fmt: skip


def test_a_settlement_code_verifies_and_stops_verifying_when_its_figures_change(acme: ApiClient) -> None:
    ids = settle_new(acme, 4_000, 6_000)
    settlement_id = acme.get(f"/api/deposits/{ids[0]}/receipt").json()["settlement_id"]
    receipt = acme.get(f"/api/settlements/{settlement_id}/receipt").json()
    body = verify(receipt["authentication_code"]).json()
    assert body["valid"] is True
    assert (body["kind"], body["amount"], body["date"]) == ("settlement", receipt["net"], receipt["date"])
    assert body["party"] == {"name": "A*** P********* L***", "document": ""}
    with schema_context("acme"):
        Settlement.objects.filter(public_id=settlement_id).update(net=receipt["net"] + 1)
    assert verify(receipt["authentication_code"]).json()["valid"] is False


@override_settings(RECEIPT_VERIFY_MAX_PER_ADDRESS=3)
def test_a_guesser_is_throttled_per_address_in_both_languages() -> None:
    for _ in range(3):
        assert verify("0000-0000-0000-0000-0000-0000-0000-0000").status_code == 200
    refused = verify("0000-0000-0000-0000-0000-0000-0000-0001", host="beta")  # another host: same address
    assert refused.status_code == 429
    assert refused.json()["code"] == "too_many_attempts"
    pt = verify("0000-0000-0000-0000-0000-0000-0000-0002", language="pt-BR")
    assert pt.status_code == 429
    assert "Muitas tentativas" in json.loads(pt.content)["message"]
