"""Layouts (spec 2, 4, 9): horizontal only from 1200 px wide, vertical below; RTL mirrors the shell."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tests.browser.helpers import choose, close_customizer, login_ui, open_customizer, wait_for_shell
from tests.isolation.test_menu_by_role import EXPECTED

if TYPE_CHECKING:
    from playwright.sync_api import FloatRect, Page


def expect_layout(page: Page, value: str) -> None:
    """Waits until the shell draws `value` (after a resize, the next render does)."""
    from playwright.sync_api import expect

    expect(page.locator("[data-layout]").first).to_have_attribute("data-layout", value)


def box(page: Page, selector: str) -> FloatRect:
    rect = page.locator(selector).first.bounding_box()
    assert rect is not None, selector
    return rect


def test_horizontal_from_1200_px_and_vertical_below(
    page: Page, web: str, restore_profile: Callable[[str], None]
) -> None:
    role = "partner_support"
    restore_profile(role)
    login_ui(page, web, role)
    wait_for_shell(page)
    choose(open_customizer(page), "layout", "horizontal")
    close_customizer(page)

    page.set_viewport_size({"width": 1280, "height": 900})
    expect_layout(page, "horizontal")
    assert page.locator("aside").count() == 0
    menu = page.locator("header nav")
    # every entry of the role is in the top menu; hovering a group opens its dropdown
    hrefs = menu.locator("a").evaluate_all("links => links.map(link => link.getAttribute('href'))")
    assert hrefs == [f"/plataforma/{route}" for route in EXPECTED[role]]
    group = menu.locator("li:has(ul) > button").first
    group.hover()
    menu.locator("ul ul a").first.wait_for()
    assert group.get_attribute("aria-expanded") == "true"

    page.set_viewport_size({"width": 1200, "height": 900})
    expect_layout(page, "horizontal")
    page.set_viewport_size({"width": 1199, "height": 900})
    expect_layout(page, "vertical")

    page.set_viewport_size({"width": 1000, "height": 900})
    expect_layout(page, "vertical")
    # below 1200 px the sidebar is off-canvas: the navbar button shows it
    assert not page.locator("aside nav").is_visible()
    page.get_by_role("button", name="Abrir menu").click()
    page.locator("aside nav a").first.wait_for()
    page.get_by_role("button", name="Fechar menu").click()
    page.locator("aside nav").wait_for(state="hidden")


def test_rtl_puts_the_sidebar_on_the_right(
    page: Page, web: str, restore_profile: Callable[[str], None]
) -> None:
    role = "partner_analyst"
    restore_profile(role)
    login_ui(page, web, role)
    wait_for_shell(page)
    aside, main = box(page, "aside"), box(page, "#main-content")
    assert page.evaluate("() => document.documentElement.dir") == "ltr"
    assert aside["x"] + aside["width"] <= main["x"] + 1

    choose(open_customizer(page), "direction", "rtl")
    close_customizer(page)
    page.wait_for_function("() => document.documentElement.dir === 'rtl'")
    # the sidebar's transition has ended: it sits flush with the right edge, nothing animating
    page.wait_for_function(
        """() => {
            const aside = document.querySelector('aside');
            const flush = Math.abs(aside.getBoundingClientRect().right - window.innerWidth) <= 1;
            return flush && aside.getAnimations({ subtree: true }).length === 0;
        }"""
    )
    aside, main = box(page, "aside"), box(page, "#main-content")
    assert main["x"] + main["width"] <= aside["x"] + 1
    assert abs(aside["x"] + aside["width"] - 1280) <= 1  # flush with the right edge
    # the navbar mirrors too: the user menu sits on the left of the search box
    user_menu = page.get_by_role("button", name="Menu do usuário Demo partner analyst").bounding_box()
    search = page.get_by_role("searchbox").or_(page.get_by_role("combobox")).first.bounding_box()
    assert user_menu is not None
    assert search is not None
    assert user_menu["x"] < search["x"]
