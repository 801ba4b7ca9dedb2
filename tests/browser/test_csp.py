"""The app works under its Content-Security-Policy (core/csp.py) in Chromium: a client and an admin open
screens, a dialog and the customizer with no violation reported (the conftest's `no_csp_violation`
watches every test of this folder; here it is also shown to catch one), Chakra's styles apply through
Emotion's nonce, and the API docs render under the same policy."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any

from django.utils import timezone

from tests.browser.conftest import tenant_url
from tests.browser.helpers import (
    close_customizer,
    login_ui,
    open_customizer,
    role_url,
    wait_for_shell,
    wait_until_quiet,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page


def nonced_styles(page: Page) -> tuple[int, int]:
    """(<style> elements, those carrying the page's nonce)."""
    counts: list[int] = page.evaluate(
        """() => {
            const nonce = document.querySelector('meta[property="csp-nonce"]').nonce;
            const styles = [...document.querySelectorAll('style')];
            return [styles.length, styles.filter((s) => s.nonce && s.nonce === nonce).length];
        }"""
    )
    return counts[0], counts[1]


def assert_styled(page: Page) -> None:
    """Every <style> carries the nonce and Chakra's rules are in force (not an unstyled page)."""
    total, nonced = nonced_styles(page)
    assert total > 0
    assert nonced == total, (total, nonced)
    font: str = page.evaluate("() => getComputedStyle(document.body).fontFamily")
    assert "Times" not in font, font  # Chakra's global styles (an Emotion <style>) are in force
    assert page.evaluate("() => [...document.styleSheets].some((s) => s.cssRules.length > 10)")


def test_a_client_uses_screens_a_dialog_and_the_customizer_with_no_violation(
    page: Page, web: str, no_csp_violation: list[str]
) -> None:
    response = page.goto(role_url(web, "client", "/plataforma/login"))
    assert response is not None
    assert "nonce-" in response.headers["content-security-policy"]
    login_ui(page, web, "client")
    wait_for_shell(page)
    assert_styled(page)
    for path in ("/plataforma/client/deposits", "/plataforma/client/credentials"):
        page.goto(role_url(web, "client", path))
        wait_for_shell(page)
        wait_until_quiet(page)
    page.get_by_role("button", name="Criar chave", exact=True).click()
    dialog = page.get_by_role("dialog", name="Criar chave de API")
    dialog.wait_for()
    dialog.get_by_label("Nome").fill("CSP")
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    open_customizer(page)
    close_customizer(page)
    assert_styled(page)
    assert no_csp_violation == []


def test_an_admin_opens_staff_screens_with_no_violation(
    page: Page, web: str, no_csp_violation: list[str]
) -> None:
    login_ui(page, web, "admin")
    wait_for_shell(page)
    for path in ("/plataforma/admin/deposits-banks", "/plataforma/admin/fee-rates"):
        page.goto(role_url(web, "admin", path))
        wait_for_shell(page)
        wait_until_quiet(page)
        assert_styled(page)
    open_customizer(page)
    close_customizer(page)
    assert no_csp_violation == []


def test_the_api_docs_render_under_the_policy(page: Page, web: str, no_csp_violation: list[str]) -> None:
    response = page.goto(tenant_url(web, "public", "/api/docs"))
    assert response is not None
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.locator("#swagger-ui .opblock").first.wait_for(timeout=15_000)
    page.locator("#swagger-ui .opblock-summary").first.click()
    page.locator("#swagger-ui .opblock-body").first.wait_for()
    assert no_csp_violation == []


def test_the_watch_catches_what_the_policy_refuses(page: Page, web: str, no_csp_violation: list[str]) -> None:
    """The control: an inline script and an inline style without the nonce are refused and reported."""
    page.goto(role_url(web, "client", "/plataforma/login"))
    page.get_by_role("button", name="Entrar").wait_for()
    directives: list[str] = page.evaluate(
        """() => new Promise((resolve) => {
            const seen = [];
            document.addEventListener('securitypolicyviolation', (event) => {
                seen.push(event.effectiveDirective);
                if (seen.length === 2) resolve(seen);
            });
            const script = document.createElement('script');
            script.textContent = 'window.__ran = true';
            document.head.append(script);
            const style = document.createElement('style');
            style.textContent = 'body { background: red }';
            document.head.append(style);
        })"""
    )
    assert sorted(directives) == ["script-src-elem", "style-src-elem"]
    assert page.evaluate("() => window.__ran === undefined")
    reported = " ".join(no_csp_violation)
    assert "script-src-elem blocked inline" in reported, no_csp_violation
    assert "style-src-elem blocked inline" in reported, no_csp_violation
    no_csp_violation.clear()  # provoked on purpose


def test_the_printable_boleto_renders_with_its_styles_by_hash(
    page: Page, web: str, no_csp_violation: list[str]
) -> None:
    """The boleto (a plugin's HTML, served by /api/deposits/{id}/document) applies its own <style> under
    `style-src 'sha256-…'`, with no 'unsafe-inline'."""
    login_ui(page, web, "client")
    wait_for_shell(page)
    due = (timezone.localdate() + timedelta(days=3)).isoformat()
    created: dict[str, Any] = page.evaluate(
        """async (due) => {
            const token = await fetch('/api/auth/csrf', {headers: {'X-ORIGEM': 'vercel'}});
            const csrf = (await token.json()).csrfToken;
            const body = {method: 'billet', amount: 12345, currency: 'BRL', due_date: due, payer: {
                name: 'João da Silva', document: '529.982.247-25', email: 'joao@example.com',
                street: 'Rua das Flores', number: '100', complement: '', neighborhood: 'Centro',
                city: 'São Paulo', state: 'SP', zipcode: '01001000'}};
            const answer = await fetch('/api/deposits', {method: 'POST', credentials: 'include', body:
                JSON.stringify(body), headers: {'Content-Type': 'application/json', 'X-CSRFToken': csrf,
                'X-ORIGEM': 'vercel'}});
            return {status: answer.status, body: await answer.json()};
        }""",
        due,
    )
    assert created["status"] == 201, created
    response = page.goto(role_url(web, "client", f"/api/deposits/{created['body']['id']}/document"))
    assert response is not None
    assert "'sha256-" in response.headers["content-security-policy"]
    assert "unsafe" not in response.headers["content-security-policy"]
    page.locator(".barcode svg").wait_for()
    # The stylesheet applied: the dashed cut line and the fixed page width come from it.
    assert page.locator(".cut").evaluate("el => getComputedStyle(el).borderTopStyle") == "dashed"
    assert no_csp_violation == []
