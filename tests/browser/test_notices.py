"""The editor's desk (issue 16): the editor lands on Home (/plataforma/), writes a notice to client
companies on Page 2 (both languages, a review step), and a client sees it above its screens and can
hide it; taking it down stops it."""

from __future__ import annotations

import re
import uuid
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from playwright.sync_api import expect

from tests.browser.helpers import login_ui, new_context, role_url, wait_for_shell

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


def test_an_editor_publishes_a_notice_that_a_client_reads_and_hides(
    page: Page, web: str, browser: Browser
) -> None:
    text = f"Manutenção programada {uuid.uuid4().hex[:6]}"
    login_ui(page, web, "editor")
    page.wait_for_url(re.compile(r"/plataforma/?$"), timeout=15_000)
    wait_for_shell(page)
    expect(page.get_by_role("heading", level=1, name="Início")).to_be_visible()
    page.get_by_role("link", name="Escrever um aviso").click()
    dialog = page.get_by_role("dialog", name="Escrever um aviso")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Publicar").click()  # both languages are required
    expect(dialog.get_by_text("Obrigatório").first).to_be_visible()
    dialog.get_by_label("Mensagem em português (Brasil)").fill(text)
    dialog.get_by_label("Mensagem em inglês").fill("Planned maintenance")
    dialog.get_by_label("Público").select_option("clients")
    dialog.get_by_role("button", name="Publicar").click()
    review = page.get_by_role("alertdialog", name="Publicar este aviso?")
    expect(review).to_contain_text("Empresas clientes")
    with page.expect_response(
        lambda r: r.url.endswith("/api/notices") and r.request.method == "POST"
    ) as answer:
        review.get_by_role("button", name="Publicar").click()
    assert answer.value.status == 201, answer.value.text()
    notice_id = answer.value.json()["id"]
    row = page.locator(f"tr[data-notice='{notice_id}']")
    expect(row).to_have_attribute("data-state", "live")
    assert urlsplit(page.url).path == "/plataforma/page2"

    client = new_context(browser).new_page()
    login_ui(client, web, "client")
    wait_for_shell(client)
    banner = client.get_by_role("region", name="Avisos da plataforma")
    expect(banner).to_contain_text(text)
    banner.locator(f"[data-notice='{notice_id}']").get_by_role("button", name="Ocultar este aviso").click()
    expect(client.locator(f"[data-notice='{notice_id}']")).to_have_count(0)

    # Taken down: it stops for everyone (a fresh session of the client does not see it).
    row.get_by_role("button", name="Retirar").click()
    confirm = page.get_by_role("alertdialog", name="Retirar este aviso?")
    confirm.get_by_role("button", name="Retirar").click()
    expect(row).to_have_attribute("data-state", "withdrawn")
    again = new_context(browser).new_page()
    login_ui(again, web, "client")
    again.goto(role_url(web, "client", "/plataforma/clients/payments"))
    wait_for_shell(again)
    again.get_by_role("heading", level=1).first.wait_for()
    expect(again.locator(f"[data-notice='{notice_id}']")).to_have_count(0)
    client.context.close()
    again.context.close()
