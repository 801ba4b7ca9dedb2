"""Staff payout requests (employee/payout-requests, admin/payout-requests) in Chromium: the embedded list
of the payouts of every client in the staff member's scope, and a withdraw generated for a client that
appears in it. Data written in-process and committed (see tests/browser/money_out.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from playwright.sync_api import expect

from tests.browser.helpers import login_ui, role_url, wait_for_shell
from tests.browser.money_out import beta_owner, fund, member, payout, plain

if TYPE_CHECKING:
    from playwright.sync_api import Page

EMPLOYEE = "/plataforma/employee/payout-requests"
ADMIN = "/plataforma/admin/payout-requests"


def test_an_employee_sees_only_the_payouts_of_assigned_clients(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    with django_db_blocker.unblock():
        fund("acme", 50_000)
        fund("beta", 50_000)
        beta_payout = payout(beta_owner(), 2_222)
        acme_payout = payout(member("acme", "client"), 3_333)  # the demo employee is assigned acme only

    login_ui(page, web, "employee")
    page.goto(role_url(web, "employee", EMPLOYEE))
    wait_for_shell(page)
    table = page.get_by_role("table", name="Saques dos clientes")
    acme_row = table.locator(f"tr[data-payout='{acme_payout}']")
    expect(acme_row).to_be_visible(timeout=15_000)
    expect(acme_row).to_contain_text("Acme Pagamentos Ltda")
    assert "R$ 33,33" in plain(acme_row.inner_text())
    expect(table.locator(f"tr[data-payout='{beta_payout}']")).to_have_count(0)
    clients = table.locator("tbody tr").evaluate_all("rows => rows.map(row => row.cells[1].innerText)")
    assert clients
    assert all("Acme Pagamentos Ltda" in cell for cell in clients), clients

    client_filter = page.get_by_role("combobox", name="Cliente", exact=True)
    expect(client_filter.locator("option")).to_have_count(2)  # all clients, acme
    expect(client_filter.locator("option")).to_have_text(["Todos os clientes", "Acme Pagamentos Ltda"])

    # Searching beta's payout by its id finds nothing; the filters are in the URL.
    page.get_by_role("searchbox", name="Buscar por ID").fill(beta_payout)
    page.get_by_role("searchbox", name="Buscar por ID").press("Enter")
    expect(page.get_by_text("Nenhum registro para exibir. Use o filtro acima")).to_be_visible(timeout=15_000)
    assert f"q={beta_payout}" in page.url

    # Its own client's payout opens, read-only, with its timeline.
    page.goto(role_url(web, "employee", f"{EMPLOYEE}?client=acme&q={acme_payout}"))
    row = page.locator(f"tr[data-payout='{acme_payout}']")
    expect(row).to_be_visible(timeout=15_000)
    row.get_by_role("button", name=f"Abrir saque {acme_payout}").click()
    drawer = page.get_by_role("dialog", name=f"Saque {acme_payout}")
    expect(drawer.get_by_role("region", name="Linha do tempo")).to_contain_text("Aguardando", timeout=15_000)
    expect(drawer.get_by_role("button", name="Cancelar saque")).to_have_count(0)


def test_an_admin_generates_a_withdraw_for_a_client_and_sees_it_in_the_list(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    with django_db_blocker.unblock():
        fund("acme", 50_000)

    login_ui(page, web, "admin")
    page.goto(role_url(web, "admin", ADMIN))
    wait_for_shell(page)
    table = page.get_by_role("table", name="Saques dos clientes")
    expect(table.locator("tbody tr").first).to_be_visible(timeout=15_000)

    generate = page.get_by_role("form", name="Gerar saque único")
    client = generate.get_by_label("Cliente do saque")
    expect(client.locator("option", has_text="Acme Pagamentos Ltda")).to_have_count(1, timeout=15_000)
    client.select_option("acme")
    generate.get_by_role("button", name="Gerar saque único").click()
    dialog = page.get_by_role("dialog", name="Gerar saque único")
    account = dialog.get_by_label("Conta bancária")
    expect(account.locator("option:not([value=''])").first).to_be_attached(timeout=15_000)
    account.select_option(index=1)
    dialog.get_by_label("Valor (R$)").fill("7,89")
    dialog.get_by_text("TED", exact=True).click()
    with page.expect_response(
        lambda r: r.url.endswith("/api/admin/payouts") and r.request.method == "POST"
    ) as answer:
        dialog.get_by_role("button", name="Gerar saque", exact=True).click()
    assert answer.value.status == 201, answer.value.text()
    created = answer.value.json()
    assert (created["client"]["slug"], created["amount"], created["withdraw_method"]) == ("acme", 789, "ted")
    expect(page.get_by_text("Saque gerado").first).to_be_visible()

    row = table.locator(f"tr[data-payout='{created['id']}']")
    expect(row).to_be_visible(timeout=15_000)  # the list refreshed: newest first
    expect(row).to_contain_text("Acme Pagamentos Ltda")
    assert "R$ 7,89" in plain(row.inner_text())
    # The method is a low-priority column (it leaves a narrow grid first): the detail says it.
    row.get_by_role("button", name=f"Abrir saque {created['id']}").click()
    expect(page.get_by_role("dialog", name=f"Saque {created['id']}")).to_contain_text("TED", timeout=15_000)


def test_an_admin_imports_a_spreadsheet_for_a_chosen_client(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    from tests.payout_imports.helpers import BAD_CPF, PIX, csv_bytes, unique

    with django_db_blocker.unblock():
        fund("acme", 1_000_000)

    login_ui(page, web, "admin")
    page.goto(role_url(web, "admin", ADMIN))
    wait_for_shell(page)
    section = page.get_by_role("region", name="Importar saques para um cliente")
    picker = section.get_by_label("Cliente da importação")
    expect(picker.locator("option", has_text="Acme Pagamentos Ltda")).to_have_count(1, timeout=15_000)
    picker.select_option("acme")
    with page.expect_response(
        lambda r: r.url.endswith("/api/admin/payout-imports/acme") and r.request.method == "POST"
    ) as answer:
        section.get_by_label("Planilha de saques").set_input_files(
            {"name": "saques.csv", "mimeType": "text/csv", "buffer": csv_bytes([unique(PIX), BAD_CPF])}
        )
    assert answer.value.status == 201, answer.value.text()
    import_id = answer.value.json()["id"]
    panel = section.locator(f"[data-import='{import_id}']")
    expect(panel.get_by_test_id("import-totals")).to_contain_text("2 linhas: 1 válidas, 1 com erros")
    panel.get_by_role("button", name="Confirmar importação").click()
    dialog = page.get_by_role("alertdialog", name="Confirmar esta importação?")
    with page.expect_response(lambda r: r.url.endswith(f"/acme/{import_id}/confirm")) as confirmed:
        dialog.get_by_role("button", name="Confirmar importação").click()
    assert confirmed.value.status == 200, confirmed.value.text()
    expect(panel).to_have_attribute("data-status", "confirmed")
    payout_id = confirmed.value.json()["rows"][0]["payout_id"]
    # the payout is the client's, in the staff list of every client's withdrawals
    row = page.get_by_role("table", name="Saques dos clientes").locator(f"tr[data-payout='{payout_id}']")
    expect(row).to_contain_text("Acme Pagamentos Ltda", timeout=15_000)
