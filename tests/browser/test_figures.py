"""Figures for the closing note, measured in the browser on a cold cache (a new context each time):

- the JavaScript needed to show /plataforma/login: every script the page loads until it is usable,
  its size as transferred and gzipped (level 9, as `npm run size` counts it);
- the time to a usable login page: navigation start to the e-mail field present and enabled.

Written to .data/test-artifacts/figures.txt.
"""

from __future__ import annotations

import gzip
import statistics
from pathlib import Path
from typing import TYPE_CHECKING

from tests.browser.helpers import LOGIN_PATH, new_context, role_url, wait_until_quiet

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Response

RUNS = 3
BUDGET_GZIP_KB = 250  # frontend/scripts/size.mjs
READY_PROBE = """
(() => {
  const check = () => {
    const field = document.querySelector('input[name="email"]');
    if (field && !field.disabled && window.__emailReadyAt === undefined) {
      window.__emailReadyAt = performance.now();  // ms since the navigation started
    }
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
})();
"""


def cold_login_page(browser: Browser, web: str) -> tuple[float, list[tuple[str, int, int]]]:
    """(ms to a usable e-mail field, [(script, bytes transferred, gzip bytes)]) on a new context."""
    context = new_context(browser)
    try:
        page = context.new_page()
        page.add_init_script(READY_PROBE)
        scripts: list[Response] = []
        page.on(
            "response",
            lambda response: scripts.append(response) if response.url.split("?")[0].endswith(".js") else None,
        )
        page.goto(role_url(web, "admin", LOGIN_PATH))
        page.wait_for_function("() => window.__emailReadyAt !== undefined", timeout=15_000)
        wait_until_quiet(page, quiet_ms=500)
        ready: float = page.evaluate("() => window.__emailReadyAt")
        rows = []
        for response in scripts:
            assert response.ok, response.url
            body = response.body()
            transferred = response.request.sizes()["responseBodySize"]
            rows.append(
                (response.url.rsplit("/", 1)[1], transferred, len(gzip.compress(body, compresslevel=9)))
            )
        return ready, rows
    finally:
        context.close()


def test_login_page_javascript_and_time_to_usable(browser: Browser, web: str, artifacts_dir: Path) -> None:
    times = []
    rows: list[tuple[str, int, int]] = []
    for _ in range(RUNS):
        ready, rows = cold_login_page(browser, web)
        times.append(ready)
    gzip_total = sum(zipped for _, _, zipped in rows)
    transferred_total = sum(sent for _, sent, _ in rows)
    lines = [
        "Login page (/plataforma/login), cold cache, headless Chromium against gunicorn on loopback",
        f"  JavaScript: {len(rows)} scripts, {gzip_total / 1024:.1f} KB gzip "
        f"({transferred_total / 1024:.1f} KB as transferred by the server)",
        *[
            f"    {zipped / 1024:7.1f} KB gzip  {sent / 1024:7.1f} KB sent  {name}"
            for name, sent, zipped in sorted(rows, key=lambda r: -r[2])
        ],
        f"  Time to a usable login page (navigation start -> e-mail field enabled), {RUNS} cold loads: "
        f"median {statistics.median(times):.0f} ms (min {min(times):.0f}, max {max(times):.0f})",
    ]
    (artifacts_dir / "figures.txt").write_text("\n".join(lines) + "\n")
    assert gzip_total / 1024 <= BUDGET_GZIP_KB
    assert statistics.median(times) < 5_000
