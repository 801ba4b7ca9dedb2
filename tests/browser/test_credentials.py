"""client/credentials against the real API (a real gunicorn on the test database): a client creates an
API key, sees its token once (and the token works with no cookie), then revokes it after confirming.

The keys the browser creates are committed by the server; each test names its own key.
"""

from __future__ import annotations

import json
import re
import secrets
from typing import TYPE_CHECKING, Any

from tests.browser.helpers import login_ui, role_url, wait_for_shell
from tests.browser.test_accessibility import serious_violations

if TYPE_CHECKING:
    from playwright.sync_api import Page, Response

CREDENTIALS = "/plataforma/client/credentials"
TOKEN = re.compile(r"^cofre_([0-9a-f]{12})_[0-9a-f]{64}$")


def status_with_key(page: Page, token: str) -> int:
    """Status of GET /api/deposits sent by the page with the key and *without* its cookies."""
    status: int = page.evaluate(
        """async (token) => {
            const headers = {'Authorization': `Bearer ${token}`, 'X-ORIGEM': 'vercel'};
            const answer = await fetch('/api/deposits', {headers, credentials: 'omit'});
            return answer.status;
        }""",
        token,
    )
    return status


def violations(page: Page) -> list[dict[str, Any]]:
    """What axe-core finds serious, once nothing is hovered and the dialogs' opening animations are over
    (hover and mid-fade colours are not what the contrast rule is about)."""
    page.mouse.move(0, 0)  # a hovered button (the pointer stays where it clicked) is paler on purpose
    page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")
    return serious_violations(page)


def test_a_client_creates_a_key_sees_the_token_once_and_revokes_it(page: Page, web: str) -> None:
    name = f"ERP {secrets.token_hex(3)}"
    login_ui(page, web, "client")
    page.goto(role_url(web, "client", CREDENTIALS))
    wait_for_shell(page)
    page.get_by_role("heading", name="Credenciais").first.wait_for()

    page.get_by_role("button", name="Criar chave", exact=True).click()
    form = page.get_by_role("dialog", name="Criar chave de API")
    form.get_by_label("Nome").fill(name)
    form.get_by_label("Validade").select_option(label="Em 90 dias")

    def created(r: Response) -> bool:
        return r.url.endswith("/api/credentials/keys") and r.request.method == "POST"

    with page.expect_response(created) as answer:
        form.get_by_role("button", name="Criar chave", exact=True).click()
    assert answer.value.status == 201, answer.value.text()

    shown = page.get_by_role("alertdialog", name="Sua nova chave de API")
    shown.wait_for()
    assert "não será exibida novamente" in shown.inner_text()
    token = shown.get_by_label(f"Chave de API “{name}”").input_value()
    match = TOKEN.match(token)
    assert match, token
    key_id = match.group(1)
    assert shown.get_by_role("button", name="Copiar").is_visible()
    assert status_with_key(page, token) == 200  # the token works, with no cookie and no CSRF token
    found = violations(page)
    assert found == [], json.dumps(found)

    shown.get_by_role("button", name="Já copiei a chave").click()
    shown.wait_for(state="hidden")
    row = page.locator(f"tr[data-api-key='{key_id}']")
    row.wait_for()
    assert name in row.inner_text()
    assert f"cofre_{key_id}_…" in row.inner_text()
    assert "Ativa" in row.inner_text()
    assert token.rsplit("_", 1)[1] not in page.content()  # the secret is gone from the page

    page.reload()  # and the list never brings it back
    row.wait_for()
    assert token.rsplit("_", 1)[1] not in page.content()

    # Rotate, keeping the old token for an hour: both work, the new one is shown once.
    row.get_by_role("button", name=f"Rotacionar chave {name}").click()
    rotate = page.get_by_role("dialog", name=f"Rotacionar a chave de API “{name}”")
    rotate.get_by_label("Segredo atual").select_option(label="Continua funcionando por 1 hora")
    rotate.get_by_role("button", name="Continuar", exact=True).click()
    review = page.get_by_role("alertdialog", name="Rotacionar esta chave de API?")
    review.wait_for()
    assert "Continua funcionando por 1 hora" in review.inner_text()
    with page.expect_response(lambda r: r.url.endswith(f"/api/credentials/keys/{key_id}/rotate")) as rotated:
        review.get_by_role("button", name="Rotacionar chave", exact=True).click()
    assert rotated.value.status == 200, rotated.value.text()
    assert json.loads(rotated.value.request.post_data or "{}") == {"overlap_hours": 1}
    result = page.get_by_role("alertdialog", name="Sua chave de API rotacionada")
    result.wait_for()
    new_token = result.get_by_label(f"Chave de API “{name}”").input_value()
    assert TOKEN.match(new_token)
    assert new_token != token
    assert new_token.startswith(f"cofre_{key_id}_")  # the same key
    assert "continua funcionando até" in result.inner_text()
    assert status_with_key(page, token) == 200  # the old token, during the overlap
    assert status_with_key(page, new_token) == 200
    result.get_by_role("button", name="Já copiei a chave").click()
    result.wait_for(state="hidden")
    row.get_by_text(re.compile("Segredo anterior vale até")).wait_for()
    assert new_token.rsplit("_", 1)[1] not in page.content()

    row.get_by_role("button", name=f"Revogar chave {name}").click()
    confirm = page.get_by_role("alertdialog", name="Revogar esta chave de API?")
    confirm.wait_for()
    assert "deixarão de funcionar imediatamente" in confirm.inner_text()
    found = violations(page)
    assert found == [], json.dumps(found)
    with page.expect_response(lambda r: r.url.endswith(f"/api/credentials/keys/{key_id}/revoke")) as revoked:
        confirm.get_by_role("button", name="Revogar chave", exact=True).click()
    assert revoked.value.status == 200, revoked.value.text()
    page.get_by_text("Chave de API revogada").first.wait_for()
    row.get_by_text("Revogada").wait_for()
    assert row.get_by_role("button").count() == 0
    assert status_with_key(page, token) == 401
    assert status_with_key(page, new_token) == 401


def test_an_analyst_sees_no_credentials_entry(page: Page, web: str) -> None:
    login_ui(page, web, "client_user_analyst")
    page.goto(role_url(web, "client_user_analyst", CREDENTIALS))
    page.wait_for_url(re.compile("/plataforma/misc/not-authorized"), timeout=15_000)
