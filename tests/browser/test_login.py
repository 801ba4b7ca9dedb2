"""The login page in a real browser: served by Django under /plataforma, logs a demo user in."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tests.browser.conftest import tenant_url
from tests.browser.helpers import fill_login_form

if TYPE_CHECKING:
    from playwright.sync_api import Page


def test_login_page_is_served_and_a_client_logs_in(page: Page, web: str) -> None:
    page.goto(tenant_url(web, "acme", "/plataforma/login"))
    page.get_by_role("heading", name="Entrar no Cofre").wait_for()
    page.wait_for_function("() => document.title.includes('Entrar no Cofre')")
    fill_login_form(page, "client@demo.test")
    page.wait_for_url(re.compile(r"/plataforma/clients/home"), timeout=15_000)
    assert "/plataforma/clients/home" in page.url


def test_wrong_password_shows_a_translated_error(page: Page, web: str) -> None:
    page.goto(tenant_url(web, "acme", "/plataforma/login"))
    fill_login_form(page, "client@demo.test", "wrong-password")
    page.get_by_role("alert").get_by_text("E-mail ou senha inválidos").wait_for(timeout=15_000)
    assert "/plataforma/login" in page.url


def test_empty_fields_are_reported_without_a_call(page: Page, web: str) -> None:
    calls: list[str] = []
    page.on(
        "request", lambda request: calls.append(request.url) if "/api/auth/login" in request.url else None
    )
    page.goto(tenant_url(web, "acme", "/plataforma/login"))
    page.get_by_role("button", name=re.compile("^entrar$", re.I)).click()
    page.get_by_text("Informe seu e-mail").wait_for()
    page.get_by_text("Informe sua senha").wait_for()
    assert calls == []
