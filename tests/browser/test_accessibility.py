"""axe-core finds no serious or critical violation on the login page and on home, light and dark."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser.helpers import (
    LOGIN_PATH,
    login_ui,
    new_context,
    open_customizer,
    role_url,
    wait_for_shell,
    wait_until_quiet,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

AXE = Path(__file__).resolve().parents[2] / "frontend" / "node_modules" / "axe-core" / "axe.min.js"
SETTINGS_KEY = "cofre.interfaceSettings"  # the interface settings cache main.tsx applies at start


def serious_violations(page: Page) -> list[dict[str, Any]]:
    # Evaluated through the DevTools protocol, not as an inline <script> (the page's
    # Content-Security-Policy refuses those).
    page.evaluate(AXE.read_text())
    results: dict[str, Any] = page.evaluate(
        """async () => await axe.run(document, {
            runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']},
        })"""
    )
    return [
        {
            "id": violation["id"],
            "impact": violation["impact"],
            "help": violation["help"],
            "nodes": [
                (node["target"], node["html"][:150], node["failureSummary"]) for node in violation["nodes"]
            ][:5],
        }
        for violation in results["violations"]
        if violation["impact"] in ("serious", "critical")
    ]


THEMES = {
    "light": {"theme": "light"},
    "dark": {"theme": "dark"},
    # the menu and the navbar are dark islands in a light page
    "semi-dark": {"theme": "semi-dark", "navbarColor": "danger"},
}


@pytest.fixture(params=list(THEMES))
def themed_page(request: pytest.FixtureRequest, browser: Browser) -> Any:
    """A page whose interface settings cache holds the theme before anything loads (a user who chose
    it before; these demo users have no settings on the server, so the cache is what applies)."""
    context = new_context(browser)
    settings = json.dumps(THEMES[request.param])
    context.add_init_script(f"localStorage.setItem({json.dumps(SETTINGS_KEY)}, {json.dumps(settings)})")
    page = context.new_page()
    page.theme = request.param  # type: ignore[attr-defined]
    yield page
    context.close()


def check_theme(page: Page) -> None:
    dark = page.evaluate("() => document.documentElement.classList.contains('dark')")
    assert dark == (page.theme == "dark")  # type: ignore[attr-defined]


def test_login_page(themed_page: Page, web: str) -> None:
    page = themed_page
    page.goto(role_url(web, "admin", LOGIN_PATH))
    page.get_by_label("E-mail").wait_for()
    check_theme(page)
    assert serious_violations(page) == []


def test_home(themed_page: Page, web: str) -> None:
    page = themed_page
    login_ui(page, web, "admin")
    wait_for_shell(page)
    wait_until_quiet(page)
    check_theme(page)
    assert serious_violations(page) == []


def test_open_customizer_and_not_authorized_page(themed_page: Page, web: str) -> None:
    page = themed_page
    login_ui(page, web, "client")
    wait_for_shell(page)
    wait_until_quiet(page)
    open_customizer(page)
    assert serious_violations(page) == []
    page.goto(role_url(web, "client", "/plataforma/admin/home"))
    page.get_by_role("heading", name="Você não tem autorização!").wait_for()
    check_theme(page)
    assert serious_violations(page) == []
