"""Wallet withdraws in the browser, against the real API (a real gunicorn and worker on the test
database): a client withdraws from its balance to its own account, confirming first, and sees it in
its list; an admin sees it on admin/wallet-withdraws (and not the client's other payouts).

Data the browser must see is COMMITTED (written in autocommit under `django_db_blocker.unblock()`).
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser.helpers import login_ui, new_context, role_url, wait_for_shell

if TYPE_CHECKING:
    from playwright.sync_api import Page

WALLET = "/plataforma/client/wallet-withdraws"
ADMIN_WALLET = "/plataforma/admin/wallet-withdraws"


def _standard_payout(amount: int) -> str:
    """A standard payout of acme (to its company account), through the API: not a wallet withdraw."""
    from tests.support.http import ApiClient

    client = ApiClient("acme")
    client.login_as("client")
    account = client.get("/api/bank-accounts").json()[0]["id"]
    body = {"amount": amount, "method": "ted", "bank_account_id": account}
    response = client.post_json("/api/payouts", body, HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex)
    assert response.status_code == 201, response.content
    return str(response.json()["id"])


@pytest.fixture
def funded(django_db_blocker: Any) -> str:
    """acme's available balance credited (as a settled deposit would), and a standard payout."""
    from tests.payouts.helpers import fund

    with django_db_blocker.unblock():
        fund("acme", 300_000)
        return _standard_payout(4_321)


def test_a_client_withdraws_to_its_own_account_after_confirming_and_an_admin_sees_it(
    page: Page, web: str, funded: str
) -> None:
    standard_id = funded
    login_ui(page, web, "client")
    page.goto(role_url(web, "client", WALLET))
    wait_for_shell(page)
    page.get_by_role("heading", name="Saldo", exact=True).wait_for()
    page.get_by_role("heading", name="Saldo em BRL").wait_for()

    page.get_by_role("button", name="Sacar para minha conta").click()
    dialog = page.get_by_role("dialog", name="Sacar para minha conta")
    account = dialog.get_by_label("Conta bancária da empresa")
    account.wait_for()
    page.wait_for_function("() => document.querySelectorAll('[role=dialog] select option').length > 1")
    options = account.locator("option").all_inner_texts()
    assert any("Acme Pagamentos Ltda" in text for text in options), options
    assert not any("Demo Customer" in text for text in options), options  # a customer's account
    account.select_option(index=1)
    dialog.get_by_label("Valor", exact=True).fill("123,45")
    dialog.get_by_role("button", name="Revisar saque").click()

    confirm = page.get_by_role("alertdialog", name="Confirme o saque")
    confirm.wait_for()
    text = confirm.inner_text().replace("\xa0", " ")
    assert "R$ 123,45" in text
    assert "567890-0" in text
    assert "Acme Pagamentos Ltda" in text
    posted = lambda r: r.url.endswith("/api/payouts") and r.request.method == "POST"  # noqa: E731
    with page.expect_response(posted) as answer:
        confirm.get_by_role("button", name="Confirmar saque").click()
    assert answer.value.status == 201, answer.value.text()
    request = answer.value.request
    assert request.headers.get("idempotency-key")
    sent = request.post_data_json or {}
    assert (sent["amount"], sent["kind"], sent["currency"]) == (12345, "wallet", "BRL")
    payout_id = answer.value.json()["id"]
    page.get_by_text("Saque solicitado").first.wait_for()
    row = page.locator(f"tr[data-payout='{payout_id}']")
    row.wait_for()
    assert "R$ 123,45" in row.inner_text().replace("\xa0", " ")
    assert page.locator(f"tr[data-payout='{standard_id}']").count() == 0  # the list is the wallet kind's

    context = new_context(page.context.browser)  # type: ignore[arg-type]
    admin_page = context.new_page()
    try:
        login_ui(admin_page, web, "admin")
        admin_page.goto(role_url(web, "admin", f"{ADMIN_WALLET}?client=acme"))
        wait_for_shell(admin_page)
        admin_row = admin_page.locator(f"tr[data-payout='{payout_id}']")
        admin_row.wait_for()
        seen = admin_row.inner_text().replace("\xa0", " ")
        assert "Acme" in seen
        assert "R$ 123,45" in seen
        assert "BCO DO BRASIL" in seen
        assert "1234-3 / 567890-0" in seen
        assert admin_page.locator(f"tr[data-payout='{standard_id}']").count() == 0  # not a wallet withdraw
        admin_row.get_by_role("button", name=f"Abrir saque {payout_id}").click()
        admin_page.get_by_role("dialog", name=f"Saque {payout_id}").wait_for()
    finally:
        context.close()


def test_the_other_client_roles_have_no_wallet_withdraws(page: Page, web: str) -> None:
    login_ui(page, web, "client_user_financial")
    page.goto(role_url(web, "client_user_financial", WALLET))
    page.wait_for_url(lambda url: "not-authorized" in url, timeout=15_000)
