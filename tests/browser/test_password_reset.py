"""The forgotten password in Chromium against the real stack: "Esqueci minha senha" on the login page,
the e-mail the worker sends (read from the run's mail folder, as a developer would), the link opened in
the browser, the new password saved, and the user signed in with it; the used link is refused after."""

from __future__ import annotations

import re
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import tenant_url
from tests.browser.helpers import fill_login_form, wait_for_shell

if TYPE_CHECKING:
    from playwright.sync_api import Page

OLD_PASSWORD = "Senha-antiga-forte-2026"
NEW_PASSWORD = "Senha-nova-forte-2026"


@pytest.fixture
def analyst(django_db_blocker: Any) -> Iterator[str]:
    """A client_user_analyst of acme made for this test (committed: the servers see it), removed after."""
    from django_tenants.utils import schema_context

    from accounts.models import Membership, User
    from tenants.models import Tenant

    email = f"esqueceu.{uuid.uuid4().hex[:8]}@acme.test"
    with django_db_blocker.unblock(), schema_context("public"):
        user = User.objects.create_user(email, OLD_PASSWORD, name="Analista Esquecida")
        Membership.objects.create(
            user=user, tenant=Tenant.objects.get(slug="acme"), role="client_user_analyst"
        )
    yield email
    with django_db_blocker.unblock(), schema_context("public"):
        User.objects.filter(email=email).delete()


def mail_to(email: str, timeout: float = 60) -> str:
    """The text of the first mail the worker wrote for `email` in the run's mail folder (waits for it)."""
    from django.conf import settings

    folder = Path(settings.EMAIL_FILE_PATH)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for path in sorted(folder.glob("*.log")) if folder.exists() else []:
            text = path.read_text(errors="replace")
            if f"To: {email}" in text:
                return text
        time.sleep(0.2)
    raise AssertionError(f"no mail to {email} in {folder}")


def test_a_forgotten_password_is_reset_through_the_mailed_link(page: Page, web: str, analyst: str) -> None:
    page.goto(tenant_url(web, "acme", "/plataforma/login"))
    page.get_by_role("link", name="Esqueci minha senha").click()
    expect(page.get_by_role("heading", name="Redefinir a senha")).to_be_visible()
    page.get_by_label(re.compile("e-mail", re.I)).fill(analyst)
    page.get_by_role("button", name="Enviar o link").click()
    expect(page.get_by_role("status")).to_contain_text("Se este e-mail pertence a um usuário daqui")

    text = mail_to(analyst)
    assert OLD_PASSWORD not in text
    match = re.search(r"https?://\S+/plataforma/redefinir-senha\?\S+", text.replace("=\n", ""))
    assert match is not None, text
    link = match.group(0).replace("&amp;", "&")
    assert "://acme.localhost" in link  # on the tenant's own host

    page.goto(link)
    page.get_by_label(re.compile("nova senha", re.I)).fill("123")
    page.get_by_role("button", name="Salvar a nova senha").click()
    expect(page.get_by_text(re.compile("^Senha fraca:"))).to_be_visible()  # the server's reason, translated
    page.get_by_label(re.compile("nova senha", re.I)).fill(NEW_PASSWORD)
    page.get_by_role("button", name="Salvar a nova senha").click()
    expect(page.get_by_role("status")).to_contain_text("Sua senha foi alterada")

    page.goto(tenant_url(web, "acme", "/plataforma/login"))
    fill_login_form(page, analyst, NEW_PASSWORD)
    page.wait_for_url(lambda url: "/login" not in url, timeout=15_000)
    wait_for_shell(page)

    page.goto(link)  # the link worked once
    page.get_by_label(re.compile("nova senha", re.I)).fill("Outra-senha-forte-2026")
    page.get_by_role("button", name="Salvar a nova senha").click()
    expect(page.get_by_role("alert")).to_contain_text("Este link é inválido ou já foi usado")
    expect(page.get_by_role("link", name="Pedir um novo link")).to_be_visible()
