"""The theme customizer (spec 4): every setting applies at once and survives a reload."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tests.browser.helpers import (
    choose,
    chosen,
    close_customizer,
    login_ui,
    offered,
    open_customizer,
    switch,
    wait_for_shell,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

ROLE = "financial"  # platform host, one menu entry; no other test changes its settings


def body_classes(page: Page) -> set[str]:
    classes: str = page.evaluate("() => document.body.className")
    return set(classes.split())


def root_is_dark(page: Page) -> bool:
    dark: bool = page.evaluate("() => document.documentElement.classList.contains('dark')")
    return dark


def active_entry_background(page: Page) -> str:
    color: str = page.locator("aside nav a[aria-current='page']").evaluate(
        "link => getComputedStyle(link).backgroundColor"
    )
    return color


def make_page_scrollable(page: Page) -> None:
    page.evaluate(
        """() => {
            const filler = document.createElement('div');
            filler.style.height = '3000px';
            document.getElementById('main-content').append(filler);
            window.scrollTo(0, 1000);
        }"""
    )


def test_modes_set_and_clear_the_body_class(
    page: Page, web: str, restore_profile: Callable[[str], None]
) -> None:
    restore_profile(ROLE)
    login_ui(page, web, ROLE)
    wait_for_shell(page)
    assert not body_classes(page) & {"dark-layout", "semi-dark-layout"}
    dialog = open_customizer(page)

    choose(dialog, "theme", "dark")
    page.wait_for_function("() => document.body.classList.contains('dark-layout')")
    assert root_is_dark(page)

    choose(dialog, "theme", "semi-dark")
    page.wait_for_function("() => document.body.classList.contains('semi-dark-layout')")
    assert "dark-layout" not in body_classes(page)
    assert not root_is_dark(page)
    # semi-dark darkens the menu only
    assert page.locator("aside.dark").count() == 1

    choose(dialog, "theme", "light")
    page.wait_for_function("() => !document.body.classList.contains('semi-dark-layout')")
    assert not body_classes(page) & {"dark-layout", "semi-dark-layout"}
    assert not root_is_dark(page)


def test_every_vertical_setting_survives_a_reload(
    page: Page, web: str, restore_profile: Callable[[str], None]
) -> None:
    restore_profile(ROLE)
    login_ui(page, web, ROLE)
    wait_for_shell(page)
    primary = active_entry_background(page)
    dialog = open_customizer(page)
    assert offered(dialog, "theme") == ["light", "dark", "semi-dark"]
    assert offered(dialog, "navbarType") == ["hidden", "static", "sticky", "floating"]

    wanted = {
        "theme": "semi-dark",
        "menuTheme": "success",
        "navbarColor": "danger",
        "navbarType": "static",
        "footerType": "sticky",
        "direction": "rtl",
    }
    for setting, value in wanted.items():
        choose(dialog, setting, value)
        assert chosen(dialog, setting) == value
    for label in ("Ocultar o botão de voltar ao topo", "Recolher o menu lateral"):
        dialog.get_by_text(label, exact=True).click()
        assert switch(dialog, label).is_checked()
    # The last change is followed at once by the reload (no waiting for it to be saved).
    page.reload()
    wait_for_shell(page)

    assert "semi-dark-layout" in body_classes(page)
    assert active_entry_background(page) != primary  # the menu color
    assert page.evaluate("() => document.documentElement.dir") == "rtl"
    assert page.locator("aside[data-collapsed]").count() == 1
    assert page.locator("footer[data-footer-type='sticky']").count() == 1
    assert page.locator("header").evaluate("header => getComputedStyle(header).position") == "static"
    assert page.locator("header .dark").count() == 1  # a colored navbar uses the dark tokens
    make_page_scrollable(page)
    # the scroll has happened and two frames were drawn after it: a button it shows would be there
    page.wait_for_function("() => window.scrollY > 0")
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    assert page.get_by_role("button", name="Voltar ao topo").count() == 0

    dialog = open_customizer(page)
    for setting, value in wanted.items():
        assert chosen(dialog, setting) == value, setting
    assert chosen(dialog, "layout") == "vertical"
    assert switch(dialog, "Ocultar o botão de voltar ao topo").is_checked()
    assert switch(dialog, "Recolher o menu lateral").is_checked()


def test_horizontal_layout_offers_no_semi_dark_nor_hidden_navbar_and_survives_a_reload(
    page: Page, web: str, restore_profile: Callable[[str], None]
) -> None:
    restore_profile(ROLE)
    login_ui(page, web, ROLE)
    wait_for_shell(page)
    dialog = open_customizer(page)
    choose(dialog, "theme", "semi-dark")
    choose(dialog, "navbarType", "hidden")

    choose(dialog, "layout", "horizontal")
    page.locator("[data-layout='horizontal']").wait_for()
    assert offered(dialog, "theme") == ["light", "dark"]
    assert offered(dialog, "navbarType") == ["static", "sticky", "floating"]
    # the choices the horizontal layout does not offer fall back to allowed ones
    assert chosen(dialog, "theme") == "light"
    assert chosen(dialog, "navbarType") == "floating"
    assert "semi-dark-layout" not in body_classes(page)

    choose(dialog, "theme", "dark")
    choose(dialog, "navbarType", "sticky")
    choose(dialog, "footerType", "hidden")
    close_customizer(page)
    page.reload()
    wait_for_shell(page)

    assert page.locator("[data-layout='horizontal']").count() == 1
    assert "dark-layout" in body_classes(page)
    assert root_is_dark(page)
    assert page.locator("footer").count() == 0
    assert page.locator("header").evaluate("header => getComputedStyle(header).position") == "sticky"
    dialog = open_customizer(page)
    assert (chosen(dialog, "layout"), chosen(dialog, "theme"), chosen(dialog, "navbarType")) == (
        "horizontal",
        "dark",
        "sticky",
    )
