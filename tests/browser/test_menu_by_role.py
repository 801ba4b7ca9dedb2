"""Every demo role signs in through the login page of its host and sees exactly its menu (spec 2, 6).

The expected entries are the ones written from the specification for the API test
(tests/isolation/test_menu_by_role.py); here they are the links a user can see in the sidebar.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest

from tests.browser.helpers import NOT_AUTHORIZED_PATH, expand_all_groups, login_ui, visible_menu_hrefs
from tests.isolation.test_menu_by_role import EXPECTED
from tests.support.personas import PERSONAS

if TYPE_CHECKING:
    from playwright.sync_api import Page


@pytest.mark.parametrize(("role", "slug"), PERSONAS, ids=[role for role, _ in PERSONAS])
def test_the_sidebar_shows_exactly_the_menu_of_the_role(page: Page, web: str, role: str, slug: str) -> None:
    login_ui(page, web, role)
    # The horizontal variant's Home is route "": /plataforma itself.
    expected = [f"/plataforma/{route}".rstrip("/") for route in EXPECTED[role]]
    if not expected:
        page.wait_for_url(f"**{NOT_AUTHORIZED_PATH}", timeout=15_000)
        page.get_by_role("heading", name="Você não tem autorização!").wait_for()
        assert page.locator("aside nav").count() == 0
        return
    page.locator("aside nav a:visible").first.wait_for(timeout=15_000)
    # After signing in the user lands on a screen of the menu, never on "not authorized".
    assert urlsplit(page.url).path.rstrip("/") in expected
    expand_all_groups(page)
    assert [href.rstrip("/") for href in visible_menu_hrefs(page)] == expected
