"""clients/provider-banks in Chromium against the real stack: the client sees which provider serves
each of its methods and payouts, whose routing it is, and its status; read-only."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import expect

from tests.browser.helpers import login_ui, role_url, wait_for_shell

if TYPE_CHECKING:
    from playwright.sync_api import Page


def test_the_client_sees_its_provider_banks(page: Page, web: str) -> None:
    login_ui(page, web, "client")
    page.goto(role_url(web, "client", "/plataforma/clients/provider-banks"))
    wait_for_shell(page)
    pix = page.locator("[data-bank='deposit:pix']")
    expect(pix).to_contain_text("PIX", timeout=15_000)
    expect(pix).to_contain_text("Sandbox")
    expect(pix).to_contain_text("Padrão da plataforma")
    expect(pix).to_contain_text("Operando")
    for key in ("deposit:billet", "deposit:card", "deposit:wire", "payout:pix", "payout:ted"):
        expect(page.locator(f"[data-bank='{key}']")).to_be_visible()
    expect(page.locator("[data-bank='payout:ted']")).to_contain_text("Saques")
    # read-only: nothing to change here
    expect(page.get_by_role("main").get_by_role("button", name="Salvar")).to_have_count(0)
