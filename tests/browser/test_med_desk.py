"""The MED desk in a browser: the sandbox bank raises a MED case on a client's paid PIX deposit (its
test mode, POST /sandbox-bank/med) and its notice is delivered; the employee finds the case in
employee/meds with its countdown, opens it (traced hops), attaches evidence (a file that is not a
PDF/PNG/JPEG refused with the reason, a PDF listed with its download), cannot accept without a
justification, accepts it with one and confirms; the case is refunding, its first refund part sent
with the amount that was held, and once the worker's job ran the case says when the bank was told.
The client's owner reads the case in clients/meds (read only). Data written in-process and
committed, on a client of its own assigned to the demo employee."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context
from playwright.sync_api import expect

from tests.browser.conftest import tenant_url
from tests.browser.helpers import login_ui, role_url, wait_for_shell
from tests.browser.money_out import fund, login_as_email, new_client
from tests.notifications.test_mail_worker import wait_until
from tests.payouts.helpers import balance, post_webhooks
from tests.support.http import ApiClient

if TYPE_CHECKING:
    from playwright.sync_api import FilePayload, Page

PAYER = {"name": "Otávio Contestado", "document": "529.982.247-25"}


@pytest.fixture
def med_case(web: str, django_db_blocker: Any) -> Iterator[dict[str, Any]]:
    from accounts import grants
    from accounts.models import User
    from med.models import MedCase
    from ops.demo import demo_email
    from payments import services
    from tenants.models import Tenant

    with django_db_blocker.unblock():
        slug, _, api = new_client("med")
        employee, tenant = User.objects.get(email=demo_email("employee")), Tenant.objects.get(slug=slug)
        grants.grant_employee(employee, tenant)
        charge = {"method": "pix", "amount": 25_000, "currency": "BRL", "payer": PAYER}
        response = api.post_json("/api/deposits", charge)
        assert response.status_code == 201, response.content
        deposit_id = response.json()["id"]
        assert post_webhooks(deposit_id) == ["applied"]
        with schema_context(slug):
            # A week on: past the next business day (a weekend or a holiday may come first).
            assert services.settle_due(timezone.localdate() + timedelta(days=7)) == 1
        fund(slug, 5_000)
        raised = ApiClient("public").post_json(
            "/sandbox-bank/med", {"reference": deposit_id, "amount": 12_000, "hops": 3, "duplicates": 1}
        )
        assert raised.status_code == 201, raised.content
        assert post_webhooks(deposit_id) == ["opened", "duplicate_case"]
        case = MedCase.objects.get(deposit_id=deposit_id)
        assert (case.held_amount, balance(slug)["held"]) == (12_000, 12_000)
    yield {"slug": slug, "deposit": deposit_id, "case": case.public_id}
    with django_db_blocker.unblock():  # the demo employee's scope as other tests expect it: acme only
        grants.revoke_employee(employee, tenant)


def test_staff_accept_a_med_case_raised_through_the_sandbox(
    page: Page, web: str, med_case: dict[str, Any], django_db_blocker: Any
) -> None:
    case_id = med_case["case"]
    login_ui(page, web, "employee")
    page.goto(role_url(web, "employee", f"/plataforma/employee/meds?q={med_case['deposit']}"))
    wait_for_shell(page)
    row = page.locator(f"tr[data-med='{case_id}']")
    expect(row).to_contain_text("Aguardando análise", timeout=15_000)
    expect(row).to_contain_text("Faltam 6d 23h")  # 7 days to analyse, counting down
    expect(row).to_contain_text("R$ 120,00")
    row.get_by_role("button", name=f"Abrir caso MED {case_id}").click()
    drawer = page.get_by_role("dialog", name=f"Caso MED {case_id}")
    # the traced hops: the kit's detail grid (a table, or cards where the drawer is narrow)
    expect(drawer.locator("[data-hop]")).to_have_count(3, timeout=15_000)
    expect(drawer).to_contain_text("Notificações recebidas")
    expect(drawer).to_contain_text("Nenhuma evidência anexada ainda.")
    not_a_pdf: FilePayload = {"name": "conversa.pdf", "mimeType": "application/pdf", "buffer": b"not a pdf"}
    drawer.get_by_label("Anexar evidência").set_input_files(files=not_a_pdf)
    expect(page.get_by_text("Envie o documento em PDF, PNG ou JPEG.")).to_be_visible(timeout=15_000)
    pdf = b"%PDF-1.4\n%boletim\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
    boletim: FilePayload = {"name": "boletim.pdf", "mimeType": "application/pdf", "buffer": pdf}
    drawer.get_by_label("Anexar evidência").set_input_files(files=boletim)
    download = drawer.get_by_role("link", name="Baixar boletim.pdf")
    expect(download).to_be_visible(timeout=15_000)
    with page.expect_download() as fetched:
        download.click()
    assert fetched.value.suggested_filename == "boletim.pdf"
    drawer.get_by_role("button", name=f"Aceitar caso MED {case_id}").click()

    form = page.get_by_role("dialog", name="Aceitar esta contestação")
    form.get_by_role("button", name="Aceitar e devolver").click()
    expect(form.get_by_text("Escreva uma justificativa (ao menos 10 caracteres)")).to_be_visible()
    form.get_by_label("Justificativa").fill("Golpe confirmado pelo banco do pagador")
    form.get_by_label("Evidência (nota)").fill("Boletim de ocorrência 4321/2026")
    form.get_by_role("button", name="Aceitar e devolver").click()
    confirm = page.get_by_role("alertdialog", name="Confirmar a decisão?")
    expect(confirm).to_contain_text("A devolução de R$ 120,00 será enviada ao banco do pagador")
    with page.expect_response(lambda r: r.url.endswith(f"/api/med-cases/{case_id}/accept")) as answer:
        confirm.get_by_role("button", name="Confirmar").click()
    assert answer.value.status == 200, answer.value.text()
    body = answer.value.json()
    assert body["status"] == "refunding"
    assert [(p["seq"], p["amount"]) for p in body["parts"]] == [(1, 12_000)]
    expect(confirm).to_be_hidden()
    expect(row).to_contain_text("Aceito, em devolução", timeout=15_000)
    expect(row).to_contain_text("Faltam 23h")  # the refund is due within 24 hours

    from med.models import MedCase

    with django_db_blocker.unblock():
        case = MedCase.objects.get(public_id=case_id)
        assert (case.status, case.held_amount, case.justification) == (
            "refunding", 0, "Golpe confirmado pelo banco do pagador"
        )  # fmt: skip
        assert case.parts.get().amount == 12_000
        assert case.evidence.count() == 1

        def informed() -> bool:  # the worker's job, sent through the outbox when the decision committed
            return MedCase.objects.get(public_id=case_id).bank_report == "informed"

        assert wait_until(informed, timeout=60), "the worker did not tell the bank"
    page.reload()  # the drawer stays open (its case is in the address)
    expect(page.get_by_role("dialog", name=f"Caso MED {case_id}")).to_contain_text(
        "Informado ao banco em", timeout=15_000
    )


def test_the_client_reads_its_med_claims(page: Page, web: str, med_case: dict[str, Any]) -> None:
    slug = med_case["slug"]
    login_as_email(page, web, slug, f"owner@{slug}.test")
    wait_for_shell(page)
    page.goto(tenant_url(web, slug, "/plataforma/clients/meds"))
    expect(page.get_by_role("heading", name="Contestações MED").first).to_be_visible(timeout=15_000)
    row = page.locator(f"tr[data-med='{med_case['case']}']")
    expect(row).to_contain_text(med_case["deposit"], timeout=15_000)
    expect(row).to_contain_text("R$ 120,00")  # disputed and blocked
    expect(row).to_contain_text("Aguardando análise")
    expect(row).to_contain_text("Em análise")
    expect(row).to_contain_text("Faltam 6d 23h")
    expect(page.get_by_role("button", name="Aceitar e devolver")).to_have_count(0)
