"""A customer's wallet in Chromium against the real API: depositar (PIX: the QR code and the copy-paste
code, then the confirmation arriving when the sandbox bank's webhook is posted), and the deposit on
home and atividade with the wallet credited."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from playwright.sync_api import expect

from tests.browser.helpers import login_ui, role_url, wait_for_shell
from tests.browser.money_out import plain

if TYPE_CHECKING:
    from playwright.sync_api import Page


def test_a_customer_adds_money_by_pix_and_sees_it_arrive(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    from tests.payouts.helpers import post_webhooks

    login_ui(page, web, "customer")
    page.goto(role_url(web, "customer", "/plataforma/depositar"))
    wait_for_shell(page)
    form = page.get_by_role("form", name="Adicionar dinheiro à minha carteira")
    expect(form).to_be_visible(timeout=15_000)
    form.get_by_label("Valor").fill("25,00")
    form.get_by_label("Nome do pagador").fill("Demo Customer")
    form.get_by_label("CPF ou CNPJ do pagador").fill("529.982.247-25")
    with page.expect_response(
        lambda r: r.url.endswith("/api/wallet/deposits") and r.request.method == "POST"
    ) as answer:
        form.get_by_role("button", name="Gerar pagamento").click()
    assert answer.value.status == 201, answer.value.text()
    deposit = answer.value.json()
    code = page.get_by_role("textbox", name="PIX copia e cola")
    expect(code).to_have_value(deposit["brcode"])
    expect(page.get_by_role("img", name="QR code do PIX")).to_be_visible()
    expect(page.get_by_role("status")).to_contain_text("Aguardando o seu pagamento")

    with django_db_blocker.unblock():
        assert post_webhooks(deposit["id"]) == ["applied"]
    expect(page.get_by_role("status")).to_contain_text("Pagamento confirmado", timeout=20_000)

    page.goto(role_url(web, "customer", "/plataforma/atividade"))
    table = page.get_by_role("table", name="Meus depósitos e saques")
    row = table.locator(f"tr[data-activity='{deposit['id']}']")
    expect(row).to_be_visible(timeout=15_000)
    expect(row).to_contain_text("Depósito")
    expect(row).to_contain_text("Confirmado")
    assert "R$ 25,00" in plain(row.inner_text())
