"""The Clientes tab of partner/users in Chromium against the real stack (issue 16): orbita's
partner_admin onboards a client, sees its owner's one-time password once, and the new owner signs in
on the client's own subdomain with it."""

from __future__ import annotations

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

CLIENTS = "/plataforma/partner/users?view=clients"


@pytest.fixture
def new_slug(django_db_blocker: Any) -> Iterator[str]:
    """The subdomain of the client the test creates; afterwards suspended and unlinked from orbita (its
    partner's grants taken back), so other tests see orbita's demo clients only."""
    from django_tenants.utils import schema_context

    from accounts import grants
    from tenants.models import PartnerClient, Tenant

    slug = f"parc{uuid.uuid4().hex[:8]}"
    yield slug
    with django_db_blocker.unblock(), schema_context("public"):
        client = Tenant.objects.filter(slug=slug).first()
        if client is not None:
            Tenant.objects.filter(pk=client.pk).update(status="suspended")
            orbita = Tenant.objects.get(slug="orbita")
            PartnerClient.objects.filter(partner=orbita, client=client).delete()
            grants.revoke_partner_client(orbita, client)


def test_partner_admin_onboards_a_client_whose_owner_signs_in_on_its_subdomain(
    page: Page, web: str, new_slug: str
) -> None:
    login_ui(page, web, "partner_admin")
    page.goto(role_url(web, "partner_admin", CLIENTS))
    wait_for_shell(page)
    table = page.get_by_role("table", name="Clientes")
    expect(table.locator("tr[data-client='acme']")).to_be_visible(timeout=15_000)
    wait_until_quiet(page)
    assert serious_violations(page) == []

    password = create_client_in_dialog(page, new_slug, "/api/partner/clients")
    assert serious_violations(page) == []
    shown = page.get_by_role("alertdialog", name="Cliente criado")
    shown.get_by_role("button", name="Concluir").click()
    expect(shown).to_be_hidden()
    expect(page.get_by_text(password)).to_have_count(0)  # shown once: gone with the dialog
    expect(table.locator(f"tr[data-client='{new_slug}']")).to_be_visible(timeout=15_000)

    # The new owner, on the client's own subdomain, with the one-time password.
    page.goto(tenant_url(web, new_slug, LOGIN_PATH))
    fill_login_form(page, f"dono@{new_slug}.test", password)
    page.wait_for_url(lambda url: LOGIN_PATH not in url, timeout=15_000)
    wait_for_shell(page)
    assert page.url.startswith(tenant_url(web, new_slug, "/"))
