"""English end to end (spec 1, 9): a client owner and an admin switch to English on their profile
screen (the language is the user's, saved by the server: not the browser's), then a handful of their
screens show English headings, amounts in the English notation (R$1,234.56, never "R$ 1.234,56") and
times on the English clock; the admin's decision dialogs are boxes on a desktop, not full-height sheets.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from playwright.sync_api import expect

from tests.browser.helpers import login_ui, open_app, role_url, wait_for_shell

if TYPE_CHECKING:
    from playwright.sync_api import Page

EN_MONEY = re.compile(r"R\$\d{1,3}(,\d{3})*\.\d{2}")
PT_MONEY = re.compile(r"R\$\s\d{1,3}(\.\d{3})*,\d{2}")


def switch_to_english_on_the_profile(page: Page, web: str, role: str) -> None:
    page.goto(role_url(web, role, "/plataforma/user/profile"))
    wait_for_shell(page)
    page.get_by_role("combobox", name="Idioma").select_option("en")
    with page.expect_response(
        lambda r: r.url.endswith("/api/auth/profile") and r.request.method == "PATCH"
    ) as saved:
        page.get_by_role("button", name="Salvar alterações").click()
    assert saved.value.ok, saved.value.text()
    assert saved.value.json()["language"] == "en"
    page.locator("html[lang='en']").wait_for(state="attached")
    expect(page.get_by_role("heading", name="Edit profile", level=1)).to_be_visible()


def heading(page: Page, text: str) -> None:
    expect(page.get_by_role("heading", level=1)).to_have_text(text, timeout=15_000)


def test_a_client_owner_in_english(page: Page, web: str, restore_profile: Callable[[str], None]) -> None:
    restore_profile("client")
    login_ui(page, web, "client")
    switch_to_english_on_the_profile(page, web, "client")

    open_app(page, web, "client", "/plataforma/clients/home")
    heading(page, "Home")
    expect(page.get_by_role("region", name="Balance in BRL")).to_contain_text(EN_MONEY, timeout=15_000)
    assert not PT_MONEY.search(page.locator("main").inner_text())

    open_app(page, web, "client", "/plataforma/clients/payments")
    heading(page, "Deposits")
    # a multiple-choice filter with nothing chosen says so (it was a bare dash)
    expect(page.get_by_role("button", name="Status Any")).to_be_visible()
    expect(page.get_by_role("button", name="Generate single billet")).to_be_visible()

    open_app(page, web, "client", "/plataforma/clients/refunds")
    heading(page, "Refunds")


def test_an_admin_in_english(page: Page, web: str, restore_profile: Callable[[str], None]) -> None:
    restore_profile("admin")
    login_ui(page, web, "admin")
    switch_to_english_on_the_profile(page, web, "admin")

    open_app(page, web, "admin", "/plataforma/admin/config")
    heading(page, "Settings")
    limits = page.locator("dl[aria-label='Payout limits and hours']")
    # the night window on the English clock (the API sends "20:00" and "06:00")
    expect(limits).to_contain_text(re.compile(r"Night window\s*8:00\sPM to 6:00\sAM"), timeout=15_000)
    expect(page.locator("main table")).to_contain_text(EN_MONEY)  # the demo's auto-approval rule
    assert not PT_MONEY.search(page.locator("main").inner_text())

    open_app(page, web, "admin", "/plataforma/admin/deposits-banks")
    heading(page, "Deposit banks")
    methods = page.get_by_role("table", name="Payment methods")
    # the method's name in English, not the plugin's own "Boleto"
    expect(methods.locator("tr[data-plugin='method:billet'] td").first).to_have_text("Billet")

    # The staff KYC drawer's Reopen: an English dialog that is a box on a desktop (it was a sheet the
    # height of the window), saying what reopening does without the client's name glued to the sentence.
    open_app(page, web, "admin", "/plataforma/admin/customers-kyc?file=acme")
    drawer = page.get_by_role("dialog", name="KYC file: Acme Pagamentos Ltda")
    drawer.get_by_role("button", name="Reopen", exact=True).click()
    reopen = page.get_by_role("dialog", name="Reopen this KYC file")
    description = page.locator(f"[id='{reopen.get_attribute('aria-describedby')}']")
    expect(description).to_have_text("The client reads the reason, updates the file and submits it again.")
    expect(reopen).to_contain_text("11.222.333/0001-81")
    box = reopen.bounding_box()
    assert box is not None
    assert box["height"] < 600, box  # the window is 900 px high
    reopen.get_by_role("button", name="Cancel").click()
    expect(reopen).to_be_hidden()
