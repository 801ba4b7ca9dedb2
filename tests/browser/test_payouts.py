"""Money-out screens against the real API (a real gunicorn on the test database).

Data the browser must see is COMMITTED: it is written in-process through the API (Django's test client
in autocommit, `django_db_blocker.unblock()`), never inside the `db` fixture's transaction. acme gets
funds by a PIX deposit confirmed through the sandbox bank's webhooks, then settled.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser.helpers import login_ui, role_url, wait_for_shell

if TYPE_CHECKING:
    from playwright.sync_api import Page

WITHDRAWS = "/plataforma/clients/withdraws"
COMPLIANCE = "/plataforma/admin/compliance"
REFUNDS = "/plataforma/clients/refunds"
PAYER = {
    "name": "João da Silva", "document": "529.982.247-25", "email": "joao@example.com",
    "street": "Rua das Flores", "number": "100", "complement": "", "neighborhood": "Centro",
    "city": "São Paulo", "state": "SP", "zipcode": "01001000",
}  # fmt: skip


def _acme() -> Any:
    from tests.support.http import ApiClient

    client = ApiClient("acme")
    client.login_as("client")
    return client


def _confirmed_deposit(amount: int) -> str:
    """A PIX charge of acme paid through the sandbox bank's webhooks, then settled (available)."""
    from django.utils import timezone
    from django_tenants.utils import schema_context

    from payments import services
    from tests.payments.test_deposits_api import post_webhooks

    client = _acme()
    response = client.post_json(
        "/api/deposits", {"method": "pix", "amount": amount, "currency": "BRL", "payer": PAYER}
    )
    assert response.status_code == 201, response.content
    deposit_id: str = response.json()["id"]
    assert "applied" in post_webhooks(deposit_id)
    with schema_context("acme"):
        services.settle_due(timezone.localdate() + timedelta(days=30))
    return deposit_id


def _waiting_payout(amount: int) -> str:
    """A payout of acme above its auto-approval threshold (R$ 500,00): it waits for review."""
    client = _acme()
    accounts = client.get("/api/bank-accounts").json()
    assert accounts, "acme has a bank account in the demo data"
    body = {"amount": amount, "method": "pix", "bank_account_id": accounts[0]["id"]}
    response = client.post_json("/api/payouts", body, HTTP_IDEMPOTENCY_KEY=f"browser-{amount}-{id(body)}")
    assert response.status_code == 201, response.content
    payout: dict[str, Any] = response.json()
    assert payout["status"] == "waiting", payout
    return str(payout["id"])


@pytest.fixture
def funded(django_db_blocker: Any) -> None:
    with django_db_blocker.unblock():
        _confirmed_deposit(500_000)


def test_a_client_generates_a_withdraw_and_sees_it_in_the_list(page: Page, web: str, funded: None) -> None:
    login_ui(page, web, "client")
    page.goto(role_url(web, "client", WITHDRAWS))
    wait_for_shell(page)
    page.get_by_role("button", name="Gerar saque único").click()
    dialog = page.get_by_role("dialog", name="Gerar saque único")
    account = dialog.get_by_label("Conta bancária")
    account.wait_for()
    page.wait_for_function("() => document.querySelectorAll('select option').length > 1")
    account.select_option(index=1)
    dialog.get_by_label("Valor (R$)").fill("123,45")
    with page.expect_response(
        lambda r: r.url.endswith("/api/payouts") and r.request.method == "POST"
    ) as answer:
        dialog.get_by_role("button", name="Gerar saque", exact=True).click()
    request = answer.value.request
    assert request.headers.get("idempotency-key")
    assert (request.post_data_json or {})["amount"] == 12345
    payout_id = answer.value.json()["id"]
    page.get_by_text("Saque gerado").first.wait_for()
    row = page.locator(f"tr[data-payout='{payout_id}']")
    row.wait_for()
    assert "R$ 123,45" in row.inner_text().replace("\xa0", " ")


def test_an_admin_approves_from_the_queue_and_the_client_sees_it_approved(
    page: Page, web: str, funded: None, django_db_blocker: Any
) -> None:
    with django_db_blocker.unblock():
        payout_id = _waiting_payout(60_000)
    login_ui(page, web, "admin")
    page.goto(role_url(web, "admin", COMPLIANCE))
    wait_for_shell(page)
    row = page.locator(f"tr[data-payout='{payout_id}']")
    row.wait_for()
    with page.expect_response(lambda r: f"/api/payouts/{payout_id}/approve" in r.url) as answer:
        row.get_by_role("button", name=f"Aprovar saque {payout_id}").click()
    assert answer.value.status == 200, answer.value.text()
    row.wait_for(state="detached")

    context = page.context.browser.new_context(viewport={"width": 1280, "height": 900}, locale="pt-BR")  # type: ignore[union-attr]
    client_page = context.new_page()
    try:
        login_ui(client_page, web, "client")
        client_page.goto(role_url(web, "client", f"{WITHDRAWS}?q={payout_id}"))
        client_row = client_page.locator(f"tr[data-payout='{payout_id}']")
        client_row.wait_for()
        assert re.search("Aprovado|Pendente|Confirmado|Pago ao cliente", client_row.inner_text())
        assert "Aguardando" not in client_row.inner_text()
    finally:
        context.close()


def test_a_client_refunds_part_of_a_confirmed_deposit(page: Page, web: str, django_db_blocker: Any) -> None:
    with django_db_blocker.unblock():
        deposit_id = _confirmed_deposit(10_000)
    login_ui(page, web, "client")
    page.goto(role_url(web, "client", REFUNDS))
    wait_for_shell(page)
    page.get_by_role("button", name="Estornar", exact=True).click()
    dialog = page.get_by_role("dialog", name="Estornar um depósito")
    dialog.get_by_label("ID do depósito").fill(deposit_id)
    dialog.get_by_label("Valor (R$)").fill("25,00")
    dialog.get_by_label("Motivo").fill("Cliente desistiu")
    with page.expect_response(lambda r: r.url.endswith(f"/api/deposits/{deposit_id}/refunds")) as answer:
        dialog.get_by_role("button", name="Estornar", exact=True).click()
    assert answer.value.status == 201, answer.value.text()
    assert (answer.value.request.post_data_json or {})["amount"] == 2500
    refund_id = answer.value.json()["id"]
    row = page.locator(f"tr[data-refund='{refund_id}']")
    row.wait_for()
    assert "R$ 25,00" in row.inner_text().replace("\xa0", " ")


def test_an_analyst_cannot_see_the_generate_button(page: Page, web: str) -> None:
    login_ui(page, web, "client_user_analyst")
    page.goto(role_url(web, "client_user_analyst", WITHDRAWS))
    wait_for_shell(page)
    page.get_by_role("heading", name="Saques").first.wait_for()
    page.get_by_label("Buscar por ID").wait_for()
    assert page.get_by_role("button", name="Gerar saque único").count() == 0
    assert page.get_by_role("button", name="Adicionar conta bancária").count() == 0
