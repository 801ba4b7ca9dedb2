"""admin/clients in Chromium against the real stack: the admin creates a client on the screen, sees
its owner's one-time password once, and that password signs the owner in on the new subdomain, where
the owner takes a PIX (issue 15: a merchant onboarded end to end in the browser)."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import tenant_url
from tests.browser.helpers import (
    LOGIN_PATH,
    create_client_in_dialog,
    fill_login_form,
    login_ui,
    role_url,
    wait_for_shell,
    wait_until_quiet,
)
from tests.browser.test_accessibility import serious_violations

if TYPE_CHECKING:
    from playwright.sync_api import Page

CLIENTS = "/plataforma/admin/clients"


@pytest.fixture
def new_slug(django_db_blocker: Any) -> Iterator[str]:
    """A subdomain for the client the test creates; suspended afterwards (out of the periodic jobs)."""
    from django_tenants.utils import schema_context

    from tenants.models import Tenant

    slug = f"novo{uuid.uuid4().hex[:8]}"
    yield slug
    with django_db_blocker.unblock(), schema_context("public"):
        Tenant.objects.filter(slug=slug).update(status="suspended")


def test_admin_creates_a_client_and_its_owner_signs_in_with_the_one_time_password(
    page: Page, web: str, new_slug: str, django_db_blocker: Any
) -> None:
    login_ui(page, web, "admin")
    # Searched: a full run creates many tenants, and the newest come first.
    page.goto(role_url(web, "admin", f"{CLIENTS}?q=acme"))
    wait_for_shell(page)
    expect(
        page.get_by_role("table", name="Clientes e parceiros").locator("tr[data-client='acme']")
    ).to_be_visible(timeout=15_000)
    wait_until_quiet(page)
    assert serious_violations(page) == []
    password = create_client_in_dialog(page, new_slug, "/api/admin/tenants")
    assert serious_violations(page) == []
    assert len(password) >= 12
    shown = page.get_by_role("alertdialog", name="Cliente criado")
    shown.get_by_role("button", name="Concluir").click()
    expect(shown).to_be_hidden()
    expect(page.get_by_text(password)).to_have_count(0)
    page.goto(role_url(web, "admin", f"{CLIENTS}?q={new_slug}"))
    expect(page.locator(f"tr[data-client='{new_slug}']")).to_be_visible(timeout=15_000)

    with django_db_blocker.unblock():
        from tests.support.http import ApiClient

        owner = ApiClient(new_slug)
        login = owner.post_json("/api/auth/login", {"email": f"dono@{new_slug}.test", "password": password})
        assert login.status_code == 200, login.content

    # The owner, in the browser on its own subdomain, takes its first PIX.
    page.goto(tenant_url(web, new_slug, LOGIN_PATH))
    fill_login_form(page, f"dono@{new_slug}.test", password)
    page.wait_for_url(lambda url: LOGIN_PATH not in url, timeout=15_000)
    page.goto(tenant_url(web, new_slug, "/plataforma/clients/payments"))
    wait_for_shell(page)
    page.get_by_role("button", name="Gerar PIX avulso").click()
    form = page.get_by_role("dialog", name="Gerar PIX avulso")
    form.get_by_role("textbox", name=re.compile("^Valor")).fill("25")
    form.get_by_role("textbox", name=re.compile("^Nome")).fill("Ana Souza")
    form.get_by_role("textbox", name=re.compile("^CPF ou CNPJ")).fill("52998224725")
    form.get_by_role("button", name="Gerar PIX").click()
    created = page.get_by_role("dialog", name="PIX Criado")
    expect(created.get_by_role("textbox", name="Código PIX copia e cola")).to_have_value(
        re.compile("^000201")
    )
