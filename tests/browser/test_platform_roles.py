"""The platform roles with a home of their own (issue 16, ARCHITECTURE.md "Access"): the company follows
the money across clients on company/atividade; hms keeps watch over the machinery on hms/. Each lands
there after signing in, never on "not authorized"."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from playwright.sync_api import expect

from tests.browser.helpers import NOT_AUTHORIZED_PATH, login_ui, wait_for_shell

if TYPE_CHECKING:
    from playwright.sync_api import Page


def test_the_company_lands_on_the_activity_of_every_client(page: Page, web: str) -> None:
    login_ui(page, web, "company")
    page.wait_for_url("**/plataforma/company/atividade", timeout=15_000)
    wait_for_shell(page)
    expect(page.get_by_role("heading", level=1, name="Atividade")).to_be_visible()
    client = page.get_by_label("Cliente", exact=True)
    expect(client).to_be_visible(timeout=15_000)
    expect(client.locator("option", has_text="Acme Pagamentos Ltda")).to_have_count(1)
    expect(page.get_by_role("region", name="Saldo")).to_be_visible()  # across every client, now
    assert NOT_AUTHORIZED_PATH not in page.url


def test_hms_lands_on_the_health_of_the_platform(page: Page, web: str) -> None:
    login_ui(page, web, "hms")
    page.wait_for_url(re.compile(r"/plataforma/hms/?$"), timeout=15_000)  # section 2 writes it hms/
    wait_for_shell(page)
    expect(page.get_by_role("heading", level=1, name="Saúde do sistema")).to_be_visible()
    database = page.locator("[data-component='database']")
    expect(database).to_have_attribute("data-up", "true", timeout=30_000)
    expect(database).to_contain_text("Funcionando")
    queues = page.get_by_role("table", name="Filas de jobs")
    expect(queues.locator("[data-queue='default']")).to_be_visible()
    expect(page.get_by_role("button", name="Verificar agora")).to_be_enabled()
    assert urlsplit(page.url).path.rstrip("/") == "/plataforma/hms"
