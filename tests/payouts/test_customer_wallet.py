"""A customer's wallet (role customer on its client's host): deposits credit it, withdraws draw on it
only, never beyond it (422, and under concurrency), and a customer sees only its own money."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.db import connections
from django_tenants.utils import schema_context

from accounts.models import Membership, User
from ledger.services import check_invariants
from ops.demo import DEMO_PASSWORD
from payouts.models import Payout
from tenants.models import Tenant
from tests.payouts.helpers import (
    BB_ACCOUNT,
    balance,
    committed_client,
    create_payout,
    fund_customer,
    logged,
    post_webhooks,
)
from tests.payouts.test_concurrency import at_once
from tests.support.http import ApiClient
from tests.support.second_factor import login_payload

PAYER = {"name": "Carla Dias", "document": "529.982.247-25"}


def new_customer(slug: str) -> tuple[int, ApiClient]:
    email = f"customer-{uuid.uuid4().hex[:8]}@{slug}.test"
    with schema_context("public"):
        user = User.objects.create_user(email, DEMO_PASSWORD)
        Membership.objects.create(user=user, tenant=Tenant.objects.get(slug=slug), role="customer")
    client = ApiClient(slug)
    response = client.post_json("/api/auth/login", login_payload(email, DEMO_PASSWORD))
    assert response.status_code == 200, response.content
    return user.pk, client


def own_account(client: ApiClient) -> str:
    response = client.post_json("/api/bank-accounts", {**BB_ACCOUNT, "holder_name": "Carla Dias"})
    assert response.status_code == 201, response.content
    return str(response.json()["id"])


def wallet(client: ApiClient) -> dict[str, int]:
    response = client.get("/api/wallet")
    assert response.status_code == 200, response.content
    return {row["currency"]: row["available"] for row in response.json()}


@pytest.mark.django_db
def test_a_confirmed_wallet_deposit_credits_the_wallet_not_the_client() -> None:
    _, customer = new_customer("acme")
    before = balance("acme")
    created = customer.post_json("/api/wallet/deposits", {"method": "pix", "amount": 10_000, "payer": PAYER})
    assert created.status_code == 201, created.content
    deposit = created.json()
    assert deposit["brcode"]
    assert wallet(customer)["BRL"] == 0
    assert post_webhooks(deposit["id"]) == ["applied"]
    confirmed = customer.get(f"/api/wallet/deposits/{deposit['id']}").json()
    assert confirmed["status"] == "confirmed"
    assert wallet(customer)["BRL"] == 10_000 - confirmed["fee"]
    assert balance("acme") == before  # the client's own balance is untouched
    activity = customer.get("/api/wallet/activity").json()["items"]
    assert [(a["kind"], a["id"]) for a in activity] == [("deposit", deposit["id"])]
    # The deposit is the client's record too, but its money is the customer's: no refund by the client.
    refund = logged("acme", "client").post_json(
        f"/api/deposits/{deposit['id']}/refunds", {"amount": 100, "reason": "Desistiu"}
    )
    assert refund.status_code == 409
    assert refund.json()["code"] == "refund_not_supported"


@pytest.mark.django_db
def test_a_customer_withdraws_from_its_own_wallet_only() -> None:
    user_id, customer = new_customer("acme")
    account = own_account(customer)
    company_before = balance("acme")
    body = {"amount": 1_000, "method": "pix", "bank_account_id": account}
    refused = create_payout(customer, body)
    assert refused.status_code == 422, refused.content
    assert refused.json()["code"] == "insufficient_funds"
    fund_customer("acme", user_id, 5_000)
    created = create_payout(customer, body)
    assert created.status_code == 201, created.content
    total = 1_000 + created.json()["fee"]
    assert wallet(customer)["BRL"] == 5_000 - total
    assert balance("acme")["available"] == company_before["available"]  # not the client's money
    assert balance("acme")["held"] == company_before["held"] + total
    too_much = create_payout(customer, {**body, "amount": 5_000})
    assert too_much.status_code == 422
    # Rejected: the money returns to the wallet, not to the client.
    admin = logged("public", "admin")
    rejected = admin.post_json(f"/api/payouts/{created.json()['id']}/reject", {"reason": "Conta errada"})
    assert rejected.status_code == 200, rejected.content
    assert wallet(customer)["BRL"] == 5_000
    assert balance("acme") == company_before


@pytest.mark.django_db
def test_a_customer_sees_only_its_own_money() -> None:
    first_id, first = new_customer("acme")
    _, second = new_customer("acme")
    fund_customer("acme", first_id, 3_000)
    body = {"method": "pix", "amount": 2_000, "payer": PAYER}
    deposit = first.post_json("/api/wallet/deposits", body).json()
    payout = create_payout(first, {"amount": 500, "method": "pix", "bank_account_id": own_account(first)})
    assert payout.status_code == 201, payout.content
    assert wallet(second)["BRL"] == 0
    assert second.get("/api/wallet/activity").json()["items"] == []
    assert second.get(f"/api/wallet/deposits/{deposit['id']}").status_code == 404
    assert second.get(f"/api/wallet/deposits/{deposit['id']}/document").status_code == 404
    assert first.get(f"/api/wallet/deposits/{deposit['id']}/document").status_code == 200
    assert second.get(f"/api/payouts/{payout.json()['id']}").status_code == 404
    assert second.get("/api/payouts").json()["items"] == []
    assert {a["id"] for a in first.get("/api/wallet/activity").json()["items"]} == {
        deposit["id"],
        payout.json()["id"],
    }
    withdraws = first.get("/api/wallet/activity?kind=withdraw").json()["items"]
    assert [a["id"] for a in withdraws] == [payout.json()["id"]]
    # Not a customer: the wallet is not theirs to read.
    assert logged("acme", "client").get("/api/wallet").status_code in (403, 404)


def test_two_withdraws_racing_for_one_wallet_only_one_succeeds(
    django_db_setup: None, django_db_blocker: Any
) -> None:
    with django_db_blocker.unblock():
        slug, _owner = committed_client("cwal")
        user_id, customer = new_customer(slug)
        account = own_account(customer)
        fund_customer(slug, user_id, 1_500)  # covers one withdraw of 1 000 (fee included), not two
        body = {"amount": 1_000, "method": "pix", "bank_account_id": account}

        def request(client: ApiClient) -> tuple[int, str]:
            response = create_payout(client, body)
            return response.status_code, response.json().get("code", "")

        results = at_once(2, request, customer)
        assert sorted(results) == [(201, ""), (422, "insufficient_funds")]
        with schema_context(slug):
            assert Payout.objects.count() == 1
        assert wallet(customer)["BRL"] >= 0
        with schema_context("public"):
            assert check_invariants().ok
            Tenant.objects.filter(slug=slug).update(status="suspended")
        connections.close_all()
