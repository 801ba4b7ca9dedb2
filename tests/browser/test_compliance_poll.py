"""Only admins poll the compliance count (spec 6, 7, 9): on mount, then every 10 s.

The browser's clock is Playwright's (page.clock): the test moves it forward instead of waiting.
The endpoint's answer does not matter here (a failed call is only logged): what is checked is the
requests the browser makes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.browser.helpers import login_ui, wait_for_shell, wait_until_quiet

if TYPE_CHECKING:
    from playwright.sync_api import Page, Request

COUNT_PATH = "/api/payouts/compliance/count"


def record_count_calls(page: Page) -> list[Request]:
    calls: list[Request] = []
    page.on("request", lambda request: calls.append(request) if COUNT_PATH in request.url else None)
    return calls


def test_an_admin_polls_on_mount_and_every_10_seconds(page: Page, web: str) -> None:
    page.clock.install()
    calls = record_count_calls(page)
    login_ui(page, web, "admin")
    wait_for_shell(page)
    wait_until_quiet(page)
    assert len(calls) == 1, [c.url for c in calls]  # on mount
    assert calls[0].method == "GET"
    assert calls[0].headers.get("x-origem") == "vercel"

    page.clock.fast_forward(5_000)  # the mount was less than 5 s ago: still before 10 s
    wait_until_quiet(page, quiet_ms=300)
    assert len(calls) == 1

    with page.expect_request(lambda request: COUNT_PATH in request.url):
        page.clock.fast_forward(6_000)  # 11 s after the mount at least
    assert len(calls) == 2
    wait_until_quiet(page, quiet_ms=300)  # the answer is in: the next poll is 10 s away

    with page.expect_request(lambda request: COUNT_PATH in request.url):
        page.clock.fast_forward(10_000)
    assert len(calls) == 3


def test_a_client_never_polls(page: Page, web: str) -> None:
    page.clock.install()
    calls = record_count_calls(page)
    login_ui(page, web, "client")
    wait_for_shell(page)
    wait_until_quiet(page)
    page.clock.fast_forward(25_000)
    wait_until_quiet(page, quiet_ms=300)
    assert calls == []
