"""Refunds (estornos) through the HTTP API: partial and full, before and after settlement, never above
the amount paid, PIX within 90 days only, roles; the fee is never returned. A refund is pending (its
money held) until the provider confirms it (tests/payouts/test_refund_provider.py: the provider's side)."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from gateway.models import TransactionIndex
from ledger import services as ledger
from ledger.models import AccountKind
from payments import services as payments
from payments.models import Deposit
from refunds import services as refunds
from refunds.models import Refund
from tenants.models import Tenant
from tests.payouts.helpers import balance, clearing_balance, fund, logged, post_webhooks
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db

PAYER = {
    "name": "João da Silva", "document": "529.982.247-25", "street": "Rua das Flores", "number": "100",
    "neighborhood": "Centro", "city": "São Paulo", "state": "SP", "zipcode": "01001000",
}  # fmt: skip


@pytest.fixture
def acme() -> ApiClient:
    return logged("acme", "client")


def paid_deposit(client: ApiClient, amount: int = 10_000, method: str = "pix") -> str:
    body: dict[str, Any] = {"method": method, "amount": amount, "currency": "BRL", "payer": PAYER}
    if method == "billet":
        body["due_date"] = (timezone.localdate() + timedelta(days=3)).isoformat()
    response = client.post_json("/api/deposits", body)
    assert response.status_code == 201, response.content
    deposit_id = str(response.json()["id"])
    assert post_webhooks(deposit_id) == ["applied"]
    return deposit_id


def refund(client: ApiClient, deposit_id: str, amount: int, reason: str = "Cliente desistiu") -> Any:
    return client.post_json(f"/api/deposits/{deposit_id}/refunds", {"amount": amount, "reason": reason})


def confirm(refund_id: str) -> None:
    """The provider's side: the refund is submitted (the actor's body) and the bank's webhook posted."""
    with schema_context("acme"):
        assert refunds.submit_refund(Refund.objects.get(public_id=refund_id).pk) == "recorded"
    assert post_webhooks(refund_id) == ["applied"]


def refund_confirmed(client: ApiClient, deposit_id: str, amount: int) -> dict[str, Any]:
    response = refund(client, deposit_id, amount)
    assert response.status_code == 201, response.content
    confirm(response.json()["id"])
    return dict(client.get(f"/api/refunds/{response.json()['id']}").json())


def settle() -> None:
    with schema_context("acme"):
        payments.settle_due(timezone.localdate() + timedelta(days=40))


def deposit(client: ApiClient, deposit_id: str) -> dict[str, Any]:
    return dict(client.get(f"/api/deposits/{deposit_id}").json())


def test_a_partial_refund_before_settlement_comes_out_of_pending_and_settlement_moves_the_rest(
    acme: ApiClient,
) -> None:
    deposit_id = paid_deposit(acme)  # 10_000, fee 99, net 9_901 pending
    before, bank_before = balance("acme"), clearing_balance()
    response = refund(acme, deposit_id, 3_000)
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["id"].startswith("ref_")
    assert (body["status"], body["from_pending"], body["from_available"]) == ("pending", 3_000, 0)
    held = balance("acme")  # reserved at once: out of pending, into held, not yet at the bank
    assert (before["pending"] - held["pending"], held["held"] - before["held"]) == (3_000, 3_000)
    assert clearing_balance() == bank_before
    confirm(body["id"])
    after = balance("acme")
    assert before["pending"] - after["pending"] == 3_000
    assert (after["available"], after["held"]) == (before["available"], before["held"])
    assert bank_before - clearing_balance() == 3_000
    assert acme.get(f"/api/refunds/{body['id']}").json()["status"] == "confirmed"
    detail = deposit(acme, deposit_id)
    assert (detail["status"], detail["refunded_amount"]) == ("confirmed", 3_000)
    assert TransactionIndex.objects.get(public_id=body["id"]).kind == "refund"
    settle()
    settled = balance("acme")
    assert settled["available"] - after["available"] == 9_901 - 3_000
    assert settled["pending"] == after["pending"] - (9_901 - 3_000)
    assert deposit(acme, deposit_id)["status"] == "paid_to_client"


def test_a_full_refund_refunds_the_deposit_and_the_merchant_pays_the_fee(acme: ApiClient) -> None:
    fund("acme", 1_000)
    deposit_id = paid_deposit(acme)
    before = balance("acme")
    response = refund(acme, deposit_id, 10_000)
    assert response.status_code == 201, response.content
    assert (response.json()["from_pending"], response.json()["from_available"]) == (9_901, 99)
    pending = deposit(acme, deposit_id)
    assert (pending["status"], pending["refunded_amount"]) == ("confirmed", 10_000)  # not until confirmed
    confirm(response.json()["id"])
    after = balance("acme")
    assert before["pending"] - after["pending"] == 9_901
    assert before["available"] - after["available"] == 99  # the fee is not returned
    detail = deposit(acme, deposit_id)
    assert (detail["status"], detail["refunded_amount"]) == ("refunded", 10_000)
    assert [e["to_status"] for e in detail["events"]][-1] == "refunded"


def test_refunds_of_a_settled_deposit_in_parts_then_over_the_amount(acme: ApiClient) -> None:
    fund("acme", 1_000)
    deposit_id = paid_deposit(acme)
    settle()
    before = balance("acme")
    refund_confirmed(acme, deposit_id, 4_000)
    over = refund(acme, deposit_id, 6_001)
    assert over.status_code == 409
    assert over.json()["code"] == "refund_exceeds_amount"
    assert over.json()["fields"] == {"amount": "max:6000"}
    last = refund(acme, deposit_id, 6_000)
    assert last.status_code == 201
    assert refund(acme, deposit_id, 1).json()["code"] == "refund_exceeds_amount"  # the pending one counts
    assert deposit(acme, deposit_id)["status"] == "paid_to_client"
    confirm(last.json()["id"])
    assert before["available"] - balance("acme")["available"] == 10_000
    assert deposit(acme, deposit_id)["status"] == "refunded"
    again = refund(acme, deposit_id, 1)
    assert again.status_code == 409
    assert again.json()["code"] == "refund_not_allowed"


def test_a_refund_the_balance_cannot_cover_is_refused(acme: ApiClient) -> None:
    deposit_id = paid_deposit(acme)  # net 9_901 in pending; the 99 of fee must come from available
    hold_all_available("acme")
    response = refund(acme, deposit_id, 10_000)
    assert response.status_code == 409
    assert response.json()["code"] == "insufficient_funds"
    assert deposit(acme, deposit_id)["refunded_amount"] == 0
    assert refund(acme, deposit_id, 9_901).status_code == 201  # the unsettled net alone is covered


def hold_all_available(slug: str) -> None:
    available = balance(slug)["available"]
    if not available:
        return
    with schema_context("public"):
        tenant = Tenant.objects.get(slug=slug)
        ledger.post(
            f"test-hold:{slug}:{uuid.uuid4().hex}", "test_hold",
            [ledger.Line(ledger.tenant_account(tenant, AccountKind.AVAILABLE, "BRL"), available),
             ledger.Line(ledger.tenant_account(tenant, AccountKind.HELD, "BRL"), -available)],
            tenant=tenant,
        )  # fmt: skip


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("pt-BR", "O prazo para estornar um PIX é de 90 dias após o pagamento."),
        ("en", "A PIX payment can only be refunded within 90 days of payment."),
    ],
)
def test_a_pix_payment_cannot_be_refunded_after_90_days(language: str, text: str) -> None:
    client = logged("acme", "client", language=language)
    deposit_id = paid_deposit(client)
    with schema_context("acme"):
        Deposit.objects.filter(public_id=deposit_id).update(confirmed_at=timezone.now() - timedelta(days=91))
    response = refund(client, deposit_id, 1_000)
    assert response.status_code == 409
    assert response.json() == {"code": "refund_window_closed", "message": text}
    with schema_context("acme"):
        Deposit.objects.filter(public_id=deposit_id).update(confirmed_at=timezone.now() - timedelta(days=89))
    assert refund(client, deposit_id, 1_000).status_code == 201


def test_a_billet_has_no_90_day_window(acme: ApiClient) -> None:
    deposit_id = paid_deposit(acme, method="billet")
    with schema_context("acme"):
        Deposit.objects.filter(public_id=deposit_id).update(confirmed_at=timezone.now() - timedelta(days=200))
    assert refund(acme, deposit_id, 1_000).status_code == 201


def test_an_unpaid_deposit_cannot_be_refunded_and_a_reason_is_required(acme: ApiClient) -> None:
    waiting = acme.post_json("/api/deposits", {"method": "pix", "amount": 1_000, "payer": PAYER}).json()
    refused = refund(acme, waiting["id"], 500)
    assert refused.status_code == 409
    assert refused.json()["code"] == "refund_not_allowed"
    deposit_id = paid_deposit(acme)
    missing = refund(acme, deposit_id, 500, reason=" ")
    assert missing.status_code == 400
    assert missing.json()["code"] == "reason_required"


@pytest.mark.parametrize(
    ("role", "allowed"),
    [
        ("client", True),
        ("client_user_admin", True),
        ("client_user_financial", True),
        ("client_user", False),
        ("client_user_analyst", False),
        ("customer", False),
    ],
)
def test_who_may_refund(acme: ApiClient, role: str, allowed: bool) -> None:
    deposit_id = paid_deposit(acme)
    response = refund(logged("acme", role), deposit_id, 100)
    assert (response.status_code == 201) is allowed, response.content
    if not allowed:
        assert response.status_code == 403


def test_refunds_are_listed_and_read(acme: ApiClient) -> None:
    deposit_id = paid_deposit(acme)
    first = refund(acme, deposit_id, 1_000).json()
    second = refund(acme, deposit_id, 2_000).json()
    listed = acme.get("/api/refunds", {"deposit": deposit_id}).json()
    assert [r["id"] for r in listed["items"]] == [second["id"], first["id"]]
    one = acme.get(f"/api/refunds/{first['id']}").json()
    assert (one["deposit_id"], one["amount"], one["reason"]) == (deposit_id, 1_000, "Cliente desistiu")
    assert logged("acme", "client_user_analyst").get("/api/refunds").status_code == 403


def test_refunds_filter_by_status_period_and_search(acme: ApiClient) -> None:
    deposit_id = paid_deposit(acme)
    pending = refund(acme, deposit_id, 1_000).json()
    confirmed = refund_confirmed(acme, deposit_id, 2_000)

    def ids(**params: Any) -> list[str]:
        response = acme.get("/api/refunds", {"deposit": deposit_id, **params})
        assert response.status_code == 200, response.content
        return [r["id"] for r in response.json()["items"]]

    assert ids(status="pending") == [pending["id"]]
    assert ids(status=["pending", "confirmed"]) == [confirmed["id"], pending["id"]]
    today = timezone.localdate()
    assert ids(date_from=today.isoformat(), date_to=today.isoformat()) == [confirmed["id"], pending["id"]]
    assert ids(date_to=(today - timedelta(days=1)).isoformat()) == []
    assert ids(q=pending["id"].upper()) == [pending["id"]]
    assert acme.get("/api/refunds", {"q": deposit_id}).json()["items"][0]["deposit_id"] == deposit_id
    assert ids(q="joão da") == [confirmed["id"], pending["id"]]
    assert ids(q="Maria") == []
    assert acme.get("/api/refunds", {"date_from": "2026-02-30"}).status_code == 400
