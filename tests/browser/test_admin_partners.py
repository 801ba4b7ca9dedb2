"""admin/partners in Chromium against the real stack: the admin opens the demo partner, unlinks a client
after confirming (the partner's users lose it at once) and links it back."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import login_ui, role_url, settle_animations, wait_for_shell, wait_until_quiet
from tests.browser.test_accessibility import serious_violations

if TYPE_CHECKING:
    from playwright.sync_api import Page

PARTNERS = "/plataforma/admin/partners"


@pytest.fixture
def beta_linked_back(django_db_blocker: Any) -> Iterator[None]:
    """Whatever happens in the test, orbita has beta again afterwards, with its users' grants."""
    yield
    from django_tenants.utils import schema_context

    from accounts import grants
    from tenants.models import Tenant
    from tenants.services import link_partner

    with django_db_blocker.unblock(), schema_context("public"):
        orbita = Tenant.objects.get(slug="orbita")
        link_partner(orbita, Tenant.objects.get(slug="beta"))
        grants.sync_partner_grants(orbita)


def partner_sees(django_db_blocker: Any, slug: str) -> int:
    with django_db_blocker.unblock():
        from tests.support.http import ApiClient

        partner = ApiClient("orbita")
        partner.login_as("partner_admin")
        status: int = partner.get(f"/api/tenants/{slug}").status_code
        return status


def test_admin_unlinks_and_links_a_partners_client(
    page: Page, web: str, beta_linked_back: None, django_db_blocker: Any
) -> None:
    login_ui(page, web, "admin")
    page.goto(role_url(web, "admin", f"{PARTNERS}?q=orbita"))
    wait_for_shell(page)
    row = page.get_by_role("table", name="Parceiros").locator("tr[data-partner='orbita']")
    expect(row).to_be_visible(timeout=15_000)
    wait_until_quiet(page)
    assert serious_violations(page) == []
    row.get_by_role("button", name="Gerenciar Órbita Parceiros").click()
    drawer = page.get_by_role("dialog", name="Órbita Parceiros")
    clients = drawer.get_by_role("table", name="Clientes de Órbita Parceiros")
    expect(clients.locator("tr[data-client='beta']")).to_be_visible(timeout=15_000)
    expect(
        drawer.get_by_role("table", name="Usuários de Órbita Parceiros").get_by_text(
            "partner_admin@demo.test"
        )
    ).to_be_visible()
    assert partner_sees(django_db_blocker, "beta") == 200

    clients.get_by_role("button", name="Desvincular Beta Comércio S.A.").click()
    confirm = page.get_by_role("alertdialog", name="Desvincular Beta Comércio S.A. de Órbita Parceiros?")
    expect(confirm).to_be_visible()
    page.mouse.move(0, 0)  # off the button the mouse pressed (a hovered button is lighter)
    settle_animations(page)
    assert serious_violations(page) == []
    with page.expect_response(
        lambda r: r.url.endswith("/clients/beta") and r.request.method == "DELETE"
    ) as gone:
        confirm.get_by_role("button", name="Desvincular").click()
    assert gone.value.status == 204, gone.value.text()
    expect(clients.locator("tr[data-client='beta']")).to_have_count(0)
    assert partner_sees(django_db_blocker, "beta") == 404

    select = drawer.get_by_label("Cliente a vincular")
    expect(select.locator("option[value='beta']")).to_be_attached()
    select.select_option("beta")
    with page.expect_response(
        lambda r: r.url.endswith("/orbita/clients") and r.request.method == "POST"
    ) as back:
        drawer.get_by_role("button", name="Vincular cliente").click()
    assert back.value.status == 200, back.value.text()
    expect(clients.locator("tr[data-client='beta']")).to_be_visible()
    assert partner_sees(django_db_blocker, "beta") == 200
