"""Receipts and invoices in a browser: a client opens the printable receipt of a settlement and of a
paid deposit (from clients/consolidation), amounts in pt-BR; on paper only the document prints (the
shell is hidden); another tenant's receipt is "not found". An admin opens the client's fee invoice
from admin/invoices. Data written in-process and committed on a client of its own."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context
from playwright.sync_api import expect

from payments import services
from payments.models import Deposit
from tenants.models import Tenant
from tests.browser.helpers import login_ui, new_context, role_url, wait_for_shell, wait_until_quiet
from tests.browser.money_out import login_as_email, new_client
from tests.payouts.helpers import post_webhooks

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

PAYER = {"name": "Renata Comprovada", "document": "529.982.247-25"}


def brl(cents: int) -> re.Pattern[str]:
    """The pt-BR rendering of `cents` reais ("R$ 1.234,56", any space after the sign)."""
    whole, frac = divmod(cents, 100)
    return re.compile(r"R\$\s?" + re.escape(f"{whole:,}".replace(",", ".") + f",{frac:02d}"))


@pytest.fixture
def paid_client(web: str, django_db_blocker: Any) -> dict[str, Any]:
    with django_db_blocker.unblock():
        slug, email, api = new_client("rcp")
        ids = []
        for amount in (23_456, 7_890):
            charge = {"method": "pix", "amount": amount, "currency": "BRL", "payer": PAYER}
            response = api.post_json("/api/deposits", charge)
            assert response.status_code == 201, response.content
            ids.append(response.json()["id"])
            assert post_webhooks(ids[-1]) == ["applied"]
        with schema_context(slug):
            # A week on: past the next business day (a weekend or a holiday may come first).
            assert services.settle_due(timezone.localdate() + timedelta(days=7)) == 2
        [settlement] = api.get("/api/settlements").json()["items"]
        receipt = api.get(f"/api/deposits/{ids[0]}/receipt").json()
        name = Tenant.objects.get(slug=slug).name
        tenant_pk = Tenant.objects.get(slug=slug).pk
        with schema_context("acme"):
            foreign = Deposit.objects.filter(status__in=("confirmed", "paid_to_client")).values_list(
                "public_id", flat=True
            ).first() or "dep_notours"  # fmt: skip
    return {"slug": slug, "email": email, "ids": ids, "settlement": settlement, "receipt": receipt,
            "name": name, "pk": tenant_pk, "foreign": foreign}  # fmt: skip


def client_page(page: Page, web: str, data: dict[str, Any], path: str) -> None:
    page.goto(page.url.split("/plataforma")[0] + "/plataforma" + path)
    wait_for_shell(page)


def test_a_client_prints_the_receipts_of_a_settlement_and_of_a_payment(
    page: Page, web: str, paid_client: dict[str, Any]
) -> None:
    data = paid_client
    login_as_email(page, web, data["slug"], data["email"])
    client_page(page, web, data, "/clients/consolidation")
    wait_until_quiet(page)
    row = page.locator(f'[data-settlement="{data["settlement"]["id"]}"]')
    expect(row).to_be_visible(timeout=15_000)
    row.get_by_role("link", name=re.compile("comprovante", re.I)).click()
    page.wait_for_url(f"**/receipts/settlements/{data['settlement']['id']}", timeout=15_000)
    document = page.get_by_role("article")
    expect(document.get_by_role("heading", name="Comprovante de liquidação")).to_be_visible(timeout=15_000)
    expect(document).to_contain_text(data["name"])
    expect(document).to_contain_text(brl(data["settlement"]["net"]))
    expect(document).to_contain_text(brl(data["settlement"]["gross"]))
    for deposit in data["ids"]:
        expect(document.locator(f'[data-deposit="{deposit}"]')).to_be_visible()
    expect(document.locator("[data-authentication-code]")).to_have_text(
        re.compile(r"^([0-9A-F]{4}-){7}[0-9A-F]{4}$")
    )
    # on screen the shell is there; on paper only the document (the menu, the top bar and the buttons go)
    expect(page.locator("aside").first).to_be_visible()
    page.emulate_media(media="print")
    expect(page.locator("aside").first).to_be_hidden()
    expect(page.locator("header").first).to_be_hidden()
    expect(page.get_by_role("button", name="Imprimir")).to_be_hidden()
    expect(document).to_be_visible()
    page.emulate_media(media="screen")

    # the receipt of one payment, as the settlement's payments link to it
    client_page(page, web, data, f"/receipts/deposits/{data['ids'][0]}")
    document = page.get_by_role("article")
    expect(document.get_by_role("heading", name="Comprovante de pagamento")).to_be_visible(timeout=15_000)
    expect(document.locator("[data-receipt-amount]")).to_have_text(brl(23_456))
    expect(document).to_contain_text(PAYER["name"])
    expect(document).to_contain_text("529.982.247-25")
    expect(document).to_contain_text(data["ids"][0])
    expect(document.locator("[data-authentication-code]")).to_have_text(
        data["receipt"]["authentication_code"]
    )

    # another tenant's paid deposit: not found, nothing of it shown
    foreign = data["foreign"]
    client_page(page, web, data, f"/receipts/deposits/{foreign}")
    expect(page.get_by_role("alert")).to_contain_text("Documento não encontrado.", timeout=15_000)
    expect(page.get_by_role("article")).to_have_count(0)


def test_an_admin_opens_a_clients_fee_invoice(page: Page, web: str, paid_client: dict[str, Any]) -> None:
    data = paid_client
    login_ui(page, web, "admin")
    page.goto(role_url(web, "admin", f"/plataforma/admin/invoices?client={data['slug']}"))
    wait_for_shell(page)
    month = timezone.localdate().replace(day=1)
    number = f"FAT-{month:%Y%m}-{data['pk']:06d}"
    row = page.locator(f'[data-invoice="{number}"]')
    expect(row).to_be_visible(timeout=15_000)
    fees = data["settlement"]["fee"]  # this client's only fees: the two PIX deposits
    expect(row).to_contain_text(brl(fees))
    expect(row).to_contain_text("Aberta")
    row.get_by_role("link").click()
    page.wait_for_url(f"**/admin/invoices/{number}", timeout=15_000)
    document = page.get_by_role("article")
    expect(document.get_by_role("heading", name=f"Fatura de tarifas {number}")).to_be_visible(timeout=15_000)
    expect(document).to_contain_text(data["name"])
    line = document.locator('[data-line="deposit:pix:BRL"]')
    expect(line).to_contain_text(brl(fees))
    expect(line).to_contain_text("2")
    expect(document.locator('[data-total="BRL"]')).to_contain_text(brl(fees))
    expect(document.locator('[data-total="USD"]')).to_have_count(0)
    page.emulate_media(media="print")
    expect(page.locator("aside").first).to_be_hidden()
    expect(document).to_be_visible()


def test_anyone_checks_a_printed_receipts_code_without_logging_in(
    page: Page, browser: Browser, web: str, paid_client: dict[str, Any]
) -> None:
    data = paid_client
    code = data["receipt"]["authentication_code"]
    login_as_email(page, web, data["slug"], data["email"])
    client_page(page, web, data, f"/receipts/deposits/{data['ids'][0]}")
    document = page.get_by_role("article")
    # The printed receipt says where to check it: the public page with the code in its address.
    expect(document).to_contain_text("/plataforma/receipts/verify?code=", timeout=15_000)

    stranger = new_context(browser).new_page()  # no session at all
    try:
        stranger.goto(role_url(web, "admin", f"/plataforma/receipts/verify?code={code}"))
        verdict = stranger.get_by_role("status")
        expect(verdict).to_contain_text("Comprovante autêntico", timeout=15_000)
        expect(verdict).to_contain_text(brl(23_456))
        expect(verdict).to_contain_text("R***** C*********")
        expect(verdict).not_to_contain_text(PAYER["name"])
        # A changed digit is no receipt.
        stranger.get_by_role("textbox").fill(code[:-1] + ("0" if code[-1] != "0" else "1"))
        stranger.get_by_role("button", name="Verificar").click()
        expect(stranger.get_by_role("status")).to_contain_text("não corresponde", timeout=15_000)
    finally:
        stranger.context.close()
