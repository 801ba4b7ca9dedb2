"""admin/reports in Chromium against the real stack: the admin asks for a reversed period and the form
says which field is wrong (the server's answer, in pt-BR); then a report of one client's deposits in
XLSX: the real worker makes it, the list below shows it ready, and the file downloaded holds the rows
the platform's transaction index has for those filters."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import openpyxl
from playwright.sync_api import expect

from tests.browser.helpers import login_ui, role_url, wait_for_shell
from tests.browser.test_stats import _a_deposit_today

if TYPE_CHECKING:
    from playwright.sync_api import Page


def test_admin_generates_a_report_of_a_clients_deposits_and_downloads_it(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    _a_deposit_today(django_db_blocker)  # acme has a deposit this month
    login_ui(page, web, "admin")
    page.goto(role_url(web, "admin", "/plataforma/admin/reports"))
    wait_for_shell(page)
    form = page.get_by_role("form", name="Novo relatório")
    expect(form).to_be_visible(timeout=15_000)

    def posted(r: Any) -> bool:
        return bool(r.url.endswith("/api/exports") and r.request.method == "POST")

    # Dates are typed and shown day first on a Portuguese screen; the API still gets YYYY-MM-DD.
    date_from = form.locator("input[name='date_from']")
    expect(date_from).to_have_attribute("placeholder", "dd/mm/aaaa")
    date_from.press_sequentially("10022026")
    expect(date_from).to_have_value("10/02/2026")
    form.locator("input[name='date_to']").fill("01/02/2026")
    with page.expect_response(posted) as refused:
        form.get_by_role("button", name="Gerar relatório").click()
    assert refused.value.status == 400
    sent: dict[str, Any] = refused.value.request.post_data_json or {}
    assert sent["filters"]["date_from"] == "2026-02-10"
    assert sent["filters"]["date_to"] == "2026-02-01"
    expect(form).to_contain_text("O fim não pode ser antes do início")

    form.locator("input[name='date_from']").fill("")
    form.locator("input[name='date_to']").fill("")
    form.get_by_label("Cliente").select_option("acme")
    form.get_by_label("Status").select_option("confirmed")
    with page.expect_response(posted) as created:
        form.get_by_role("button", name="Gerar relatório").click()
    assert created.value.status == 202, created.value.text()
    body: dict[str, Any] = created.value.request.post_data_json or {}
    assert body["type"] == "payments"
    assert body["format"] == "xlsx"
    assert body["filters"] == {"client": "acme", "status": ["confirmed"]}
    export_id = created.value.json()["id"]

    line = page.locator(f"tr[data-export='{export_id}']")
    expect(line).to_have_attribute("data-status", "done", timeout=60_000)  # polled while it runs
    expect(line).to_contain_text("Depósitos")
    with page.expect_download() as download:
        line.get_by_role("link", name="Baixar").click()
    sheet = openpyxl.load_workbook(io.BytesIO(download.value.path().read_bytes()), read_only=True).active
    assert sheet is not None
    rows = list(sheet.iter_rows(values_only=True))
    header, data = rows[0], rows[1:]
    assert header[:4] == ("Cliente", "ID", "Criado em", "Status")
    assert data
    assert {r[0] for r in data} == {"acme"}
    assert {r[3] for r in data} == {"confirmed"}

    from gateway.models import TransactionIndex

    with django_db_blocker.unblock():  # every row is one of acme's deposits (exactness: tests/exports)
        known = TransactionIndex.objects.filter(
            kind="deposit", tenant__slug="acme", public_id__in=[r[1] for r in data]
        )
        assert known.count() == len(data)
