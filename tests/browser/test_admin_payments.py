"""Admin screens of money in against the real stack in Chromium: admin/fee-rates and
admin/deposits-banks.

A new client (committed, so the real server sees it) gets its own PIX fee through the fee-rate screen;
a PIX deposit created for it through the API is then confirmed by the sandbox bank, whose webhook the
real dramatiq worker POSTs to the real gunicorn, and it is charged the new rate. The platform default
route of a method is set on the deposit-banks screen and listed.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import login_ui, role_url, wait_for_shell, wait_until_quiet
from tests.browser.money_out import plain
from tests.browser.test_accessibility import serious_violations

if TYPE_CHECKING:
    from playwright.sync_api import Page

FEE_RATES = "/plataforma/admin/fee-rates"
DEPOSITS_BANKS = "/plataforma/admin/deposits-banks"
PAYER = {"name": "João da Silva", "document": "529.982.247-25"}


def wait_until(condition: Callable[[], bool], timeout: float = 60, interval: float = 0.25) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(interval)
    return False


@pytest.fixture
def fresh_client(django_db_blocker: Any) -> Iterator[tuple[str, str]]:
    """A new client company with an owner (committed); suspended afterwards, its rates removed."""
    from django_tenants.utils import schema_context

    from accounts.models import Membership, User
    from gateway.models import FeeRate
    from ops.demo import DEMO_PASSWORD
    from tenants.models import Tenant
    from tenants.services import create_tenant

    slug = f"tarifa{uuid.uuid4().hex[:8]}"
    name = f"Tarifa Teste {slug[-6:]}"
    with django_db_blocker.unblock(), schema_context("public"):
        tenant = create_tenant(slug=slug, name=name, kind="client")
        user = User.objects.create_user(f"owner@{slug}.test", DEMO_PASSWORD)
        Membership.objects.create(user=user, tenant=tenant, role="client")
    yield slug, name
    with django_db_blocker.unblock(), schema_context("public"):
        FeeRate.objects.filter(tenant__slug=slug).delete()
        Tenant.objects.filter(slug=slug).update(status="suspended")  # out of the periodic jobs


def owner_of(slug: str) -> Any:
    from ops.demo import DEMO_PASSWORD
    from tests.support.http import ApiClient

    client = ApiClient(slug)
    response = client.post_json("/api/auth/login", {"email": f"owner@{slug}.test", "password": DEMO_PASSWORD})
    assert response.status_code == 200, response.content
    return client


def test_a_clients_pix_fee_set_on_the_screen_is_charged_on_its_next_deposit(
    page: Page, web: str, fresh_client: tuple[str, str], django_db_blocker: Any
) -> None:
    slug, name = fresh_client
    login_ui(page, web, "admin")
    page.goto(role_url(web, "admin", FEE_RATES))
    wait_for_shell(page)
    scope = page.get_by_role("combobox", name="Cliente")
    expect(scope.locator(f"option[value='{slug}']")).to_have_count(1, timeout=15_000)
    scope.select_option(slug)
    table = page.get_by_role("table", name="Tarifas")
    row = table.locator("tr[data-rate='pix:BRL']")
    expect(row).to_have_attribute("data-applies", "platform")  # the demo's 0,99 % until now
    wait_until_quiet(page)
    assert serious_violations(page) == []

    row.get_by_role("button", name=f"Definir tarifa do cliente: PIX em BRL ({name})").click()
    dialog = page.get_by_role("dialog", name="Editar tarifa")
    dialog.get_by_label("Percentual (%)").fill("2,49")
    dialog.get_by_label("Valor fixo (R$)").fill("1,00")
    dialog.get_by_role("button", name="Revisar").click()
    confirm = page.get_by_role("alertdialog", name="Confirme a nova tarifa")
    expect(confirm).to_contain_text(f"Isto altera a tarifa de todo depósito futuro de {name} por PIX em BRL")
    assert "Sobre R$ 100,00: tarifa R$ 0,99 → R$ 3,49" in plain(confirm.inner_text())
    with page.expect_response(
        lambda r: r.url.endswith("/api/admin/fee-rates") and r.request.method == "PUT"
    ) as answer:
        confirm.get_by_role("button", name="Salvar tarifa").click()
    assert answer.value.status == 200, answer.value.text()
    assert answer.value.request.post_data_json == {
        "tenant": slug, "method": "pix", "currency": "BRL", "percent_bp": 249, "fixed": 100,
    }  # fmt: skip
    expect(page.get_by_text("Tarifa salva").first).to_be_visible()
    expect(confirm).to_be_hidden()
    expect(row).to_have_attribute("data-applies", "client")
    listed = plain(row.inner_text())
    assert "2,49" in listed, listed
    assert "R$ 1,00" in listed, listed
    assert "Tarifa do cliente" in listed, listed
    scope.select_option(label="Todas as tarifas")  # and among every rate set
    expect(table.locator(f"tr[data-rate='{slug}:pix:BRL']")).to_contain_text(name)

    # A PIX deposit of the client: the sandbox bank confirms it through the worker and the web server.
    with django_db_blocker.unblock():
        owner = owner_of(slug)
        created = owner.post_json(
            "/api/deposits", {"method": "pix", "amount": 12_345, "currency": "BRL", "payer": PAYER}
        )
        assert created.status_code == 201, created.content
        deposit_id = created.json()["id"]

        def detail() -> dict[str, Any]:
            answer: dict[str, Any] = owner.get(f"/api/deposits/{deposit_id}").json()
            return answer

        assert wait_until(lambda: detail()["status"] == "confirmed"), detail()["status"]
        confirmed = detail()
    # (12345 * 249 + 5000) // 10000 = 307, plus the fixed R$ 1,00
    assert confirmed["fee"] == 407, confirmed


def test_the_platform_default_route_of_a_method_is_set_on_the_screen(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    from django_tenants.utils import schema_context

    from gateway.models import ProviderRoute

    with django_db_blocker.unblock(), schema_context("public"):
        # No platform route for wire: the built-in default provider serves it until one is set.
        ProviderRoute.objects.filter(tenant__isnull=True, method="wire").delete()
    try:
        login_ui(page, web, "admin")
        page.goto(role_url(web, "admin", DEPOSITS_BANKS))
        wait_for_shell(page)
        routes = page.get_by_role("table", name="Roteamento de provedores")
        row = routes.locator("tr[data-route='wire']")
        expect(row).to_have_attribute("data-applies", "builtin", timeout=15_000)
        expect(row).to_contain_text("Sem rota definida")
        wait_until_quiet(page)
        assert serious_violations(page) == []

        row.get_by_role("button", name="Definir rota: Transferência bancária (Padrão da plataforma)").click()
        dialog = page.get_by_role("dialog", name="Rota de Transferência bancária")
        dialog.get_by_label("Provedor bancário").select_option("sandbox_bank")
        with page.expect_response(
            lambda r: r.url.endswith("/api/admin/routes") and r.request.method == "PUT"
        ) as answer:
            dialog.get_by_role("button", name="Salvar rota").click()
        assert answer.value.status == 200, answer.value.text()
        body = {"tenant": None, "method": "wire", "provider": "sandbox_bank"}
        assert answer.value.request.post_data_json == body
        expect(page.get_by_text("Rota salva").first).to_be_visible()
        expect(row).to_have_attribute("data-applies", "platform")
        expect(row).to_contain_text("Sandbox bank")
        expect(row).to_contain_text("Padrão da plataforma")
        with django_db_blocker.unblock(), schema_context("public"):
            assert ProviderRoute.objects.get(tenant__isnull=True, method="wire").provider == "sandbox_bank"
    finally:
        with django_db_blocker.unblock(), schema_context("public"):
            ProviderRoute.objects.get_or_create(
                tenant=None, method="wire", defaults={"provider": "sandbox_bank"}
            )
