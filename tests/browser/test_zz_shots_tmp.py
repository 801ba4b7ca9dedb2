from __future__ import annotations

from typing import Any

import pytest

from tests.browser.helpers import login_ui, new_context, role_url, wait_for_shell, wait_until_quiet

SHOTS = [
    ("admin", "/plataforma/admin/home"),
    ("admin", "/plataforma/admin/restrictions"),
    ("admin", "/plataforma/admin/customers-alert"),
    ("client", "/plataforma/clients/home"),
    ("client", "/plataforma/clients/metrics"),
    ("client", "/plataforma/clients/webhooks"),
    ("client", "/plataforma/clients/refunds"),
]


@pytest.mark.parametrize("width", [1440, 390])
def test_shots(browser: Any, web: str, width: int) -> None:
    context = new_context(browser, viewport={"width": width, "height": 900})
    page = context.new_page()
    for role in ("admin", "client"):
        login_ui(page, web, role)
        for who, path in SHOTS:
            if who != role:
                continue
            page.goto(role_url(web, role, path))
            wait_for_shell(page)
            wait_until_quiet(page)
            name = path.rsplit("/", 1)[1]
            page.screenshot(path=f"/tmp/shots/{name}-{width}.png", full_page=True)
        page.context.clear_cookies()
    context.close()
