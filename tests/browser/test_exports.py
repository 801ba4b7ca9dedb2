"""Exports in Chromium against the real stack: on clients/payments, filtered by status, the client
clicks Export > CSV for Excel (Brazil); the download center opens, the real worker makes the file
(its row goes from queued/generating to ready), and the file downloaded from the center holds exactly
the rows the list's filters select."""

from __future__ import annotations

import csv
import io
import uuid
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import login_ui, role_url, wait_for_shell
from tests.browser.test_accessibility import serious_violations

if TYPE_CHECKING:
    from playwright.sync_api import Page


@pytest.fixture
def confirmed_deposits(django_db_blocker: Any) -> Iterator[str]:
    """Confirmed deposits of acme with a payer name of their own (committed; deleted afterwards)."""
    from django_tenants.utils import schema_context

    from core.ids import new_public_id
    from core.text import search_text
    from payments.models import Deposit
    from payments.services import index_name

    name = f"Exportada {uuid.uuid4().hex[:6]}"
    with django_db_blocker.unblock(), schema_context("acme"):
        for i, status in enumerate(("confirmed", "confirmed", "confirmed", "pending")):
            deposit = Deposit.objects.create(
                public_id=new_public_id("dep"), method="pix", amount=10_000 + i, currency="BRL", fee=99,
                payer_name=name, search_name=search_text(name), payer_document="52998224725", status=status,
            )  # fmt: skip
            index_name(deposit)  # as services.create_deposit does: the list's name search reads it
    yield name
    with django_db_blocker.unblock(), schema_context("acme"):
        Deposit.objects.filter(payer_name=name).delete()


def test_export_deposits_from_the_list_and_download_from_the_center(
    page: Page, web: str, confirmed_deposits: str
) -> None:
    name = confirmed_deposits
    login_ui(page, web, "client")
    page.goto(role_url(web, "client", f"/plataforma/clients/payments?status=confirmed&q={quote(name)}"))
    wait_for_shell(page)
    expect(page.get_by_role("table").first).to_be_visible(timeout=15_000)
    page.get_by_role("button", name="Exportar").click()

    def posted(r: Any) -> bool:
        return bool(r.url.endswith("/api/exports") and r.request.method == "POST")

    with page.expect_response(posted) as answer:
        page.get_by_role("menuitem", name="CSV para Excel (Brasil)").click()
    assert answer.value.status == 202, answer.value.text()
    body: dict[str, Any] = answer.value.request.post_data_json or {}
    assert body["type"] == "payments"
    assert body["format"] == "csv_br"
    assert body["filters"]["status"] == ["confirmed"]
    assert body["filters"]["q"] == name
    assert "per_page" not in body["filters"]
    assert "cursor" not in body["filters"]
    export_id = answer.value.json()["id"]

    center = page.get_by_role("dialog", name="Central de downloads")
    row = center.locator(f"[data-export='{export_id}']")  # a card in the drawer, a row on a wide screen
    expect(row).to_be_visible()
    expect(row).to_have_attribute("data-status", "done", timeout=60_000)  # polled while it runs
    expect(row).to_contain_text("Pronta")
    assert serious_violations(page) == []
    with page.expect_download() as download:
        row.get_by_role("link", name="Baixar").click()
    raw = download.value.path().read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(raw[3:].decode()), delimiter=";"))[1:]
    assert len(rows) == 3  # the confirmed ones of this payer: what the list shows
    assert {r[2] for r in rows} == {"confirmed"}
    assert {r[9] for r in rows} == {name}
    assert sorted(r[5] for r in rows) == ["100,00", "100,01", "100,02"]  # decimal comma
