"""The login page in a real browser: served by Django under /plataforma, logs a demo user in."""

from __future__ import annotations

import re
from typing import Any

from tests.browser.conftest import tenant_url


def test_login_page_is_served_and_a_client_logs_in(page: Any, web: str) -> None:
    page.goto(tenant_url(web, "acme", "/plataforma/login"))
    page.get_by_label(re.compile("e-mail", re.I)).fill("client@demo.test")
    page.get_by_label(re.compile("senha", re.I)).fill("cofre-demo")
    page.get_by_role("button", name=re.compile("entrar", re.I)).click()
    page.wait_for_url(re.compile(r"/plataforma/clients/home"), timeout=15_000)
    assert "/plataforma/clients/home" in page.url


def test_wrong_password_shows_a_translated_error(page: Any, web: str) -> None:
    page.goto(tenant_url(web, "acme", "/plataforma/login"))
    page.get_by_label(re.compile("e-mail", re.I)).fill("client@demo.test")
    page.get_by_label(re.compile("senha", re.I)).fill("wrong-password")
    page.get_by_role("button", name=re.compile("entrar", re.I)).click()
    page.get_by_text("E-mail ou senha inválidos").wait_for(timeout=15_000)
