"""The shell as each kind of user meets it (issue 11): the logo and "Início" go to the user's own home,
an unknown address says "not found", and a read-only role is not offered what the server would refuse."""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest

from tests.browser.helpers import (
    NOT_AUTHORIZED_PATH,
    login_ui,
    open_app,
    role_url,
    wait_for_shell,
    wait_until_quiet,
)
from tests.isolation.test_menu_by_role import EXPECTED

if TYPE_CHECKING:
    from playwright.sync_api import Page


@pytest.mark.parametrize("role", ["employee", "partner", "client_user_analyst", "client"])
def test_logo_and_home_breadcrumb_lead_to_the_users_own_home(page: Page, web: str, role: str) -> None:
    login_ui(page, web, role)
    wait_for_shell(page)
    logo = page.get_by_role("link", name="Cofre, ir para o início").first
    href = logo.get_attribute("href") or ""
    assert href.removeprefix("/plataforma/").strip("/") in EXPECTED[role]
    # A screen of the menu other than home, then back through the logo: a screen, never "not authorized".
    open_app(page, web, role, f"/plataforma/{EXPECTED[role][-1]}")
    page.get_by_role("link", name="Cofre, ir para o início").first.click()
    page.wait_for_url(f"**{href}", timeout=15_000)
    assert NOT_AUTHORIZED_PATH not in page.url
    page.get_by_role("heading", level=1).first.wait_for()
    crumb = page.get_by_role("link", name="Início", exact=True)
    if crumb.count():
        assert crumb.first.get_attribute("href") == href


def test_an_unknown_address_shows_not_found(page: Page, web: str) -> None:
    login_ui(page, web, "client")
    page.goto(role_url(web, "client", "/plataforma/clients/no-such-screen"))
    page.get_by_role("heading", level=1, name="Página não encontrada").wait_for(timeout=15_000)
    assert urlsplit(page.url).path == "/plataforma/clients/no-such-screen"
    assert page.get_by_role("heading", name="Você não tem autorização!").count() == 0


def test_a_read_only_role_is_not_offered_billet_or_pix_generation(page: Page, web: str) -> None:
    login_ui(page, web, "client_user_analyst")
    open_app(page, web, "client_user_analyst", "/plataforma/clients/payments")
    page.get_by_role("heading", level=1, name="Depósitos").wait_for(timeout=15_000)
    wait_until_quiet(page)
    assert page.get_by_role("button", name="Gerar boleto avulso").count() == 0
    assert page.get_by_role("button", name="Gerar PIX avulso").count() == 0
    # A user who may write sees them on the same screen.
    page.context.clear_cookies()
    login_ui(page, web, "client")
    open_app(page, web, "client", "/plataforma/clients/payments")
    page.get_by_role("button", name="Gerar boleto avulso").wait_for(timeout=15_000)
