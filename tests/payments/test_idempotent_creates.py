"""`Idempotency-Key` on deposit and refund creates: the same key and body answer the first record (200,
one row), the same key with another body is a 409 `idempotency_conflict`, no key creates every time."""

from __future__ import annotations

import pytest
from django_tenants.utils import schema_context

from payments.models import Deposit
from refunds.models import Refund
from tests.payouts.helpers import post_webhooks
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db

PAYER = {"name": "Ana Souza", "document": "52998224725"}
DEPOSIT = {"method": "pix", "amount": 10_000, "currency": "BRL", "payer": PAYER}


def owner() -> ApiClient:
    client = ApiClient("acme")
    client.login_as("client")
    return client


def key(value: str) -> dict[str, str]:
    return {"Idempotency-Key": value}


def test_a_deposit_created_twice_with_one_key_is_one_deposit() -> None:
    client = owner()
    first = client.post_json("/api/deposits", DEPOSIT, headers=key("order-1"))
    assert first.status_code == 201, first.content
    again = client.post_json("/api/deposits", DEPOSIT, headers=key("order-1"))
    assert again.status_code == 200, again.content
    assert again.json()["id"] == first.json()["id"]
    with schema_context("acme"):
        assert Deposit.objects.filter(idempotency_key="order-1").count() == 1

    other = client.post_json("/api/deposits", {**DEPOSIT, "amount": 20_000}, headers=key("order-1"))
    assert other.status_code == 409
    assert other.json()["code"] == "idempotency_conflict"
    with schema_context("acme"):
        assert Deposit.objects.filter(amount=20_000).count() == 0


def test_without_a_key_every_call_creates_and_a_malformed_key_is_a_field_error() -> None:
    client = owner()
    ids = {client.post_json("/api/deposits", DEPOSIT).json()["id"] for _ in range(2)}
    assert len(ids) == 2
    bad = client.post_json("/api/deposits", DEPOSIT, headers=key("with space"))
    assert bad.status_code == 400
    assert bad.json()["fields"] == {"Idempotency-Key": "invalid_format"}


def test_a_refund_created_twice_with_one_key_is_one_refund_and_holds_the_money_once() -> None:
    client = owner()
    deposit = client.post_json("/api/deposits", DEPOSIT).json()["id"]
    post_webhooks(deposit)  # the sandbox bank confirms the charge
    url = f"/api/deposits/{deposit}/refunds"
    body = {"amount": 1_000, "reason": "Devolução"}
    first = client.post_json(url, body, headers=key("refund-1"))
    assert first.status_code == 201, first.content
    again = client.post_json(url, body, headers=key("refund-1"))
    assert again.status_code == 200, again.content
    assert again.json()["id"] == first.json()["id"]
    with schema_context("acme"):
        assert Refund.objects.filter(deposit__public_id=deposit).count() == 1
        assert Deposit.objects.get(public_id=deposit).refunded_amount == 1_000

    other = client.post_json(url, {**body, "amount": 2_000}, headers=key("refund-1"))
    assert other.status_code == 409
    assert other.json()["code"] == "idempotency_conflict"
    with schema_context("acme"):
        assert Refund.objects.filter(deposit__public_id=deposit).count() == 1
        assert Deposit.objects.get(public_id=deposit).refunded_amount == 1_000
