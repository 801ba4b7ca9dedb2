"""Customers in a browser: a client finds a payer of its charges on client/crm by name, opens it and
adds a note; an admin looks the payer's CPF up on client/kyc-consult (a malformed one is refused on
the form). Data written in-process and committed on a client of its own."""

from __future__ import annotations

import re
import uuid
from typing import TYPE_CHECKING, Any

import pytest
from django_tenants.utils import schema_context
from playwright.sync_api import expect

from brazil.documents import cpf_check_digits
from customers.models import CustomerNote
from tests.browser.helpers import login_ui, role_url, wait_for_shell, wait_until_quiet
from tests.browser.money_out import login_as_email, new_client
from tests.payouts.helpers import post_webhooks

if TYPE_CHECKING:
    from playwright.sync_api import Page


@pytest.fixture
def paying_client(web: str, django_db_blocker: Any) -> dict[str, Any]:
    base = str(int(uuid.uuid4().hex[:8], 16) % 10**9).zfill(9)
    cpf = base + cpf_check_digits(base)
    name = f"Gumercinda Navegadora {base[-4:]}"
    with django_db_blocker.unblock():
        slug, email, api = new_client("crm")
        charge = {"method": "pix", "amount": 15_000, "currency": "BRL",
                  "payer": {"name": name, "document": cpf, "email": "gumercinda@example.com"}}  # fmt: skip
        response = api.post_json("/api/deposits", charge)
        assert response.status_code == 201, response.content
        assert post_webhooks(response.json()["id"]) == ["applied"]
    return {"slug": slug, "email": email, "cpf": cpf, "name": name, "deposit": response.json()["id"]}


def test_a_client_finds_a_payer_opens_it_and_adds_a_note(
    page: Page, web: str, paying_client: dict[str, Any], django_db_blocker: Any
) -> None:
    login_as_email(page, web, paying_client["slug"], paying_client["email"])
    page.goto(page.url.split("/plataforma")[0] + "/plataforma/client/crm")
    wait_for_shell(page)
    wait_until_quiet(page)
    search = page.get_by_role("searchbox", name="Nome ou CPF/CNPJ")
    search.fill("gumercinda")
    search.press("Enter")
    page.wait_for_url("**q=gumercinda**", timeout=15_000)
    cpf = paying_client["cpf"]
    row = page.locator(f'[data-customer="{cpf}"]')
    expect(row).to_be_visible(timeout=15_000)
    expect(row).to_contain_text(f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}")
    expect(row).to_contain_text("150,00")
    row.get_by_role("button", name=f"Abrir o cliente {paying_client['name']}").click()
    page.wait_for_url(f"**customer={cpf}**", timeout=15_000)
    drawer = page.get_by_role("dialog", name=f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}")
    expect(drawer.locator(f'[data-movement="{paying_client["deposit"]}"]')).to_be_visible(timeout=15_000)
    drawer.get_by_role("button", name="Adicionar nota").click()
    form = page.get_by_role("dialog", name=re.compile("Nota sobre"))
    form.get_by_role("textbox").fill("Prefere PIX; ligar antes de cobrar")
    form.get_by_role("button", name="Salvar").click()
    expect(drawer.get_by_text("Prefere PIX; ligar antes de cobrar")).to_be_visible(timeout=15_000)
    with django_db_blocker.unblock(), schema_context(paying_client["slug"]):
        assert list(CustomerNote.objects.filter(customer__document=cpf).values_list("text", flat=True)) == [
            "Prefere PIX; ligar antes de cobrar"
        ]


def test_an_admin_looks_a_document_up(page: Page, web: str, paying_client: dict[str, Any]) -> None:
    login_ui(page, web, "admin")
    page.goto(role_url(web, "admin", "/plataforma/client/kyc-consult"))
    wait_for_shell(page)
    field = page.get_by_label("CPF ou CNPJ")
    field.fill("390.533.447-06")
    page.get_by_role("button", name="Consultar").click()
    expect(page.get_by_text("CPF inválido: confira os dígitos")).to_be_visible(timeout=15_000)
    cpf = paying_client["cpf"]
    field.fill(f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}")
    page.get_by_role("button", name="Consultar").click()
    page.wait_for_url(f"**document={cpf}**", timeout=15_000)
    result = page.locator(f'[data-kyc-result="{cpf}"]')
    expect(result.locator(f'[data-client="{paying_client["slug"]}"]')).to_be_visible(timeout=15_000)
    expect(result.locator(f'[data-client="{paying_client["slug"]}"]')).to_contain_text("150,00")
    expect(result.get_by_text("Nenhuma restrição em vigor")).to_be_visible()
