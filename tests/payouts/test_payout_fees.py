"""Payout fees: from the fee-rate table (method `payout_pix` / `payout_ted`, per client, else the
platform default; the deposits' rounding rule), held with the amount under the same lock (no
overdraft on amount + fee), revenue when the bank confirms, released with the amount on reject,
cancel or failure, kept on a reversal; shown by the API; set through the admin fee-rates API."""

from __future__ import annotations

from typing import Any

import pytest
from django_tenants.utils import schema_context

from compliance.models import ComplianceRule
from gateway.models import FeeRate, TransactionIndex
from ledger import services as ledger
from ledger.models import AccountKind
from payments import fees
from payouts import services
from payouts.models import Payout
from tenants.models import Tenant
from tests.payouts.helpers import (
    BB_ACCOUNT,
    balance,
    clearing_balance,
    create_payout,
    fund,
    logged,
    post_webhooks,
)
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db

PIX_FEE = 150  # acme's demo rate for PIX payouts: R$ 1,50 fixed


@pytest.fixture
def acme() -> ApiClient:
    ComplianceRule.objects.filter(tenant__slug="acme").delete()  # every payout waits for review
    return logged("acme", "client")


@pytest.fixture
def admin() -> ApiClient:
    return logged("public", "admin")


@pytest.fixture
def account(acme: ApiClient) -> str:
    return str(acme.post_json("/api/bank-accounts", BB_ACCOUNT).json()["id"])


def revenue() -> int:
    with schema_context("public"):
        return ledger.platform_account(AccountKind.FEE_REVENUE, "BRL").display_balance


def payout(client: ApiClient, account: str, amount: int, method: str = "pix", **extra: Any) -> Any:
    return create_payout(client, {"amount": amount, "method": method, "bank_account_id": account, **extra})


def set_rate(admin: ApiClient, method: str, percent_bp: int, fixed: int, tenant: str | None = "acme") -> Any:
    return admin.put_json(
        "/api/admin/fee-rates",
        {"tenant": tenant, "method": method, "currency": "BRL", "percent_bp": percent_bp, "fixed": fixed},
    )


def test_the_demo_gives_acme_a_pix_payout_fee_and_ted_falls_back_to_nothing() -> None:
    acme = Tenant.objects.get(slug="acme")
    assert fees.rate_for(acme, fees.payout_fee_method("pix"), "BRL") == fees.Rate(0, PIX_FEE)
    assert fees.rate_for(acme, "payout_ted", "BRL") == fees.Rate(0, 0)
    assert fees.rate_for(Tenant.objects.get(slug="beta"), "payout_pix", "BRL") == fees.Rate(0, 0)


def test_the_fee_is_held_with_the_amount_and_shown_by_the_api(acme: ApiClient, account: str) -> None:
    fund("acme", 50_000)
    before = balance("acme")
    created = payout(acme, account, 10_000)
    assert created.status_code == 201, created.content
    body = created.json()
    assert (body["amount"], body["fee"], body["status"]) == (10_000, PIX_FEE, "waiting")
    after = balance("acme")
    assert before["available"] - after["available"] == 10_000 + PIX_FEE
    assert after["held"] - before["held"] == 10_000 + PIX_FEE
    assert acme.get(f"/api/payouts/{body['id']}").json()["fee"] == PIX_FEE
    listed = acme.get("/api/payouts", {"q": body["id"]}).json()["items"]
    assert [(p["id"], p["fee"]) for p in listed] == [(body["id"], PIX_FEE)]
    assert TransactionIndex.objects.get(public_id=body["id"]).fee == PIX_FEE
    queue = logged("public", "admin").get("/api/payouts/compliance", {"client": "acme", "per_page": "100"})
    assert next(i["fee"] for i in queue.json()["items"] if i["id"] == body["id"]) == PIX_FEE


def test_the_fee_follows_the_rate_table_and_the_deposits_rounding_rule(
    acme: ApiClient, admin: ApiClient, account: str
) -> None:
    fund("acme", 100_000)
    assert set_rate(admin, "payout_ted", 25, 100).status_code == 200  # 0.25 % + R$ 1,00
    # 10_200 * 0.25 % = 25.5 centavos: rounded half up to 26, then the fixed part
    assert payout(acme, account, 10_200, "ted").json()["fee"] == 26 + 100
    assert payout(acme, account, 10_100, "ted").json()["fee"] == 25 + 100  # 25.25 -> 25
    assert payout(acme, account, 50, "ted").json()["fee"] == 50  # never more than the amount
    assert set_rate(admin, "payout_ted", 0, 300, tenant=None).status_code == 200  # a platform default
    assert fees.rate_for(Tenant.objects.get(slug="beta"), "payout_ted", "BRL") == fees.Rate(0, 300)
    assert fees.rate_for(Tenant.objects.get(slug="acme"), "payout_ted", "BRL") == fees.Rate(25, 100)


def test_the_fee_counts_against_the_available_balance(acme: ApiClient, account: str) -> None:
    fund("acme", 10_000 + PIX_FEE)
    hold_everything_but("acme", 10_000 + PIX_FEE - 1)
    refused = create_payout(
        acme, {"amount": 10_000, "method": "pix", "bank_account_id": account}, key="fee-short-by-one"
    )  # the amount fits, amount + fee does not
    assert refused.status_code == 409, refused.content
    assert refused.json()["code"] == "insufficient_funds"
    with schema_context("acme"):
        assert not Payout.objects.filter(idempotency_key="fee-short-by-one").exists()
    assert balance("acme")["available"] == 10_000 + PIX_FEE - 1
    fund("acme", 1)
    accepted = payout(acme, account, 10_000)
    assert accepted.status_code == 201, accepted.content
    assert balance("acme")["available"] == 0


def hold_everything_but(slug: str, keep: int) -> None:
    """Move the tenant's available balance above `keep` to held (as payouts in flight would)."""
    import uuid

    extra = balance(slug)["available"] - keep
    assert extra >= 0
    if not extra:
        return
    with schema_context("public"):
        tenant = Tenant.objects.get(slug=slug)
        ledger.post(
            f"test-hold:{slug}:{uuid.uuid4().hex}", "test_hold",
            [ledger.Line(ledger.tenant_account(tenant, AccountKind.AVAILABLE, "BRL"), extra),
             ledger.Line(ledger.tenant_account(tenant, AccountKind.HELD, "BRL"), -extra)],
            tenant=tenant,
        )  # fmt: skip


def test_a_confirmed_payout_pays_the_fee_to_the_platforms_revenue() -> None:
    client = logged("acme", "client")  # acme's demo rule: auto-approved up to R$ 500,00
    account = client.post_json("/api/bank-accounts", BB_ACCOUNT).json()["id"]
    fund("acme", 20_000)
    before, bank_before, revenue_before = balance("acme"), clearing_balance(), revenue()
    created = payout(client, account, 10_000).json()
    assert created["status"] == "approved"
    assert revenue() == revenue_before  # held, not earned yet
    with schema_context("acme"):
        assert services.submit_payout(Payout.objects.get(public_id=created["id"]).pk) == "applied"
    assert post_webhooks(created["id"]) == ["applied"]
    assert revenue() - revenue_before == PIX_FEE
    assert bank_before - clearing_balance() == 10_000  # the bank pays the amount only
    after = balance("acme")
    assert (before["available"] - after["available"], after["held"]) == (10_000 + PIX_FEE, before["held"])
    postings = client.get(f"/api/payouts/{created['id']}").json()["postings"]
    confirmed = [(p["kind"], p["amount"]) for p in postings if p["entry"] == "payout_confirmed"]
    assert confirmed == [
        ("held", 10_000 + PIX_FEE),
        ("provider_clearing", -10_000),
        ("fee_revenue", -PIX_FEE),
    ]


def test_a_payout_without_a_fee_posts_no_revenue_line(acme: ApiClient) -> None:
    FeeRate.objects.filter(method="payout_ted").delete()
    client = logged("acme", "client")
    ComplianceRule.objects.create(
        tenant=Tenant.objects.get(slug="acme"), currency="BRL", auto_approve_up_to=10**6
    )
    account = client.post_json("/api/bank-accounts", BB_ACCOUNT).json()["id"]
    fund("acme", 5_000)
    created = payout(client, account, 5_000, "ted").json()
    assert created["fee"] == 0
    with schema_context("acme"):
        services.submit_payout(Payout.objects.get(public_id=created["id"]).pk)
    post_webhooks(created["id"])
    kinds = [p["kind"] for p in client.get(f"/api/payouts/{created['id']}").json()["postings"]]
    assert "fee_revenue" not in kinds


def test_reject_and_cancel_release_the_amount_and_the_fee(
    acme: ApiClient, admin: ApiClient, account: str
) -> None:
    fund("acme", 50_000)
    before, revenue_before = balance("acme"), revenue()
    rejected = payout(acme, account, 4_000).json()
    assert admin.post_json(f"/api/payouts/{rejected['id']}/reject", {"reason": "Sem KYC"}).status_code == 200
    canceled = payout(acme, account, 6_000).json()
    assert acme.post_json(f"/api/payouts/{canceled['id']}/cancel", {}).status_code == 200
    assert balance("acme") == before
    assert revenue() == revenue_before
    released = acme.get(f"/api/payouts/{rejected['id']}").json()["postings"]
    assert [(p["kind"], p["amount"]) for p in released if p["entry"] == "payout_released"] == [
        ("held", 4_000 + PIX_FEE),
        ("available", -(4_000 + PIX_FEE)),
    ]


def test_a_payout_failed_at_the_bank_releases_the_amount_and_the_fee() -> None:
    client = logged("acme", "client")
    account = client.post_json("/api/bank-accounts", BB_ACCOUNT).json()["id"]
    fund("acme", 20_000)
    before, revenue_before = balance("acme"), revenue()
    created = payout(client, account, 10_000, extra={"sandbox_scenario": "fail"}).json()
    with schema_context("acme"):
        services.submit_payout(Payout.objects.get(public_id=created["id"]).pk)
    assert post_webhooks(created["id"]) == ["applied"]
    assert client.get(f"/api/payouts/{created['id']}").json()["status"] == "canceled"
    assert balance("acme") == before
    assert revenue() == revenue_before


def test_the_admin_sets_payout_fee_rates_and_unknown_methods_are_refused(admin: ApiClient) -> None:
    assert set_rate(admin, "payout_pix", 10, 200).json() == {
        "tenant": "acme", "method": "payout_pix", "currency": "BRL", "percent_bp": 10, "fixed": 200,
    }  # fmt: skip
    listed = admin.get("/api/admin/fee-rates").json()
    assert {
        "tenant": "acme",
        "method": "payout_pix",
        "currency": "BRL",
        "percent_bp": 10,
        "fixed": 200,
    } in listed
    assert fees.rate_for(Tenant.objects.get(slug="acme"), "payout_pix", "BRL") == fees.Rate(10, 200)
    unknown = set_rate(admin, "payout_doc", 0, 100)
    assert unknown.status_code == 400
    assert (
        logged("public", "employee")
        .put_json(
            "/api/admin/fee-rates", {"method": "payout_pix", "currency": "BRL", "percent_bp": 0, "fixed": 1}
        )
        .status_code
        == 403
    )
