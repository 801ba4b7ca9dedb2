"""admin/volume in Chromium against the real stack: the admin opens the volume per client, filters by a
client (the URL keeps it), the row shown is the API's answer formatted for pt-BR, and "Gerar relatório"
exports the same filters: the real worker makes the file, the download center shows it ready, and the
file downloaded holds the screen's row."""

from __future__ import annotations

import csv
import io
import re
from typing import TYPE_CHECKING, Any

from playwright.sync_api import expect

from tests.browser.helpers import login_ui, role_url, wait_for_shell
from tests.browser.test_stats import _a_deposit_today, _api, _brl

if TYPE_CHECKING:
    from playwright.sync_api import Page


def test_admin_filters_the_volume_by_a_client_and_generates_its_report(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    _a_deposit_today(django_db_blocker)  # acme has money paid in the current month
    login_ui(page, web, "admin")
    page.goto(role_url(web, "admin", "/plataforma/admin/volume"))
    wait_for_shell(page)
    expect(page.get_by_role("heading", name="Relatório de volume")).to_be_visible(timeout=15_000)
    expect(page.get_by_role("table").first).to_be_visible(timeout=15_000)

    page.locator("select[name='client']").select_option("acme")
    expect(page).to_have_url(re.compile(r"[?&]client=acme(&|$)"))
    rows = page.locator("tbody tr[data-client]")
    expect(rows.first).to_have_attribute("data-client", "acme")
    expect(page.locator("tbody tr[data-client]:not([data-client='acme'])")).to_have_count(0)

    answer = _api(page, "/api/stats/volume?client=acme&currency=BRL")
    brl = next(r for r in answer["rows"] if r["currency"] == "BRL")
    row = page.locator("tbody tr[data-client='acme'][data-currency='BRL']")
    expect(row).to_contain_text(_brl(brl["deposits_amount"]))
    expect(row).to_contain_text(_brl(brl["pix_amount"]))
    totals = page.get_by_role("group", name="Totais").locator("[data-total='BRL']")
    expect(totals).to_contain_text(_brl(brl["deposits_amount"]))

    def posted(r: Any) -> bool:
        return bool(r.url.endswith("/api/exports") and r.request.method == "POST")

    page.get_by_role("button", name="Gerar relatório").click()
    with page.expect_response(posted) as created:
        page.get_by_role("menuitem", name="CSV", exact=True).click()
    assert created.value.status == 202, created.value.text()
    body: dict[str, Any] = created.value.request.post_data_json or {}
    assert body["type"] == "volume"
    assert body["filters"]["client"] == "acme"
    export_id = created.value.json()["id"]

    center = page.get_by_role("dialog", name="Central de downloads")
    line = center.locator(f"[data-export='{export_id}']")
    expect(line).to_contain_text("Volume por cliente")
    expect(line).to_have_attribute("data-status", "done", timeout=60_000)  # polled while it runs
    with page.expect_download() as download:
        line.get_by_role("link", name="Baixar").click()
    table = list(csv.reader(io.StringIO(download.value.path().read_text())))
    assert table[0][:3] == ["Cliente", "Nome", "Moeda"]
    assert {r[0] for r in table[1:]} == {"acme"}
    exported = next(dict(zip(table[0], r, strict=True)) for r in table[1:] if r[2] == "BRL")
    assert exported["Depósitos"] == f"{brl['deposits_amount'] / 100:.2f}"


def test_admin_overall_shows_methods_active_and_top_clients_against_the_period_before(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    _a_deposit_today(django_db_blocker)
    login_ui(page, web, "admin")
    page.goto(role_url(web, "admin", "/plataforma/admin/overall"))
    wait_for_shell(page)
    expect(page.get_by_role("heading", name="Visão geral")).to_be_visible(timeout=15_000)
    volume = _api(page, "/api/stats/volume?currency=BRL")
    brl = next(t for t in volume["totals"] if t["currency"] == "BRL")
    methods = page.get_by_role("region", name="Depósitos pagos por método")
    expect(methods.get_by_role("group", name="PIX")).to_contain_text(
        _brl(brl["pix_amount"]).replace(" ", "\xa0")
    )
    active = methods.get_by_role("group", name="Clientes ativos")
    expect(active).to_contain_text(str(brl["clients"]))
    expect(active).to_contain_text(re.compile("em relação a|Nada em"))  # the period before
    top = page.get_by_role("region", name="Maiores clientes por depósitos pagos").locator("li")
    expect(top.first).to_have_attribute("data-client", volume["rows"][0]["client"])
    expect(top).to_have_count(min(10, len(volume["rows"])))
