"""Exports in Chromium against the real stack: on clients/payments, filtered by status, the client
clicks Export > CSV for Excel (Brazil); the download center opens, the real worker makes the file
(its row goes from queued/generating to ready), and the file downloaded from the center holds exactly
the rows the list's filters select."""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING, Any

from playwright.sync_api import expect

from tests.browser.helpers import login_ui, role_url, wait_for_shell
from tests.browser.test_accessibility import serious_violations

if TYPE_CHECKING:
    from playwright.sync_api import Page


def test_export_deposits_from_the_list_and_download_from_the_center(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    login_ui(page, web, "client")
    page.goto(role_url(web, "client", "/plataforma/clients/payments?status=confirmed"))
    wait_for_shell(page)
    expect(page.get_by_role("table").first).to_be_visible(timeout=15_000)
    page.get_by_role("button", name="Exportar").click()

    def posted(r: Any) -> bool:
        return bool(r.url.endswith("/api/exports") and r.request.method == "POST")

    with page.expect_response(posted) as answer:
        page.get_by_role("menuitem", name="CSV para Excel (Brasil)").click()
    assert answer.value.status == 202, answer.value.text()
    body = answer.value.request.post_data_json
    assert body["type"] == "payments"
    assert body["format"] == "csv_br"
    assert body["filters"]["status"] == ["confirmed"]
    assert "per_page" not in body["filters"]
    assert "cursor" not in body["filters"]
    export_id = answer.value.json()["id"]

    center = page.get_by_role("dialog", name="Central de downloads")
    row = center.locator(f"tr[data-export='{export_id}']")
    expect(row).to_be_visible()
    expect(row).to_have_attribute("data-status", "done", timeout=60_000)  # polled while it runs
    expect(row).to_contain_text("Pronta")
    assert serious_violations(page) == []
    with page.expect_download() as download:
        row.get_by_role("link", name="Baixar").click()
    raw = download.value.path().read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(raw[3:].decode()), delimiter=";"))[1:]
    assert rows
    assert {r[2] for r in rows} == {"confirmed"}

    with django_db_blocker.unblock():
        from django_tenants.utils import schema_context

        from payments.models import Deposit

        with schema_context("acme"):
            assert len(rows) == Deposit.objects.filter(status="confirmed").count()
    expect(row).to_contain_text(f"{len(rows)}")
