"""Browser tests: Debian's Chromium (/usr/bin/chromium) driven by Playwright, against a real gunicorn.

No browser is ever downloaded: Playwright launches the system binary by path.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


# Every page of every browser test runs under the Content-Security-Policy the server sends: each context
# reports the violations it sees (the `securitypolicyviolation` event and Chromium's console message)
# here, and `no_csp_violation` fails the test that caused one.
CSP_VIOLATIONS: list[str] = []
CSP_WATCH = """
document.addEventListener('securitypolicyviolation', (event) => {
  window.__cofreCspViolation(
    `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}` +
    ` in ${event.sourceFile || document.URL}:${event.lineNumber} ${event.sample || ''}`);
});
"""


def watch_csp(context: BrowserContext) -> BrowserContext:
    context.expose_binding("__cofreCspViolation", lambda source, text: CSP_VIOLATIONS.append(str(text)))
    context.add_init_script(CSP_WATCH)

    def console(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            CSP_VIOLATIONS.append(f"console: {message.text}")

    context.on("console", console)
    return context


@pytest.fixture(autouse=True)
def no_csp_violation() -> Iterator[list[str]]:
    """The violations reported during the test (a test that provokes one on purpose clears them)."""
    CSP_VIOLATIONS.clear()
    yield CSP_VIOLATIONS
    found, CSP_VIOLATIONS[:] = list(CSP_VIOLATIONS), []
    assert found == [], "Content-Security-Policy violations:\n" + "\n".join(found)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark browser tests and run them last (after the fast backend tests)."""
    here = Path(__file__).parent
    browser_items = [item for item in items if Path(str(item.fspath)).is_relative_to(here)]
    for item in browser_items:
        item.add_marker(pytest.mark.browser)
    items[:] = [item for item in items if item not in browser_items] + browser_items


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: install Debian's chromium package (.ci/run does)")
    # Playwright's sync API runs an event loop in the main thread; Django then refuses ORM calls from
    # it ("async context") although they are synchronous here. Set only while browsers run (last).
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        new_context = launched.new_context

        def watched_context(**options: Any) -> BrowserContext:
            return watch_csp(new_context(**options))

        launched.new_context = watched_context  # type: ignore[method-assign]
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser, web: str) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="pt-BR")
    page = context.new_page()
    yield page
    context.close()


def tenant_url(web: str, slug: str, path: str) -> str:
    """http://localhost:PORT -> http://<slug>.localhost:PORT/<path> (Chromium resolves *.localhost)."""
    if slug in ("public", "platform"):
        return f"{web}{path}"
    return web.replace("http://localhost", f"http://{slug}.localhost") + path


@pytest.fixture
def restore_profile(django_db_blocker: Any, web: str) -> Iterator[Callable[[str], None]]:
    """`restore_profile(role)`: after the test, that demo user gets pt-BR and the default settings back.

    The real server commits what the browser saves (language, interface settings); other tests log
    the same demo users in and expect the defaults. Written with the ORM, in autocommit: the server
    reads the same database.
    """
    from tests.browser.helpers import reset_profile

    roles: list[str] = []
    yield roles.append
    with django_db_blocker.unblock():
        for role in roles:
            reset_profile(role)
