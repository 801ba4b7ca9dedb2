"""A customer's own money-out screens (contas-bancarias, sacar) against the real API, in Chromium.

The customer (customer@demo.test on acme) manages their own bank accounts and withdraws to them; the
withdrawal draws on the customer's own wallet, so the wallet gets funds by a ledger credit first
(committed), and the wallet balance on sacar goes down by amount + fee.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from playwright.sync_api import expect

from tests.browser.helpers import login_ui, role_url, wait_for_shell
from tests.browser.money_out import fund, fund_customer, member, payout, plain

if TYPE_CHECKING:
    from playwright.sync_api import Page

ACCOUNTS = "/plataforma/contas-bancarias"
WITHDRAW = "/plataforma/sacar"
NUBANK_ISPB = "18236120"  # no public check-digit rule: any digit is accepted


def test_a_customer_adds_a_bank_account_after_a_translated_error_and_removes_it(page: Page, web: str) -> None:
    account = str(random.randint(1_000_000, 9_999_999))
    login_ui(page, web, "customer")
    page.goto(role_url(web, "customer", ACCOUNTS))
    wait_for_shell(page)
    panel = page.get_by_role("region", name="Contas bancárias")
    expect(panel.get_by_role("row").first).to_be_visible(timeout=15_000)

    page.get_by_role("button", name="Adicionar conta bancária").click()
    dialog = page.get_by_role("dialog", name="Adicionar conta bancária")
    bank = dialog.get_by_label("Banco", exact=True)
    expect(bank.locator(f"option[value='{NUBANK_ISPB}']")).to_have_count(1, timeout=15_000)
    bank.select_option(NUBANK_ISPB)
    dialog.get_by_label("Agência", exact=True).fill("0001")
    dialog.get_by_label("Conta", exact=True).fill(account)
    dialog.get_by_label("Dígito da conta", exact=True).fill("5")
    dialog.get_by_label("Nome do titular", exact=True).fill("Demo Customer")
    document = dialog.get_by_label("Documento do titular (CPF ou CNPJ)")
    document.fill("123.456.789-00")  # check digits are 09
    dialog.get_by_role("button", name="Salvar conta").click()
    expect(dialog.get_by_text("CPF inválido: confira os dígitos")).to_be_visible()
    expect(document).to_have_attribute("aria-invalid", "true")

    document.fill("529.982.247-25")
    with page.expect_response(
        lambda r: r.url.endswith("/api/bank-accounts") and r.request.method == "POST"
    ) as answer:
        dialog.get_by_role("button", name="Salvar conta").click()
    assert answer.value.status == 201, answer.value.text()
    expect(dialog).to_be_hidden()
    row = panel.get_by_role("row").filter(has_text=f"{account}-5")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Demo Customer")
    expect(row).to_contain_text("NU PAGAMENTOS")

    row.get_by_role("button", name=f"Remover {account}-5").click()
    confirm = page.get_by_role("alertdialog", name="Remover esta conta bancária?")
    confirm.get_by_role("button", name="Cancelar").click()
    expect(confirm).to_be_hidden()
    expect(row).to_have_count(1)  # kept
    row.get_by_role("button", name=f"Remover {account}-5").click()
    with page.expect_response(
        lambda r: "/api/bank-accounts/" in r.url and r.request.method == "DELETE"
    ) as gone:
        confirm.get_by_role("button", name="Remover", exact=True).click()
    assert gone.value.status == 204, gone.value.text()
    expect(row).to_have_count(0)
    expect(page.get_by_text("Conta bancária removida").first).to_be_visible()


def test_a_customer_withdraws_to_their_own_account_and_sees_only_their_payouts(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    with django_db_blocker.unblock():
        fund("acme", 200_000)
        fund_customer("acme", "customer", 200_000)
        company_payout = payout(member("acme", "client"), 1_111)  # someone else's withdrawal

    login_ui(page, web, "customer")
    page.goto(role_url(web, "customer", WITHDRAW))
    wait_for_shell(page)
    wallet = page.get_by_role("region", name="Saldo em BRL")
    expect(wallet).to_be_visible(timeout=15_000)
    before = plain(wallet.inner_text())
    page.get_by_role("button", name="Gerar saque único").click()
    dialog = page.get_by_role("dialog", name="Gerar saque único")
    account = dialog.get_by_label("Conta bancária")
    options = account.locator("option:not([value=''])")
    expect(options.first).to_be_attached(timeout=15_000)
    labels = options.all_inner_texts()
    assert labels
    assert all("Demo Customer" in label for label in labels), labels  # their own accounts only
    account.select_option(index=1)
    dialog.get_by_label("Valor (R$)").fill("12,34")
    with page.expect_response(
        lambda r: r.url.endswith("/api/payouts") and r.request.method == "POST"
    ) as answer:
        dialog.get_by_role("button", name="Gerar saque", exact=True).click()
    assert answer.value.status == 201, answer.value.text()
    created = answer.value.json()
    expect(page.get_by_text("Saque gerado").first).to_be_visible()
    expect(wallet).not_to_have_text(before)  # amount + fee left the wallet

    row = page.locator(f"tr[data-payout='{created['id']}']")
    expect(row).to_be_visible(timeout=15_000)
    assert "R$ 12,34" in plain(row.inner_text())
    expect(row).to_contain_text("Aguardando")  # a customer's withdrawal always waits for review
    expect(page.locator(f"tr[data-payout='{company_payout}']")).to_have_count(0)

    # Not even by its id.
    search = page.get_by_label("Buscar por ID")
    search.fill(company_payout)
    search.press("Enter")
    expect(page.get_by_text("Nenhum registro para exibir. Use o filtro acima")).to_be_visible(timeout=15_000)
    expect(page.locator(f"tr[data-payout='{company_payout}']")).to_have_count(0)
