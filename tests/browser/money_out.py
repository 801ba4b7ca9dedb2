"""Data of the money-out browser tests, written in-process and COMMITTED (call inside
`django_db_blocker.unblock()`): the real server must see it. Funds come from a ledger credit (as a
settled deposit would give); payouts and bank accounts through the API, as their owners."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ops.demo import BETA_OWNER, DEMO_PASSWORD
from tests.browser.conftest import tenant_url
from tests.browser.helpers import LOGIN_PATH, fill_login_form
from tests.support.second_factor import login_payload

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from tests.support.http import ApiClient

BRL_PT = re.compile(r"\s")


def brl(cents: int) -> str:
    """Centavos as pt-BR shows them ("R$ 1.234,56"), with a plain space."""
    sign = "-" if cents < 0 else ""
    reais, centavos = divmod(abs(cents), 100)
    return f"{sign}R$ {reais:,}".replace(",", ".") + f",{centavos:02d}"


def plain(text: str) -> str:
    """Text with the no-break spaces of Intl's currency format turned into plain ones."""
    return BRL_PT.sub(" ", text)


def member(slug: str, role: str) -> ApiClient:
    from tests.payouts.helpers import logged

    return logged(slug, role, language="pt-BR")


def beta_owner() -> ApiClient:
    from tests.support.http import ApiClient

    client = ApiClient("beta", language="pt-BR")
    response = client.post_json("/api/auth/login", login_payload(BETA_OWNER, DEMO_PASSWORD))
    assert response.status_code == 200, response.content
    return client


def company_account(client: ApiClient) -> str:
    """The id of one of the company's bank accounts (one is registered when it has none)."""
    from tests.payouts.helpers import BB_ACCOUNT

    accounts = client.get("/api/bank-accounts").json()
    if accounts:
        return str(accounts[0]["id"])
    response = client.post_json("/api/bank-accounts", BB_ACCOUNT)
    assert response.status_code == 201, response.content
    return str(response.json()["id"])


def payout(client: ApiClient, amount: int, *, status: str | None = None) -> str:
    """A PIX payout of `client`'s company to its own account (the tenant must have funds)."""
    from tests.payouts.helpers import create_payout

    body = {"amount": amount, "currency": "BRL", "method": "pix", "bank_account_id": company_account(client)}
    response = create_payout(client, body)
    assert response.status_code == 201, response.content
    created: dict[str, Any] = response.json()
    if status:
        assert created["status"] == status, created
    return str(created["id"])


def fund(slug: str, amount: int) -> None:
    from tests.payouts.helpers import fund as credit

    credit(slug, amount)


def fund_customer(slug: str, role: str, amount: int) -> None:
    """Credit the wallet of the demo user of `role` (a customer) in `slug`."""
    from django_tenants.utils import schema_context

    from accounts.models import User
    from ops.demo import demo_email
    from tests.payouts.helpers import fund_customer as credit

    with schema_context("public"):
        user_id = User.objects.get(email=demo_email(role)).pk
    credit(slug, user_id, amount)


def balance(slug: str) -> dict[str, int]:
    from tests.payouts.helpers import balance as read

    return read(slug)


def new_client(prefix: str) -> tuple[str, str, ApiClient]:
    """A new client company with an owner (role client), no auto-approval rule (every payout waits for
    review) and nothing else: its balance moves only with what the test does. (slug, e-mail, API)"""
    from tests.payouts.helpers import committed_client

    slug, client = committed_client(prefix)
    return slug, f"owner@{slug}.test", client


def login_as_email(page: Page, web: str, slug: str, email: str) -> None:
    page.goto(tenant_url(web, slug, LOGIN_PATH))
    fill_login_form(page, email)
    page.wait_for_url(lambda url: LOGIN_PATH not in url, timeout=15_000)
