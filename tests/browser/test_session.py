"""Session handling (spec 2, 7, 8): a 401 from any call goes to the login page, a route without
permission goes to not-authorized, and the user menu logs out (GET /api/auth/logout, then /plataforma)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.browser.helpers import (
    LOGIN_PATH,
    NOT_AUTHORIZED_PATH,
    browser_fetch,
    expand_all_groups,
    login_ui,
    role_url,
    wait_for_shell,
    wait_until_quiet,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page


def path_of(url: str) -> str:
    return "/" + url.split("/", 3)[3] if url.count("/") >= 3 else "/"


def signed_in_then_session_ended(page: Page, web: str, role: str) -> None:
    """Signed in, the landing screen's calls done, then the session ends behind the app's back."""
    login_ui(page, web, role)
    wait_for_shell(page)
    wait_until_quiet(page)
    assert browser_fetch(page, "/api/auth/logout") == 200


def test_a_401_from_a_call_inside_the_app_lands_on_login(page: Page, web: str) -> None:
    signed_in_then_session_ended(page, web, "client")
    # No reload: a call the app makes (saving the language) answers 401.
    with page.expect_response(lambda r: r.url.endswith("/api/auth/profile")) as answer:
        page.get_by_role("button", name="Idioma: Português (Brasil)").click()
        page.get_by_role("menuitemradio", name="English").click()
    assert answer.value.status == 401
    page.wait_for_url(f"**{LOGIN_PATH}", timeout=15_000)
    page.get_by_label("E-mail").wait_for()


def test_a_401_after_navigating_inside_the_app_lands_on_login(page: Page, web: str) -> None:
    signed_in_then_session_ended(page, web, "client")
    expand_all_groups(page)
    # A client-side navigation to a screen that loads data (the deposits list).
    with page.expect_response(lambda r: "/api/" in r.url and r.status == 401):
        page.locator("aside nav a[href='/plataforma/clients/payments']").click()
    page.wait_for_url(f"**{LOGIN_PATH}", timeout=15_000)
    page.get_by_label("E-mail").wait_for()


def test_a_401_when_opening_a_screen_lands_on_login(page: Page, web: str) -> None:
    login_ui(page, web, "client")
    wait_for_shell(page)
    page.context.clear_cookies()  # the session cookie is gone
    page.goto(role_url(web, "client", "/plataforma/clients/payments"))
    page.wait_for_url(f"**{LOGIN_PATH}", timeout=15_000)
    page.get_by_label("E-mail").wait_for()


def test_a_route_without_permission_lands_on_not_authorized(page: Page, web: str) -> None:
    login_ui(page, web, "client")
    wait_for_shell(page)
    page.goto(role_url(web, "client", "/plataforma/admin/home"))
    page.wait_for_url(f"**{NOT_AUTHORIZED_PATH}", timeout=15_000)
    page.get_by_role("heading", name="Você não tem autorização!").wait_for()
    # and its "back to home" link leads back into the app
    page.get_by_role("link", name="Voltar ao início").click()
    wait_for_shell(page)
    assert NOT_AUTHORIZED_PATH not in page.url


def test_logout_from_the_user_menu(page: Page, web: str) -> None:
    role = "client_user_financial"
    login_ui(page, web, role)
    wait_for_shell(page)
    visited: list[str] = []
    page.on(
        "framenavigated",
        lambda frame: visited.append(path_of(frame.url)) if frame == page.main_frame else None,
    )

    page.get_by_role("button", name="Menu do usuário Demo client user financial").click()
    with page.expect_request(lambda r: r.url.endswith("/api/auth/logout")) as logout:
        page.get_by_role("menuitem", name="Sair").click()
    assert logout.value.method == "GET"
    answer = logout.value.response()
    assert answer is not None
    assert answer.status == 200
    page.wait_for_url(f"**{LOGIN_PATH}", timeout=15_000)
    assert visited[0] in ("/plataforma", "/plataforma/"), visited
    assert browser_fetch(page, "/api/auth/me") == 401
