"""Payouts through the HTTP API: funds held at creation, idempotency, kinds and routes, customers'
withdrawals, staff single withdraws, compliance review (auto-approval, queue, count, maker-checker,
reject), cancel, list and detail."""

from __future__ import annotations

import json
import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from accounts.models import Membership, User
from compliance.models import ComplianceRule
from gateway.models import TransactionIndex
from ops.demo import DEMO_PASSWORD, demo_email
from payouts.models import Payout
from tenants.models import Tenant
from tests.payouts.helpers import BB_ACCOUNT, balance, create_payout, fund, fund_customer, logged
from tests.support.http import ApiClient
from tests.support.second_factor import login_payload

pytestmark = pytest.mark.django_db


@pytest.fixture
def acme() -> ApiClient:
    """acme's owner; acme without an auto-approval rule (every payout waits for review) unless a
    test sets one."""
    ComplianceRule.objects.filter(tenant__slug="acme").delete()
    return logged("acme", "client")


@pytest.fixture
def admin() -> ApiClient:
    return logged("public", "admin")


@pytest.fixture
def account(acme: ApiClient) -> str:
    response = acme.post_json("/api/bank-accounts", BB_ACCOUNT)
    assert response.status_code == 201, response.content
    return str(response.json()["id"])


def body(account: str, **overrides: Any) -> dict[str, Any]:
    return {"amount": 10_000, "currency": "BRL", "method": "pix", "bank_account_id": account, **overrides}


def set_rule(admin: ApiClient, slug: str, up_to: int) -> Any:
    return admin.generic(
        "PUT",
        f"/api/admin/compliance-rules/{slug}",
        json.dumps({"currency": "BRL", "auto_approve_up_to": up_to}),
        content_type="application/json",
    )


def second_admin() -> ApiClient:
    with schema_context("public"):
        user = User.objects.create_user(f"admin2-{uuid.uuid4().hex[:8]}@demo.test", DEMO_PASSWORD)
        Membership.objects.create(user=user, tenant=Tenant.objects.get(slug="platform"), role="admin")
    client = ApiClient("public")
    response = client.post_json("/api/auth/login", login_payload(user.email, DEMO_PASSWORD))
    assert response.status_code == 200, response.content
    return client


# ---------------------------------------------------------------------------------- creation
def test_a_payout_holds_its_funds_at_once_and_waits_for_review(acme: ApiClient, account: str) -> None:
    fund("acme", 50_000)
    before = balance("acme")
    response = create_payout(acme, body(account, description="Fornecedor"))
    assert response.status_code == 201, response.content
    payout = response.json()
    assert payout["id"].startswith("pay_")
    assert (payout["status"], payout["kind"], payout["withdraw_method"]) == ("waiting", "standard", "pix")
    assert payout["bank"]["compe"] == "001"
    assert (payout["agency"], payout["account"], payout["account_digit"]) == ("1234", "567890", "0")
    assert payout["client"] == {"slug": "acme", "name": "Acme Pagamentos Ltda"}
    assert payout["transaction_id"] == ""
    assert payout["fee"] == 150  # acme's demo rate: R$ 1,50 per PIX payout, held with the amount
    after = balance("acme")
    assert before["available"] - after["available"] == 10_150
    assert after["held"] - before["held"] == 10_150
    row = TransactionIndex.objects.get(public_id=payout["id"])
    assert (row.kind, row.status, row.amount, row.fee, row.name) == (
        "payout",
        "waiting",
        10_000,
        150,
        "Ana Souza",
    )
    detail = acme.get(f"/api/payouts/{payout['id']}").json()
    assert [e["to_status"] for e in detail["events"]] == ["waiting"]
    assert [(p["kind"], p["amount"]) for p in detail["postings"]] == [
        ("available", 10_150),
        ("held", -10_150),
    ]


@pytest.mark.parametrize(
    ("language", "text"), [("pt-BR", "Saldo insuficiente."), ("en", "Insufficient funds.")]
)
def test_a_payout_above_the_available_balance_is_refused_and_nothing_is_written(
    account: str, language: str, text: str
) -> None:
    client = logged("acme", "client", language=language)
    fund("acme", 1_000)
    available = balance("acme")["available"]
    key = uuid.uuid4().hex
    response = create_payout(client, body(account, amount=available + 1), key=key)
    assert response.status_code == 409, response.content
    assert response.json() == {"code": "insufficient_funds", "message": text}
    assert balance("acme")["available"] == available
    with schema_context("acme"):
        assert not Payout.objects.filter(idempotency_key=key).exists()


def test_the_same_key_and_body_answers_the_same_payout(acme: ApiClient, account: str) -> None:
    fund("acme", 30_000)
    key = uuid.uuid4().hex
    first = create_payout(acme, body(account), key=key)
    again = create_payout(acme, body(account), key=key)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json() == first.json()
    with schema_context("acme"):
        assert Payout.objects.filter(idempotency_key=key).count() == 1
    conflict = create_payout(acme, body(account, amount=10_001), key=key)
    assert conflict.status_code == 409
    assert conflict.json()["code"] == "idempotency_conflict"


def test_the_idempotency_key_is_required(acme: ApiClient, account: str) -> None:
    response = acme.post_json("/api/payouts", body(account))
    assert response.status_code == 400
    assert response.json()["code"] == "idempotency_key_required"


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"currency": "USD"}, "currency"),
        ({"bank_account_id": ""}, "bank_account_id"),
        ({"beneficiary": {"holder_name": "Ana", "holder_document": "52998224725"}}, "bank_account_id"),
    ],
)
def test_bad_requests_get_a_field_error(
    acme: ApiClient, account: str, overrides: dict[str, Any], field: str
) -> None:
    response = create_payout(acme, body(account, **overrides))
    assert response.status_code == 400, response.content
    assert field in response.json()["fields"]


def test_an_inline_beneficiary_needs_a_pix_key_for_pix_and_an_account_for_ted(acme: ApiClient) -> None:
    fund("acme", 20_000)
    person = {"holder_name": "Bruno Lima", "holder_document": "390.533.447-05"}
    no_key = create_payout(acme, {"amount": 500, "method": "pix", "beneficiary": person})
    assert no_key.status_code == 400
    assert no_key.json()["fields"] == {"pix_key": "required"}
    no_account = create_payout(acme, {"amount": 500, "method": "ted", "beneficiary": person})
    assert no_account.status_code == 400
    assert no_account.json()["code"] == "bank_account_invalid"
    ok = create_payout(
        acme, {"amount": 500, "method": "pix", "beneficiary": {**person, "pix_key": "+5511998765432"}}
    )
    assert ok.status_code == 201, ok.content
    assert (ok.json()["pix_key"], ok.json()["bank"], ok.json()["bank_account_id"]) == (
        "+5511998765432",
        None,
        None,
    )
    ted = create_payout(
        acme,
        {"amount": 700, "method": "ted", "beneficiary": {**person, "bank_compe": "104", "agency": "0001",
                                                         "account": "123456", "account_digit": "7",
                                                         "account_type": "savings", "operation": "013"}},
    )  # fmt: skip
    assert ted.status_code == 201, ted.content
    assert (ted.json()["bank"]["compe"], ted.json()["operation"]) == ("104", "013")


def test_a_deleted_bank_account_cannot_be_paid_but_its_payouts_keep_their_snapshot(
    acme: ApiClient, account: str
) -> None:
    fund("acme", 20_000)
    payout = create_payout(acme, body(account)).json()
    acme.delete(f"/api/bank-accounts/{account}")
    assert create_payout(acme, body(account)).status_code == 404
    assert acme.get(f"/api/payouts/{payout['id']}").json()["account"] == "567890"


# ------------------------------------------------------------------------------------- kinds
def test_each_kind_needs_its_own_route(account: str) -> None:
    fund("acme", 100_000)
    financial = logged("acme", "client_user_financial")
    assert create_payout(financial, body(account, kind="manual", amount=100)).status_code == 201
    assert create_payout(financial, body(account, kind="transactional", amount=100)).status_code == 201
    assert create_payout(financial, body(account, kind="wallet", amount=100)).status_code == 403  # managers
    client_user = logged("acme", "client_user")
    assert create_payout(client_user, body(account, amount=100)).status_code == 201
    assert create_payout(client_user, body(account, kind="manual", amount=100)).status_code == 403
    # client_user sees the standard ones only
    kinds = {p["kind"] for p in client_user.get("/api/payouts").json()["items"]}
    assert kinds == {"standard"}
    analyst = logged("acme", "client_user_analyst")
    refused = create_payout(analyst, body(account, amount=100))
    assert refused.status_code == 403
    assert refused.json()["code"] == "read_only_role"


def test_manual_withdraws_need_the_feature_toggle() -> None:
    beta = ApiClient("beta")
    response = beta.post_json("/api/auth/login", login_payload("owner@beta.demo.test", DEMO_PASSWORD))
    assert response.status_code == 200
    account = beta.post_json("/api/bank-accounts", BB_ACCOUNT).json()["id"]
    fund("beta", 1_000)
    assert create_payout(beta, body(account, amount=100, kind="manual")).status_code == 403
    assert create_payout(beta, body(account, amount=100)).status_code == 201


# -------------------------------------------------------------------------------- customers
def test_a_customer_withdraws_to_their_own_accounts_and_always_waits_for_review(
    acme: ApiClient, admin: ApiClient, account: str
) -> None:
    fund("acme", 20_000)
    assert set_rule(admin, "acme", 1_000_000).status_code == 200
    customer = logged("acme", "customer")
    own = customer.post_json("/api/bank-accounts", {**BB_ACCOUNT, "holder_name": "Carla Dias"}).json()["id"]
    assert create_payout(customer, body(own, amount=1_000)).status_code == 422  # an empty wallet
    with schema_context("public"):
        customer_id = User.objects.get(email=demo_email("customer")).pk
    fund_customer("acme", customer_id, 2_000)
    created = create_payout(customer, body(own, amount=1_000))
    assert created.status_code == 201, created.content
    assert created.json()["status"] == "waiting"  # never auto-approved, even from its own wallet
    assert create_payout(customer, body(account, amount=1_000)).status_code == 404  # the company's account
    inline = create_payout(customer, {"amount": 100, "method": "pix", "beneficiary": {
        "holder_name": "X Y", "holder_document": "52998224725", "pix_key": "52998224725"}})  # fmt: skip
    assert inline.status_code == 400
    company_payout = create_payout(acme, body(account, amount=1_000)).json()
    assert [p["id"] for p in customer.get("/api/payouts").json()["items"]] == [created.json()["id"]]
    assert customer.get(f"/api/payouts/{company_payout['id']}").status_code == 404
    assert created.json()["id"] in [p["id"] for p in acme.get("/api/payouts").json()["items"]]


# --------------------------------------------------------------------------------- review
def test_auto_approval_at_or_below_the_threshold(acme: ApiClient, admin: ApiClient, account: str) -> None:
    fund("acme", 50_000)
    assert set_rule(admin, "acme", 5_000).json()["auto_approve_up_to"] == 5_000
    assert any(r["client"]["slug"] == "acme" for r in admin.get("/api/admin/compliance-rules").json())
    at = create_payout(acme, body(account, amount=5_000)).json()
    above = create_payout(acme, body(account, amount=5_001)).json()
    assert (at["status"], at["approval"], at["approved_by_id"]) == ("approved", "auto", None)
    assert above["status"] == "waiting"
    events = acme.get(f"/api/payouts/{at['id']}").json()["events"]
    assert [(e["to_status"], e["source"]) for e in events] == [("waiting", "api"), ("approved", "auto")]


def test_only_staff_with_the_compliance_route_set_rules() -> None:
    employee = logged("public", "employee")
    response = employee.generic("PUT", "/api/admin/compliance-rules/acme", '{"auto_approve_up_to": 1}',
                                content_type="application/json")  # fmt: skip
    assert response.status_code == 403


def test_the_compliance_count_and_queue_for_admins(acme: ApiClient, admin: ApiClient, account: str) -> None:
    fund("acme", 50_000)
    before = admin.get("/api/payouts/compliance/count")
    assert before.status_code == 200
    payout = create_payout(acme, body(account, amount=2_500)).json()
    assert admin.get("/api/payouts/compliance/count").json() == {"count": before.json()["count"] + 1}
    queue = admin.get("/api/payouts/compliance", {"client": "acme", "per_page": "100"}).json()
    item = next(i for i in queue["items"] if i["id"] == payout["id"])
    assert (item["client"]["slug"], item["amount"], item["beneficiary_name"]) == ("acme", 2_500, "Ana Souza")
    for role, slug in (("client", "acme"), ("employee", "public"), ("financial", "public")):
        assert logged(slug, role).get("/api/payouts/compliance/count").status_code == 403


def test_the_queue_filters_by_period(acme: ApiClient, admin: ApiClient, account: str) -> None:
    fund("acme", 50_000)
    payout = create_payout(acme, body(account, amount=2_600)).json()
    today = timezone.localdate().isoformat()
    tomorrow = (timezone.localdate() + timedelta(days=1)).isoformat()

    def ids(**period: str) -> list[str]:
        page = admin.get("/api/payouts/compliance", {"client": "acme", "per_page": "100", **period})
        assert page.status_code == 200
        return [item["id"] for item in page.json()["items"]]

    assert payout["id"] in ids(date_from=today, date_to=today)
    assert payout["id"] not in ids(date_from=tomorrow)
    assert 400 <= admin.get("/api/payouts/compliance", {"date_from": "2026-13-40"}).status_code < 500


def test_the_queue_is_keyset_paginated_oldest_first(acme: ApiClient, admin: ApiClient, account: str) -> None:
    fund("acme", 50_000)
    ids = [create_payout(acme, body(account, amount=100 + n)).json()["id"] for n in range(12)]
    seen: list[str] = []
    cursor = None
    while True:
        params: dict[str, Any] = {"client": "acme", "per_page": 10}
        if cursor:
            params["cursor"] = cursor
        page = admin.get("/api/payouts/compliance", params).json()
        seen.extend(item["id"] for item in page["items"])
        cursor = page["next_cursor"]
        if not cursor:
            break
    assert [i for i in seen if i in ids] == ids


def test_an_admin_approves_on_the_platform_host_but_never_their_own_payout(
    admin: ApiClient, account: str
) -> None:
    fund("acme", 50_000)
    staff = admin.post_json(
        "/api/admin/payouts", {"client": "acme", **body(account, amount=3_000)},
        headers={"Idempotency-Key": uuid.uuid4().hex},
    )  # fmt: skip
    assert staff.status_code == 201, staff.content
    payout = staff.json()
    own = admin.post_json(f"/api/payouts/{payout['id']}/approve", {})
    assert own.status_code == 403
    assert own.json()["code"] == "maker_checker"
    other = second_admin()
    approved = other.post_json(f"/api/payouts/{payout['id']}/approve", {"note": "ok"})
    assert approved.status_code == 200, approved.content
    assert (approved.json()["status"], approved.json()["approval"]) == ("approved", "manual")
    assert approved.json()["approved_by_id"] is not None
    detail = other.get(f"/api/payouts/{payout['id']}").json()
    assert [e["to_status"] for e in detail["events"]] == ["waiting", "approved"]
    assert TransactionIndex.objects.get(public_id=payout["id"]).status == "approved"
    again = other.post_json(f"/api/payouts/{payout['id']}/reject", {"reason": "late"})
    assert again.status_code == 409
    assert again.json()["code"] == "invalid_transition"


def test_reject_needs_a_reason_and_releases_the_funds(
    acme: ApiClient, admin: ApiClient, account: str
) -> None:
    fund("acme", 50_000)
    before = balance("acme")
    payout = create_payout(acme, body(account, amount=4_000)).json()
    missing = admin.post_json(f"/api/payouts/{payout['id']}/reject", {"reason": "   "})
    assert missing.status_code == 400
    assert missing.json()["code"] == "reason_required"
    rejected = admin.post_json(f"/api/payouts/{payout['id']}/reject", {"reason": "Beneficiário sem KYC"})
    assert rejected.status_code == 200
    assert (rejected.json()["status"], rejected.json()["rejection_reason"]) == (
        "rejected",
        "Beneficiário sem KYC",
    )
    assert balance("acme") == before
    detail = acme.get(f"/api/payouts/{payout['id']}").json()
    assert [p["entry"] for p in detail["postings"]] == ["payout_reserved"] * 2 + ["payout_released"] * 2


def test_a_client_approves_nothing(acme: ApiClient, account: str) -> None:
    fund("acme", 5_000)
    payout = create_payout(acme, body(account, amount=100)).json()
    assert acme.post_json(f"/api/payouts/{payout['id']}/approve", {}).status_code == 403


# --------------------------------------------------------------------------------- cancel
def test_the_client_cancels_while_waiting_and_gets_the_funds_back(
    acme: ApiClient, admin: ApiClient, account: str
) -> None:
    fund("acme", 50_000)
    before = balance("acme")
    payout = create_payout(acme, body(account, amount=6_000)).json()
    canceled = acme.post_json(f"/api/payouts/{payout['id']}/cancel", {"reason": "typo"})
    assert canceled.status_code == 200
    assert canceled.json()["status"] == "canceled"
    assert balance("acme") == before
    assert set_rule(admin, "acme", 10_000).status_code == 200
    approved = create_payout(acme, body(account, amount=6_000)).json()
    refused = acme.post_json(f"/api/payouts/{approved['id']}/cancel", {})
    assert refused.status_code == 409
    assert refused.json()["code"] == "payout_not_cancelable"


# ------------------------------------------------------------------------------ staff payouts
def test_an_employee_generates_a_withdraw_for_an_assigned_client_only(account: str) -> None:
    fund("acme", 10_000)
    employee = logged("public", "employee")
    accounts = employee.get("/api/admin/payouts/clients/acme/bank-accounts").json()
    assert account in [a["id"] for a in accounts]
    created = employee.post_json(
        "/api/admin/payouts", {"client": "acme", **body(account, amount=1_500, method="ted")},
        headers={"Idempotency-Key": "staff-1"},
    )  # fmt: skip
    assert created.status_code == 201, created.content
    assert (created.json()["client"]["slug"], created.json()["withdraw_method"]) == ("acme", "ted")
    assert employee.get("/api/admin/payouts/clients/beta/bank-accounts").status_code == 404
    elsewhere = employee.post_json(
        "/api/admin/payouts", {"client": "beta", **body(account, amount=1_500)},
        headers={"Idempotency-Key": "staff-2"},
    )  # fmt: skip
    assert elsewhere.status_code == 404


# ---------------------------------------------------------------------------------- lists
def test_list_filters_search_and_pages(acme: ApiClient, account: str) -> None:
    fund("acme", 100_000)
    pix = create_payout(acme, body(account, amount=1_111)).json()
    ted = create_payout(acme, body(account, amount=2_222, method="ted")).json()
    other = create_payout(acme, {"amount": 3_333, "method": "pix", "beneficiary": {
        "holder_name": "Zélia Gonçalves", "holder_document": "11.222.333/0001-81",
        "pix_key": "11222333000181"}})  # fmt: skip
    assert other.status_code == 201, other.content
    other_id = other.json()["id"]

    def ids(**params: Any) -> list[str]:
        response = acme.get("/api/payouts", {"per_page": 100, **params})
        assert response.status_code == 200, response.content
        return [p["id"] for p in response.json()["items"]]

    assert ids(q=pix["id"]) == [pix["id"]]
    assert ids(q="zelia") == [other_id]
    assert ids(q="11.222.333/0001-81") == [other_id]
    assert ted["id"] in ids(method="ted")
    assert pix["id"] not in ids(method="ted")
    assert ids(amount_min=2_222, amount_max=2_222) == [ted["id"]]
    assert set(ids(status="waiting")) >= {pix["id"], ted["id"], other_id}
    page = acme.get("/api/payouts", {"per_page": "10", "sort": "amount"}).json()
    assert page["summary"]["count"] >= 3
    rows = page["items"]
    assert [r["amount"] for r in rows] == sorted(r["amount"] for r in rows)
