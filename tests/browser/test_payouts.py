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
from playwright.sync_api import expect

from tests.browser.helpers import login_ui, role_url, wait_for_shell

if TYPE_CHECKING:
    from playwright.sync_api import Page

WITHDRAWS = "/plataforma/clients/withdraws"
COMPLIANCE = "/plataforma/admin/compliance"
REFUNDS = "/plataforma/clients/refunds"
DEPOSITS = "/plataforma/clients/payments"
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
    page.goto(role_url(web, "admin", f"{COMPLIANCE}?sort=-created_at"))  # newest first: the queue is long
    wait_for_shell(page)
    with django_db_blocker.unblock():
        detail = _acme().get(f"/api/payouts/{payout_id}").json()
    row = page.locator(f"tr[data-payout='{payout_id}']")
    row.wait_for()
    approvals: list[str] = []
    page.on("request", lambda r: approvals.append(r.url) if r.url.endswith(f"/{payout_id}/approve") else None)
    # Approving pays out: the first click only asks, showing amount, beneficiary and destination.
    row.get_by_role("button", name=f"Aprovar saque {payout_id}").click()
    confirm = page.get_by_role("alertdialog", name=f"Aprovar o saque {payout_id}?")
    confirm.wait_for()
    expect(confirm).to_contain_text(re.compile(r"R\$\s600,00"))
    expect(confirm).to_contain_text(detail["beneficiary_name"])
    destination = f"Chave PIX {detail['pix_key']}" if detail["pix_key"] else f"agência {detail['agency']}"
    expect(confirm).to_contain_text(destination)
    assert approvals == []  # nothing was sent yet
    with page.expect_response(lambda r: f"/api/payouts/{payout_id}/approve" in r.url) as answer:
        confirm.get_by_role("button", name="Aprovar e pagar").click()
    assert answer.value.status == 200, answer.value.text()
    expect(confirm).to_be_hidden()
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


def test_a_refund_starts_from_the_deposit_row_and_from_its_drawer(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    with django_db_blocker.unblock():
        deposit_id = _confirmed_deposit(10_000)
    login_ui(page, web, "client")
    page.goto(role_url(web, "client", f"{DEPOSITS}?q={deposit_id}"))
    wait_for_shell(page)
    row = page.locator(f"tr[data-deposit='{deposit_id}']")
    row.wait_for()
    # The row's action opens the refund form with the deposit and what is left to refund filled in.
    row.get_by_role("button", name=f"Estornar depósito {deposit_id}").click()
    dialog = page.get_by_role("dialog", name="Estornar um depósito")
    expect(dialog.get_by_label("ID do depósito")).to_have_value(deposit_id)
    expect(dialog.get_by_label("Valor (R$)")).to_have_value("100,00")
    dialog.get_by_label("Valor (R$)").fill("30,00")
    dialog.get_by_label("Motivo").fill("Produto devolvido")
    with page.expect_response(lambda r: r.url.endswith(f"/api/deposits/{deposit_id}/refunds")) as answer:
        dialog.get_by_role("button", name="Estornar", exact=True).click()
    assert answer.value.status == 201, answer.value.text()
    assert (answer.value.request.post_data_json or {})["amount"] == 3000
    expect(dialog).to_be_hidden()

    # The drawer offers it too, now with the R$ 70,00 still refundable.
    page.goto(role_url(web, "client", f"{DEPOSITS}?deposit={deposit_id}"))
    drawer = page.get_by_role("dialog", name=re.compile(deposit_id))
    drawer.get_by_role("button", name="Estornar", exact=True).click()
    dialog = page.get_by_role("dialog", name="Estornar um depósito")
    expect(dialog.get_by_label("Valor (R$)")).to_have_value("70,00")
    expect(dialog).to_contain_text(re.compile(r"até R\$\s70,00"))
    dialog.get_by_label("Motivo").fill("Restante")
    with page.expect_response(lambda r: r.url.endswith(f"/api/deposits/{deposit_id}/refunds")) as answer:
        dialog.get_by_role("button", name="Estornar", exact=True).click()
    assert answer.value.status == 201, answer.value.text()
    assert (answer.value.request.post_data_json or {})["amount"] == 7000


def test_an_analyst_cannot_see_the_generate_button(page: Page, web: str) -> None:
    login_ui(page, web, "client_user_analyst")
    page.goto(role_url(web, "client_user_analyst", WITHDRAWS))
    wait_for_shell(page)
    page.get_by_role("heading", name="Saques").first.wait_for()
    page.get_by_label("Buscar por ID").wait_for()
    assert page.get_by_role("button", name="Gerar saque único").count() == 0
    assert page.get_by_role("button", name="Adicionar conta bancária").count() == 0
