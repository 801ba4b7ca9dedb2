"""clients/manual-withdraws: a client uploads a CSV of withdrawals, sees the row with an error, confirms
the others and sees them in the withdrawals list (a real gunicorn, Chromium, committed data)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from playwright.sync_api import expect

from tests.browser.helpers import login_ui, role_url, wait_for_shell
from tests.browser.money_out import fund
from tests.payout_imports.helpers import BAD_CPF, PIX, TED, csv_bytes, remittance, unique

if TYPE_CHECKING:
    from playwright.sync_api import Page

MANUAL = "/plataforma/clients/manual-withdraws"


def test_a_client_imports_a_csv_sees_the_bad_row_confirms_and_sees_the_payouts(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    with django_db_blocker.unblock():
        fund("acme", 1_000_000)
    login_ui(page, web, "client")
    page.goto(role_url(web, "client", MANUAL))
    wait_for_shell(page)
    content = csv_bytes([unique(TED), unique(PIX), BAD_CPF])
    with page.expect_response(
        lambda r: r.url.endswith("/api/payout-imports") and r.request.method == "POST"
    ) as answer:
        page.get_by_label("Planilha de saques").set_input_files(
            {"name": "saques.csv", "mimeType": "text/csv", "buffer": content}
        )
    assert answer.value.status == 201, answer.value.text()
    import_id = answer.value.json()["id"]
    panel = page.locator(f"[data-import='{import_id}']")
    bad = panel.locator("[data-line='4']")
    expect(bad).to_have_attribute("data-row-status", "error")
    expect(bad).to_contain_text("CPF ou CNPJ inválido.")
    expect(panel.get_by_test_id("import-totals")).to_contain_text("3 linhas: 2 válidas, 1 com erros")

    panel.get_by_role("button", name="Confirmar importação").click()
    dialog = page.get_by_role("alertdialog", name="Confirmar esta importação?")
    expect(dialog).to_contain_text(re.compile(r"R\$\s1\.484,56"))
    with page.expect_response(lambda r: r.url.endswith(f"/{import_id}/confirm")) as confirmed:
        dialog.get_by_role("button", name="Confirmar importação").click()
    assert confirmed.value.status == 200, confirmed.value.text()
    expect(panel).to_have_attribute("data-status", "confirmed")
    expect(panel.locator("[data-line='2']")).to_contain_text("Confirmada")
    expect(bad).to_contain_text("Não enviada")
    for row in confirmed.value.json()["rows"][:2]:
        expect(page.locator(f"tr[data-payout='{row['payout_id']}']")).to_be_visible()
    # the import is in the failed tab (one row was not submitted)
    page.get_by_role("tab", name="Importações com falhas").click()
    expect(page.locator(f"[data-import-row='{import_id}']")).to_be_visible()


def test_a_client_imports_a_cnab_remittance_and_sees_the_withdrawal_summary(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    with django_db_blocker.unblock():
        fund("acme", 1_000_000)
    login_ui(page, web, "client")
    page.goto(role_url(web, "client", MANUAL))
    wait_for_shell(page)
    expect(page.get_by_text("remessa de pagamentos CNAB 240")).to_be_visible()
    content = remittance().bytes()
    with page.expect_response(
        lambda r: r.url.endswith("/api/payout-imports") and r.request.method == "POST"
    ) as answer:
        page.get_by_label("Planilha de saques").set_input_files(
            {"name": "PAG0112.REM", "mimeType": "application/octet-stream", "buffer": content}
        )
    assert answer.value.status == 201, answer.value.text()
    import_id = answer.value.json()["id"]
    panel = page.locator(f"[data-import='{import_id}']")
    expect(panel.get_by_test_id("import-totals")).to_contain_text("3 linhas: 2 válidas, 1 com erros")
    expect(panel.locator("[data-line='3']")).to_contain_text("ANA SOUZA")
    boleto = panel.locator("[data-line='11']")
    expect(boleto).to_have_attribute("data-row-status", "error")
    expect(boleto).to_contain_text("Pagamento de boleto")

    panel.get_by_role("button", name="Confirmar importação").click()
    dialog = page.get_by_role("alertdialog", name="Confirmar esta importação?")
    expect(dialog).to_contain_text(re.compile(r"R\$\s1\.484,56"))
    with page.expect_response(lambda r: r.url.endswith(f"/{import_id}/confirm")) as confirmed:
        dialog.get_by_role("button", name="Confirmar importação").click()
    assert confirmed.value.status == 200, confirmed.value.text()
    expect(panel.locator("[data-line='3']")).to_contain_text("Confirmada")
    expect(panel.locator("[data-line='7']")).to_contain_text("Confirmada")
    expect(boleto).to_contain_text("Não enviada")
