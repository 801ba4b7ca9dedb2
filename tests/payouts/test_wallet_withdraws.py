"""Wallet withdraws (client/wallet-withdraws): the client company takes money from its balance at
Cofre to one of its OWN bank accounts. A payout of kind wallet: funds held at creation, the same
review, the sandbox bank; confirmed by the bank, it ends paid_to_client. Staff list them across
clients (admin/wallet-withdraws) from the public transaction index."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django_tenants.utils import schema_context

from compliance.models import ComplianceRule
from gateway.models import TransactionIndex
from ledger.models import Posting
from ledger.services import check_invariants
from ops.demo import DEMO_PASSWORD
from payouts import services
from payouts.models import Payout
from tenants.models import Tenant
from tests.payouts.helpers import (
    BB_ACCOUNT,
    balance,
    clearing_balance,
    committed_client,
    create_payout,
    fund,
    logged,
    post_webhooks,
)
from tests.support.http import ApiClient
from tests.support.second_factor import login_payload

STRANGER = {"holder_name": "Someone Else", "holder_document": "52998224725", "pix_key": "52998224725"}
COMPANY_ACCOUNT = {**BB_ACCOUNT, "holder_name": "Acme Pagamentos Ltda", "holder_document": "11222333000181"}


def wallet(account: str, **overrides: Any) -> dict[str, Any]:
    return {"amount": 10_000, "currency": "BRL", "method": "ted", "kind": "wallet",
            "bank_account_id": account, **overrides}  # fmt: skip


def set_rule(slug: str, up_to: int | None) -> None:
    ComplianceRule.objects.filter(tenant__slug=slug).delete()
    if up_to is not None:
        ComplianceRule.objects.create(
            tenant=Tenant.objects.get(slug=slug), currency="BRL", auto_approve_up_to=up_to
        )


def submit(slug: str, public_id: str) -> str:
    with schema_context(slug):
        return services.submit_payout(Payout.objects.get(public_id=public_id).pk)


@pytest.fixture
def acme() -> ApiClient:
    set_rule("acme", 1_000_000)  # auto-approved: straight to the bank
    fund("acme", 200_000)
    return logged("acme", "client")


@pytest.fixture
def own_account(acme: ApiClient) -> str:
    response = acme.post_json("/api/bank-accounts", COMPANY_ACCOUNT)
    assert response.status_code == 201, response.content
    assert response.json()["owner"] == "company"
    return str(response.json()["id"])


# ------------------------------------------------------------------------------------ creation
@pytest.mark.django_db
def test_a_wallet_withdraw_to_an_own_account_holds_the_funds_and_is_indexed(
    acme: ApiClient, own_account: str
) -> None:
    set_rule("acme", None)  # no rule: it waits for review like any payout
    before = balance("acme")
    response = create_payout(acme, wallet(own_account, amount=12_345))
    assert response.status_code == 201, response.content
    payout = response.json()
    assert (payout["kind"], payout["status"], payout["bank_account_id"]) == ("wallet", "waiting", own_account)
    assert (payout["beneficiary_name"], payout["beneficiary_document"]) == (
        "Acme Pagamentos Ltda",
        "11222333000181",
    )
    after = balance("acme")
    assert before["available"] - after["available"] == 12_345
    assert after["held"] - before["held"] == 12_345
    row = TransactionIndex.objects.get(public_id=payout["id"])
    assert (row.kind, row.payout_kind, row.status) == ("payout", "wallet", "waiting")
    assert (row.bank_name, row.destination) == (payout["bank"]["name"], "1234-3 / 567890-0")
    # the list of the wallet screen: GET /api/payouts?kind=wallet
    listed = acme.get("/api/payouts", {"kind": "wallet"}).json()["items"]
    assert [p["id"] for p in listed] == [payout["id"]]


@pytest.mark.django_db
def test_a_client_user_admin_may_and_the_other_client_roles_may_not(own_account: str) -> None:
    admin_user = logged("acme", "client_user_admin")
    assert create_payout(admin_user, wallet(own_account, amount=100)).status_code == 201
    for role in ("client_user", "client_user_financial", "client_user_analyst", "customer"):
        refused = create_payout(logged("acme", role), wallet(own_account, amount=100))
        assert refused.status_code == 403, (role, refused.content)
    # nor do they see wallet withdraws in their lists
    financial = logged("acme", "client_user_financial")
    assert "wallet" not in {p["kind"] for p in financial.get("/api/payouts").json()["items"]}
    assert financial.get("/api/payouts", {"kind": "wallet"}).json()["items"] == []


@pytest.mark.django_db
def test_a_wallet_withdraw_never_goes_to_a_customers_or_another_tenants_account(
    acme: ApiClient, own_account: str
) -> None:
    customer = logged("acme", "customer")
    customers_account = customer.post_json("/api/bank-accounts", {**BB_ACCOUNT, "holder_name": "Carla Dias"})
    assert customers_account.status_code == 201
    beta = ApiClient("beta")
    assert (
        beta.post_json("/api/auth/login", login_payload("owner@beta.demo.test", DEMO_PASSWORD)).status_code
        == 200
    )
    betas_account = beta.post_json("/api/bank-accounts", COMPANY_ACCOUNT).json()["id"]
    before = balance("acme")

    for foreign in (customers_account.json()["id"], betas_account, "bac_00000000000000000000"):
        refused = create_payout(acme, wallet(foreign))
        assert refused.status_code == 404, refused.content
        assert refused.json()["code"] == "not_found"

    inline = create_payout(
        acme, {"amount": 10_000, "method": "pix", "kind": "wallet", "beneficiary": STRANGER}
    )
    assert inline.status_code == 400
    assert inline.json()["code"] == "wallet_own_account_only"
    assert inline.json()["fields"] == {"bank_account_id": "required"}
    assert inline.json()["message"] == (
        "A wallet withdrawal can only go to one of the company's own registered bank accounts."
    )
    portuguese = logged("acme", "client", language="pt-BR")
    answer = create_payout(portuguese, {**wallet(own_account), "beneficiary": STRANGER})
    assert answer.status_code == 400
    assert answer.json()["message"].startswith("O saque da carteira só pode ir")
    # staff generating one for the client: the client's own company accounts only, too
    staff = logged("public", "admin")
    staff_refused = staff.post_json(
        "/api/admin/payouts", {"client": "acme", **wallet(betas_account)}, headers={"Idempotency-Key": "w-1"}
    )
    assert staff_refused.status_code == 404
    assert balance("acme") == before
    with schema_context("acme"):
        assert not Payout.objects.filter(kind="wallet").exists()


# ------------------------------------------------------------------------------- at the bank
@pytest.mark.django_db
def test_confirmed_by_the_bank_a_wallet_withdraw_ends_paid_to_client(
    acme: ApiClient, own_account: str
) -> None:
    before, bank_before = balance("acme"), clearing_balance()
    created = create_payout(acme, wallet(own_account, extra={"sandbox_scenario": "duplicate"}))
    assert created.status_code == 201, created.content
    public_id = created.json()["id"]
    assert created.json()["status"] == "approved"  # at or below acme's threshold
    assert submit("acme", public_id) == "applied"
    assert acme.get(f"/api/payouts/{public_id}").json()["status"] == "pending"
    assert post_webhooks(public_id) == ["applied", "duplicate"]

    detail = acme.get(f"/api/payouts/{public_id}").json()
    assert detail["status"] == "paid_to_client"
    assert [e["to_status"] for e in detail["events"]] == [
        "waiting", "approved", "pending", "confirmed", "paid_to_client"
    ]  # fmt: skip
    assert detail["events"][-1]["note"] == "implied by confirmed"
    assert detail["confirmed_at"]
    assert detail["finished_at"]
    # The same postings as any paid payout: reserved, then held -> provider clearing. Nothing more.
    assert [p["entry"] for p in detail["postings"]] == ["payout_reserved"] * 2 + ["payout_confirmed"] * 2
    after = balance("acme")
    assert before["available"] - after["available"] == 10_000
    assert after["held"] == before["held"]
    assert bank_before - clearing_balance() == 10_000
    assert TransactionIndex.objects.get(public_id=public_id).status == "paid_to_client"
    # a late or repeated word from the bank changes nothing
    with schema_context("acme"):
        payout = Payout.objects.get(public_id=public_id)
        assert services.apply_payout_state(payout, "confirmed", source="sync") == "ignored_same_state"
        assert services.apply_payout_state(payout, "processing", source="sync") == "ignored_stale"
    assert acme.get(f"/api/payouts/{public_id}").json()["status"] == "paid_to_client"
    assert balance("acme") == after
    with schema_context("public"):
        assert check_invariants().ok


@pytest.mark.django_db
def test_a_wallet_withdraw_returned_by_the_clients_bank_is_reversed(
    acme: ApiClient, own_account: str
) -> None:
    before, bank_before = balance("acme"), clearing_balance()
    public_id = create_payout(acme, wallet(own_account, extra={"sandbox_scenario": "reverse"})).json()["id"]
    submit("acme", public_id)
    assert post_webhooks(public_id) == ["applied", "applied"]
    detail = acme.get(f"/api/payouts/{public_id}").json()
    assert [e["to_status"] for e in detail["events"]][-3:] == ["confirmed", "paid_to_client", "reversed"]
    assert detail["status"] == "reversed"
    assert balance("acme") == before
    assert clearing_balance() == bank_before


@pytest.mark.django_db
def test_a_standard_payout_still_ends_confirmed(acme: ApiClient, own_account: str) -> None:
    public_id = create_payout(acme, wallet(own_account, kind="standard")).json()["id"]
    submit("acme", public_id)
    assert post_webhooks(public_id) == ["applied"]
    assert acme.get(f"/api/payouts/{public_id}").json()["status"] == "confirmed"


# ---------------------------------------------------------------------------- the staff list
@pytest.mark.django_db
def test_staff_list_wallet_withdraws_only_of_the_clients_in_their_scope(
    acme: ApiClient, own_account: str
) -> None:
    mine = create_payout(acme, wallet(own_account, amount=2_000)).json()["id"]
    standard = create_payout(acme, wallet(own_account, kind="standard", amount=3_000)).json()["id"]
    set_rule("beta", None)
    fund("beta", 50_000)
    beta = ApiClient("beta")
    assert (
        beta.post_json("/api/auth/login", login_payload("owner@beta.demo.test", DEMO_PASSWORD)).status_code
        == 200
    )
    betas_account = beta.post_json("/api/bank-accounts", COMPANY_ACCOUNT).json()["id"]
    betas = create_payout(beta, wallet(betas_account, amount=4_000)).json()["id"]

    admin = logged("public", "admin")
    listed = admin.get("/api/transactions/wallet-withdraws")
    assert listed.status_code == 200, listed.content
    items = {row["id"]: row for row in listed.json()["items"]}
    assert {mine, betas} <= set(items)
    assert standard not in items
    assert {row["payout_kind"] for row in items.values()} == {"wallet"}
    assert {row["kind"] for row in items.values()} == {"payout"}
    row = items[mine]
    assert (row["client"], row["amount"], row["currency"], row["status"]) == (
        "acme",
        2_000,
        "BRL",
        "approved",
    )
    assert (row["bank_name"], row["destination"]) == ("BCO DO BRASIL S.A.", "1234-3 / 567890-0")
    by_client = admin.get("/api/transactions/wallet-withdraws", {"tenant": "beta"}).json()["items"]
    assert [r["id"] for r in by_client] == [betas]
    by_status = admin.get("/api/transactions/wallet-withdraws", {"status": "waiting"}).json()["items"]
    assert betas in [r["id"] for r in by_status]
    assert mine not in [r["id"] for r in by_status]
    assert admin.get(f"/api/payouts/{betas}").json()["kind"] == "wallet"  # the row's detail

    # Employees see the clients assigned to them (acme), through the general list's filter.
    employee = logged("public", "employee")
    assert employee.get("/api/transactions/wallet-withdraws").status_code == 403  # an admin section
    seen = employee.get("/api/transactions", {"kind": "payout", "payout_kind": "wallet"}).json()["items"]
    assert mine in [r["id"] for r in seen]
    assert betas not in [r["id"] for r in seen]
    assert standard not in [r["id"] for r in seen]
    # and no client may call the staff list
    assert acme.get("/api/transactions/wallet-withdraws").status_code in {401, 403}


# --------------------------------------------------------------------- through a real worker
def wait_until(condition: Callable[[], bool], timeout: float = 30, interval: float = 0.2) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(interval)
    return False


@pytest.mark.worker
def test_the_worker_submits_a_wallet_withdraw_and_the_banks_confirmation_pays_the_client(
    worker: None, django_db_blocker: Any
) -> None:
    with django_db_blocker.unblock():
        slug, owner = committed_client("wal")
        fund(slug, 50_000)
        with schema_context("public"):
            ComplianceRule.objects.create(
                tenant=Tenant.objects.get(slug=slug), currency="BRL", auto_approve_up_to=50_000
            )
        account = owner.post_json("/api/bank-accounts", COMPANY_ACCOUNT).json()["id"]
        response = owner.post_json(
            "/api/payouts", wallet(account, amount=7_500), headers={"Idempotency-Key": uuid.uuid4().hex}
        )
        assert response.status_code == 201, response.content
        public_id = response.json()["id"]

        def status() -> str:
            with schema_context(slug):
                return Payout.objects.get(public_id=public_id).status

        assert wait_until(lambda: status() != "approved"), status()  # the worker sent it to the bank

        def paid() -> bool:
            post_webhooks(public_id)
            return status() == "paid_to_client"

        assert wait_until(paid, timeout=15, interval=0.3), status()
        assert balance(slug) == {"available": 42_500, "pending": 0, "held": 0}
        with schema_context("public"):
            entries = Posting.objects.filter(entry__reference=public_id).values_list("entry__kind", flat=True)
            assert sorted(set(entries)) == ["payout_confirmed", "payout_reserved"]
            assert TransactionIndex.objects.get(public_id=public_id).status == "paid_to_client"
            assert check_invariants().ok
            Tenant.objects.filter(slug=slug).update(status="suspended")  # out of the periodic jobs
