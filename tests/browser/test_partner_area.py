"""The partner area in a browser: the partner logs in on its own subdomain, opens partner/deposits,
filters by one of its clients (the filter lands in the URL) and sees that client's rows, each naming
the client. Data written in-process and committed: a client of its own, linked to orbita for the test
and unlinked afterwards (so orbita's other tests still see acme and beta only)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from django_tenants.utils import schema_context
from playwright.sync_api import expect

from accounts.grants import sync_partner_grants
from gateway.models import FeeRate
from ops.demo import demo_email
from tenants.models import PartnerClient, PartnerFeeFloor, Tenant
from tenants.services import link_partner
from tests.browser.helpers import login_ui, role_url, wait_until_quiet
from tests.browser.money_out import new_client
from tests.support.second_factor import enrol_second_factor, forget_second_factor

if TYPE_CHECKING:
    from playwright.sync_api import Page

PAYER = {"name": "Maria Parceira", "document": "529.982.247-25"}


@pytest.fixture
def linked_client(web: str, django_db_blocker: Any) -> Iterator[dict[str, str]]:
    with django_db_blocker.unblock():
        slug, _, api = new_client("ptnr")
        ids = []
        for amount in (12_345, 6_789):
            charge = {"method": "pix", "amount": amount, "currency": "BRL", "payer": PAYER}
            response = api.post_json("/api/deposits", charge)
            assert response.status_code == 201, response.content
            ids.append(response.json()["id"])
        with schema_context("public"):
            orbita = Tenant.objects.get(slug="orbita")
            client = Tenant.objects.get(slug=slug)
            link_partner(orbita, client)
            sync_partner_grants(orbita)
    yield {"slug": slug, "name": client.name, "ids": ",".join(ids)}
    with django_db_blocker.unblock(), schema_context("public"):
        PartnerClient.objects.filter(partner=orbita, client=client).delete()
        sync_partner_grants(orbita)


def test_a_partner_filters_its_deposits_by_client(
    page: Page, web: str, linked_client: dict[str, str]
) -> None:
    login_ui(page, web, "partner")
    page.goto(role_url(web, "partner", "/plataforma/partner/deposits"))
    page.get_by_role("heading", level=1).first.wait_for(timeout=15_000)
    wait_until_quiet(page)
    page.get_by_label("Cliente", exact=True).select_option(label=linked_client["name"])
    page.wait_for_url(f"**client={linked_client['slug']}**", timeout=15_000)
    wait_until_quiet(page)
    rows = page.locator(f'[data-client="{linked_client["slug"]}"]')
    expect(rows.first).to_be_visible(timeout=15_000)
    assert rows.count() == 2
    assert page.locator("[data-client]").count() == 2  # only that client's rows
    for deposit_id in linked_client["ids"].split(","):
        expect(page.get_by_text(deposit_id)).to_be_visible()
    expect(rows.first).to_contain_text(linked_client["name"])
    # The filter is in the address: a reload keeps it.
    page.reload()
    expect(page.locator(f'[data-client="{linked_client["slug"]}"]').first).to_be_visible(timeout=15_000)


def test_the_partner_lands_on_its_clients_at_a_glance(
    page: Page, web: str, linked_client: dict[str, str]
) -> None:
    login_ui(page, web, "partner")
    page.wait_for_url("**/partner-providers/home**", timeout=15_000)
    wait_until_quiet(page)
    table = page.get_by_role("table", name="Seus clientes no período")
    expect(table).to_be_visible(timeout=15_000)
    for name in ("Acme Pagamentos Ltda", "Beta Comércio S.A.", linked_client["name"]):
        expect(table.get_by_text(name, exact=True)).to_be_visible()
    expect(
        page.get_by_role("figure", name="Volume pago e saques por cliente (os dez de maior volume)")
    ).to_be_visible()
    # the client filter narrows the home to one client
    page.get_by_label("Cliente", exact=True).select_option(label=linked_client["name"])
    page.wait_for_url(f"**client={linked_client['slug']}**", timeout=15_000)
    expect(table.get_by_text("Acme Pagamentos Ltda", exact=True)).to_have_count(0, timeout=15_000)
    expect(table.get_by_text(linked_client["name"], exact=True)).to_be_visible()


@pytest.fixture
def fee_floor(linked_client: dict[str, str], django_db_blocker: Any) -> Iterator[None]:
    """orbita's floor for PIX in reais: 1,50% + R$ 0,10 (removed afterwards, with the rate it led to)."""
    with django_db_blocker.unblock(), schema_context("public"):
        orbita = Tenant.objects.get(slug="orbita")
        PartnerFeeFloor.objects.create(partner=orbita, method="pix", currency="BRL", percent_bp=150, fixed=10)
    yield
    with django_db_blocker.unblock(), schema_context("public"):
        PartnerFeeFloor.objects.filter(partner=orbita).delete()
        FeeRate.objects.filter(tenant__slug=linked_client["slug"]).delete()


@pytest.fixture
def partner_admin_enrolled() -> Iterator[None]:
    """A fee rate takes a fresh second factor: the demo's partner_admin (password only) gets the
    documented authenticator for this test (the login form then sends its code), removed afterwards."""
    enrol_second_factor(demo_email("partner_admin"))
    yield
    forget_second_factor(demo_email("partner_admin"))


@pytest.mark.usefixtures("fee_floor", "partner_admin_enrolled")
def test_a_partner_admin_changes_a_clients_fee_within_the_floor(
    page: Page, web: str, linked_client: dict[str, str], django_db_blocker: Any
) -> None:
    login_ui(page, web, "partner_admin")
    page.goto(role_url(web, "partner_admin", "/plataforma/partner/users?view=clients"))
    wait_until_quiet(page)
    page.get_by_role("button", name=f"Gerenciar {linked_client['name']}").click()
    drawer = page.get_by_role("dialog", name=f"{linked_client['name']}: módulos e tarifas")
    change = drawer.get_by_role("button", name="Alterar a tarifa de PIX em BRL")
    # the drawer is narrow: the kit's grid shows its rows as cards (list items)
    pix = drawer.get_by_role("listitem").filter(
        has=page.get_by_role("button", name="Alterar a tarifa de PIX em BRL")
    )
    expect(pix).to_contain_text("Padrão da plataforma", timeout=15_000)
    expect(pix).to_contain_text("1,50% + R$ 0,10")  # the floor is shown
    change.click()
    dialog = page.get_by_role("dialog", name="Tarifa de PIX (BRL)")
    percent = dialog.get_by_label("Percentual (%)")
    percent.fill("1,20")  # below the floor: refused before any call
    dialog.get_by_role("button", name="Salvar tarifa").click()
    expect(dialog.get_by_text("Abaixo do piso de 1,50% + R$ 0,10.").first).to_be_visible()
    percent.fill("2,35")
    dialog.get_by_label("Valor fixo").fill("0,40")
    dialog.get_by_role("button", name="Salvar tarifa").click()
    expect(dialog).to_be_hidden(timeout=15_000)
    expect(pix).to_contain_text("2,35%", timeout=15_000)
    expect(pix).to_contain_text("Própria do cliente")
    with django_db_blocker.unblock(), schema_context("public"):
        rate = FeeRate.objects.get(tenant__slug=linked_client["slug"], method="pix", currency="BRL")
        assert (rate.percent_bp, rate.fixed) == (235, 40)
