"""Shared steps of the browser tests: signing demo users in (through the page or the API), the shell.

Everything a test changes in a user's profile (language, interface settings) is committed by the real
server and outlives the test: tests that change it register the user with the `restore_profile`
fixture (conftest), which puts the defaults back afterwards.
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, Any

from playwright.sync_api import expect

from ops.demo import DEMO_PASSWORD, demo_email
from tests.browser.conftest import tenant_url
from tests.support.personas import HOME_OF
from tests.support.second_factor import totp_code

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, CDPSession, Locator, Page

LOGIN_PATH = "/plataforma/login"
NOT_AUTHORIZED_PATH = "/plataforma/misc/not-authorized"
VIEWPORT = {"width": 1280, "height": 900}


def role_url(web: str, role: str, path: str) -> str:
    """`path` on the host of the role's demo tenant (localhost, acme.localhost, orbita.localhost)."""
    return tenant_url(web, HOME_OF[role], path)


def new_context(browser: Browser, **options: Any) -> BrowserContext:
    settings: dict[str, Any] = {"viewport": VIEWPORT, "locale": "pt-BR", **options}
    return browser.new_context(**settings)


def fill_login_form(page: Page, email: str, password: str = DEMO_PASSWORD) -> None:
    """E-mail and password; then, for a user with a second factor (demo staff, staff a test made: see
    tests/support/second_factor.py), the authenticator's code on the second step."""
    page.get_by_label(re.compile("e-mail", re.I)).fill(email)
    page.get_by_label(re.compile("senha", re.I)).fill(password)
    code = totp_code(email)
    page.get_by_role("button", name=re.compile("^entrar$", re.I)).click()
    if code is not None:
        fill_code_step(page, code)


def fill_code_step(page: Page, code: str) -> None:
    """The login's second step (pt-BR or English): the code, then Verificar."""
    field = page.get_by_label(re.compile("código de verificação|verification code", re.I))
    field.fill(code)
    page.get_by_role("button", name=re.compile("^(verificar|verify)$", re.I)).click()


def virtual_authenticator(page: Page) -> CDPSession:
    """Chromium's virtual authenticator (CDP WebAuthn) for this page: a platform passkey with user
    verification that answers every ceremony by itself (the person always consents)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
                "automaticPresenceSimulation": True,
            }
        },
    )
    return cdp


def login_ui(page: Page, web: str, role: str) -> None:
    """Through the login page of the role's host; returns once the browser has left it."""
    page.goto(role_url(web, role, LOGIN_PATH))
    fill_login_form(page, demo_email(role))
    page.wait_for_url(lambda url: LOGIN_PATH not in url, timeout=15_000)


def browser_fetch(page: Page, path: str, method: str = "GET") -> int:
    """Status of a call made by the page itself (same origin, its cookies, X-ORIGEM)."""
    status: int = page.evaluate(
        """async ([path, method]) => {
            const headers = {'X-ORIGEM': 'vercel'};
            const answer = await fetch(path, {method, headers, credentials: 'include'});
            return answer.status;
        }""",
        [path, method],
    )
    return status


def reset_profile(role: str) -> None:
    """Back to a new user's profile: pt-BR, no interface settings (ORM; the caller unblocks the db)."""
    from accounts.models import User

    updated = User.objects.filter(email=demo_email(role)).update(language="pt-BR", interface_settings={})
    assert updated == 1


def open_app(page: Page, web: str, role: str, path: str = "/plataforma") -> None:
    """Navigates to `path` (an already signed-in context) and waits for the shell."""
    page.goto(role_url(web, role, path))
    wait_for_shell(page)


def wait_for_shell(page: Page) -> None:
    page.locator("[data-layout]").first.wait_for(timeout=15_000)


def wait_until_quiet(page: Page, quiet_ms: int = 700, timeout_ms: int = 15_000) -> None:
    """Until no request (chunk or API call) has been running for `quiet_ms`: a lazy screen has loaded
    and made its calls. (Playwright's "networkidle" is reached once per document, not after the
    single-page app's own navigations.)"""
    running: set[object] = set()
    last = [time.monotonic()]

    def started(request: object) -> None:
        running.add(request)
        last[0] = time.monotonic()

    def ended(request: object) -> None:
        running.discard(request)
        last[0] = time.monotonic()

    page.on("request", started)
    page.on("requestfinished", ended)
    page.on("requestfailed", ended)
    try:
        deadline = time.monotonic() + timeout_ms / 1000
        while time.monotonic() < deadline:
            page.wait_for_timeout(100)
            if not running and time.monotonic() - last[0] >= quiet_ms / 1000:
                return
        raise AssertionError(f"requests still running after {timeout_ms} ms: {running}")
    finally:
        page.remove_listener("request", started)
        page.remove_listener("requestfinished", ended)
        page.remove_listener("requestfailed", ended)


def sidebar_nav(page: Page) -> Locator:
    return page.locator("aside nav")


def expand_all_groups(page: Page) -> None:
    """Opens every closed group of the vertical menu (only the active one starts open)."""
    nav = sidebar_nav(page)
    closed = nav.locator("button[aria-expanded='false']")
    while closed.count():
        closed.first.click()


def visible_menu_hrefs(page: Page) -> list[str]:
    hrefs: list[str] = (
        sidebar_nav(page)
        .locator("a:visible")
        .evaluate_all("links => links.map(link => link.getAttribute('href'))")
    )
    return hrefs


def settle_animations(page: Page) -> None:
    """Until every finite animation on the page has ended (a drawer sliding and fading in: colours
    read mid-way are blends, which an accessibility check takes for the real ones)."""
    page.evaluate(
        """async () => {
            const finite = document.getAnimations().filter(
                (a) => a.effect?.getComputedTiming().iterations !== Infinity);
            await Promise.all(finite.map((a) => a.finished.catch(() => null)));
        }"""
    )


def open_customizer(page: Page) -> Locator:
    page.get_by_role("button", name="Abrir o personalizador de tema").click()
    dialog = page.get_by_role("dialog", name="Personalizador de tema")
    dialog.wait_for()
    settle_animations(page)
    return dialog


def close_customizer(page: Page) -> None:
    page.keyboard.press("Escape")
    page.get_by_role("dialog", name="Personalizador de tema").wait_for(state="hidden")


def choose(dialog: Locator, setting: str, value: str) -> None:
    """Clicks the option `value` of the customizer's radio group `setting` (its form name)."""
    dialog.locator(f"label:has(> input[name='{setting}'][value='{value}'])").click()


def chosen(dialog: Locator, setting: str) -> str:
    value: str = dialog.locator(f"input[name='{setting}']:checked").get_attribute("value") or ""
    return value


def offered(dialog: Locator, setting: str) -> list[str]:
    values: list[str] = dialog.locator(f"input[name='{setting}']").evaluate_all(
        "inputs => inputs.map(input => input.value)"
    )
    return values


def switch(dialog: Locator, label: str) -> Locator:
    return dialog.get_by_role("checkbox", name=label)


def create_client_in_dialog(page: Page, slug: str, api_path: str) -> str:
    """The shared new-client dialog (admin/clients and a partner's Clientes tab, components/client-form):
    fills it for `slug`, creates it through `api_path`, and answers the owner's one-time password shown
    once (the dialog left open on it, settled, for an accessibility check)."""
    page.get_by_role("button", name="Novo cliente").click()
    dialog = page.get_by_role("dialog", name="Novo cliente")
    dialog.get_by_label("Nome da empresa").fill(f"Empresa {slug}")
    dialog.get_by_label("Subdomínio").fill(slug)
    dialog.get_by_label("E-mail do proprietário").fill(f"dono@{slug}.test")
    with page.expect_response(lambda r: r.url.endswith(api_path) and r.request.method == "POST") as answer:
        dialog.get_by_role("button", name="Criar cliente").click()
    assert answer.value.status == 201, answer.value.text()
    shown = page.get_by_role("alertdialog", name="Cliente criado")
    password_box = shown.get_by_label("Senha de uso único")
    expect(password_box).to_be_visible()
    password = password_box.input_value()
    assert len(password) >= 12
    page.mouse.move(0, 0)  # off the button the mouse pressed (a hovered button is lighter)
    settle_animations(page)
    return password
