"""Helpers of the money-out tests: fund a tenant, read balances, deliver the sandbox's webhooks."""

from __future__ import annotations

import uuid
from typing import Any

from django_tenants.utils import schema_context

from accounts.models import Membership, User
from cofre_sandbox_bank.testing import deliver_now
from ledger import services as ledger
from ledger.models import AccountKind
from ops.demo import DEMO_PASSWORD
from tenants.models import Tenant
from tenants.services import create_tenant
from tests.support.http import ApiClient

BB_ACCOUNT = {
    "holder_name": "Ana Souza",
    "holder_document": "529.982.247-25",
    "bank_compe": "001",
    "agency": "1234",
    "agency_digit": "3",
    "account": "567890",
    "account_digit": "0",
    "account_type": "checking",
    "pix_key": "ana.souza@example.com",
}


def fund(slug: str, amount: int, currency: str = "BRL") -> None:
    """Credit a tenant's available balance (as a settled deposit would), through the ledger."""
    with schema_context("public"):
        tenant = Tenant.objects.get(slug=slug)
        clearing = ledger.platform_account(AccountKind.PROVIDER_CLEARING, currency, provider="test_funding")
        available = ledger.tenant_account(tenant, AccountKind.AVAILABLE, currency)
        ledger.post(
            f"test-fund:{slug}:{uuid.uuid4().hex}",
            "test_funding",
            [ledger.Line(clearing, amount), ledger.Line(available, -amount)],
            tenant=tenant,
        )


def fund_customer(slug: str, user_id: int, amount: int, currency: str = "BRL") -> None:
    """Credit a customer's wallet (as a confirmed wallet deposit would), through the ledger."""
    with schema_context("public"):
        tenant = Tenant.objects.get(slug=slug)
        clearing = ledger.platform_account(AccountKind.PROVIDER_CLEARING, currency, provider="test_funding")
        wallet = ledger.customer_account(tenant, user_id, currency)
        ledger.post(
            f"test-fund:{slug}:{user_id}:{uuid.uuid4().hex}", "test_funding",
            [ledger.Line(clearing, amount), ledger.Line(wallet, -amount)], tenant=tenant,
        )  # fmt: skip


def balance(slug: str, currency: str = "BRL") -> dict[str, int]:
    with schema_context("public"):
        row = ledger.tenant_balances(Tenant.objects.get(slug=slug), [currency])[0]
    return {"available": row.available, "pending": row.pending, "held": row.held}


def clearing_balance(provider: str = "sandbox_bank", currency: str = "BRL") -> int:
    with schema_context("public"):
        return ledger.platform_account(AccountKind.PROVIDER_CLEARING, currency, provider=provider).balance


def post_webhooks(reference: str) -> list[str]:
    """Deliver the sandbox bank's pending webhooks for `reference` to our endpoint."""
    outcomes = []
    platform = ApiClient("public")
    for headers, body in deliver_now(reference):
        response = platform.post(
            "/api/webhooks/sandbox_bank", body, content_type="application/json",
            headers={k: v for k, v in headers.items() if k.lower() != "content-type"},
        )  # fmt: skip
        assert response.status_code == 200, response.content
        outcomes.extend(response.json()["outcomes"])
    return outcomes


def create_payout(client: ApiClient, body: dict[str, Any], key: str | None = None, **extra: Any) -> Any:
    headers = {"Idempotency-Key": key or uuid.uuid4().hex}
    return client.post_json("/api/payouts", body, headers=headers, **extra)


def logged(slug: str, role: str, language: str = "en") -> ApiClient:
    client = ApiClient(slug, language=language)
    client.login_as(role)
    return client


def committed_client(slug_prefix: str) -> tuple[str, ApiClient]:
    """A new client tenant with an owner, logged in (everything committed)."""
    slug = f"{slug_prefix}{uuid.uuid4().hex[:8]}"
    with schema_context("public"):
        tenant = create_tenant(slug=slug, name=f"Concurrency {slug}", kind="client")
        user = User.objects.create_user(f"owner@{slug}.test", DEMO_PASSWORD)
        Membership.objects.create(user=user, tenant=tenant, role="client")
    client = ApiClient(slug)
    response = client.post_json("/api/auth/login", {"email": f"owner@{slug}.test", "password": DEMO_PASSWORD})
    assert response.status_code == 200, response.content
    return slug, client
