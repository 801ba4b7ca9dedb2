"""Language (spec 1, 9): pt-BR by default, English on request, kept on reload and in the profile."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tests.browser.helpers import login_ui, new_context, wait_for_shell

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

ROLE = "client_user_analyst"
FOOTER_PT = "Back-office de pagamentos."
FOOTER_EN = "Payments back-office."


def expect_language(page: Page, lang: str, footer: str) -> None:
    page.locator(f"html[lang='{lang}']").wait_for(state="attached", timeout=15_000)
    page.locator("footer").get_by_text(footer).wait_for(timeout=15_000)


def test_switching_to_english_changes_the_texts_and_is_kept(
    browser: Browser, page: Page, web: str, restore_profile: Callable[[str], None]
) -> None:
    restore_profile(ROLE)
    login_ui(page, web, ROLE)
    wait_for_shell(page)
    expect_language(page, "pt-BR", FOOTER_PT)
    assert page.locator("aside nav").get_attribute("aria-label") == "Menu principal"

    with page.expect_response(
        lambda r: r.url.endswith("/api/auth/profile") and r.request.method == "PATCH"
    ) as saved:
        page.get_by_role("button", name="Idioma: Português (Brasil)").click()
        page.get_by_role("menuitemradio", name="English").click()
    assert saved.value.ok
    assert saved.value.json()["language"] == "en"
    expect_language(page, "en", FOOTER_EN)
    assert page.locator("aside nav").get_attribute("aria-label") == "Main menu"
    page.get_by_role("button", name="Language: English").wait_for()

    page.reload()
    wait_for_shell(page)
    expect_language(page, "en", FOOTER_EN)

    # Another browser (nothing in its storage) signing in as the same user gets English from the server.
    other = new_context(browser)
    try:
        fresh = other.new_page()
        login_ui(fresh, web, ROLE)
        wait_for_shell(fresh)
        expect_language(fresh, "en", FOOTER_EN)
    finally:
        other.close()
