"""admin/batch-files in Chromium: an admin generates the CNAB 240 remittance of a client's approved
payouts, downloads it, loads the bank's return (one line paid, one refused with an occurrence code)
and sees each line's result with what its occurrence code means; the payouts are confirmed and
canceled. With the sandbox bank, the admin completes the file cycle on the screen alone: "Simular
retorno do banco" on the remittance, the return read and opened, its file downloadable. A new client
whose bank pays by file (its own sandbox configuration), data committed, a real gunicorn and worker."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from django_tenants.utils import schema_context
from playwright.sync_api import expect

from tests.browser.helpers import login_ui, role_url, wait_for_shell
from tests.browser.money_out import fund, member, new_client, payout

if TYPE_CHECKING:
    from playwright.sync_api import Page

SCREEN = "/plataforma/admin/batch-files"


def _client_paid_by_file() -> tuple[str, list[str]]:
    from gateway.models import PluginConfig, PluginKind
    from tenants.models import Tenant

    slug, _email, owner = new_client("bat")
    with schema_context("public"):
        PluginConfig.objects.create(
            tenant=Tenant.objects.get(slug=slug), kind=PluginKind.PROVIDER, code="sandbox_bank",
            config={"payout_channel": "file"},
        )  # fmt: skip
    admin = member("public", "admin")
    rule = json.dumps({"currency": "BRL", "auto_approve_up_to": 1_000_000})
    response = admin.generic(
        "PUT", f"/api/admin/compliance-rules/{slug}", rule, content_type="application/json"
    )
    assert response.status_code == 200, response.content
    fund(slug, 100_000)
    return slug, [payout(owner, 1_234, status="approved"), payout(owner, 5_000, status="approved")]


def test_an_admin_sends_a_remittance_and_reads_the_banks_return(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    with django_db_blocker.unblock():
        slug, (paid, refused) = _client_paid_by_file()
        with schema_context("public"):
            from tenants.models import Tenant

            name = Tenant.objects.get(slug=slug).name

    login_ui(page, web, "admin")
    page.goto(role_url(web, "admin", SCREEN))
    wait_for_shell(page)
    expect(page.get_by_role("tab", name="Remessas")).to_have_attribute("aria-selected", "true")
    form = page.get_by_role("form", name="Gerar remessa")
    form.get_by_label("Banco").select_option(label="Sandbox bank")
    form.get_by_label("Cliente").select_option(label=name)
    with page.expect_response(lambda r: r.url.endswith("/api/batch-files/remittances")) as answer:
        form.get_by_role("button", name="Gerar remessa").click()
    assert answer.value.status == 201, answer.value.text()
    batch = answer.value.json()
    detail = page.locator(f"[data-batch='{batch['id']}']")
    expect(detail.get_by_test_id("batch-summary")).to_contain_text("Quantidade: 2")
    expect(detail.get_by_test_id("batch-summary")).to_contain_text("62,34")
    refs = {item["payout_id"]: item["reference"] for item in batch["items"]}
    for reference in refs.values():
        expect(detail.locator(f"[data-reference='{reference}']")).to_have_attribute("data-status", "sent")
    expect(page.locator(f"[data-batch-row='{batch['id']}']")).to_be_visible()

    # the file as the bank gets it (the download link), and the bank's answer to it
    download = page.request.get(f"{web.rstrip('/')}{batch['download_url']}")
    assert download.ok
    content = download.body()
    assert all(len(line) == 240 for line in content.decode("ascii").split("\r\n")[:-1])
    with django_db_blocker.unblock():
        from cofre_sandbox_bank.testing import return_for

        returned = return_for(content, rejected={refs[refused]: "AN"})

    page.get_by_role("tab", name="Retornos").click()
    upload = page.get_by_role("form", name="Carregar retorno")
    upload.get_by_label("Banco").select_option(label="Sandbox bank")
    upload.get_by_label("Arquivo de retorno").set_input_files(
        {"name": "RET000001.ret", "mimeType": "text/plain", "buffer": returned}
    )
    with page.expect_response(lambda r: r.url.endswith("/api/batch-files/returns")) as read:
        upload.get_by_role("button", name="Carregar retorno").click()
    assert read.value.status == 201, read.value.text()
    result = page.locator(f"[data-batch='{read.value.json()['id']}']")
    expect(result.locator(f"[data-reference='{refs[paid]}']")).to_have_attribute("data-outcome", "confirmed")
    expect(result.locator(f"[data-reference='{refs[paid]}']")).to_contain_text("Confirmado")
    expect(result.locator(f"[data-reference='{refs[refused]}']")).to_contain_text("Rejeitado")
    expect(result.locator(f"[data-reference='{refs[refused]}']")).to_contain_text("AN")
    expect(result.locator(f"[data-reference='{refs[refused]}'] [data-code='AN']")).to_contain_text(
        "Conta Corrente/DV/Conta de Pagamento do Favorecido Inválido"
    )
    expect(result.locator(f"[data-reference='{refs[paid]}'] [data-code='00']")).to_contain_text(
        "Crédito ou Débito Efetivado"
    )

    with django_db_blocker.unblock(), schema_context(slug):
        from payouts.models import Payout

        statuses = dict(
            Payout.objects.filter(public_id__in=[paid, refused]).values_list("public_id", "status")
        )
    assert statuses == {paid: "confirmed", refused: "canceled"}


def test_an_admin_simulates_the_sandbox_banks_return_on_the_screen(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    with django_db_blocker.unblock():
        slug, payouts = _client_paid_by_file()
        with schema_context("public"):
            from tenants.models import Tenant

            name = Tenant.objects.get(slug=slug).name

    login_ui(page, web, "admin")
    page.goto(role_url(web, "admin", SCREEN))
    wait_for_shell(page)
    form = page.get_by_role("form", name="Gerar remessa")
    form.get_by_label("Banco").select_option(label="Sandbox bank")
    form.get_by_label("Cliente").select_option(label=name)
    with page.expect_response(lambda r: r.url.endswith("/api/batch-files/remittances")) as answer:
        form.get_by_role("button", name="Gerar remessa").click()
    assert answer.value.status == 201, answer.value.text()
    batch = answer.value.json()
    lines = sorted(batch["items"], key=lambda item: item["line"])
    paid, refused = lines[0], lines[1]  # "some rejected": every second line of the file
    assert {paid["payout_id"], refused["payout_id"]} == set(payouts)

    simulate = page.locator(f"[data-batch='{batch['id']}']").get_by_role(
        "form", name="Simular retorno do banco"
    )
    simulate.get_by_label("Resposta do banco").select_option(
        label="Alguns rejeitados (uma linha a cada duas)"
    )
    with page.expect_response(lambda r: r.url.endswith("/simulated-returns")) as simulated:
        simulate.get_by_role("button", name="Simular retorno do banco").click()
    assert simulated.value.status == 201, simulated.value.text()
    returned = simulated.value.json()
    expect(page.get_by_role("tab", name="Retornos")).to_have_attribute("aria-selected", "true")
    result = page.locator(f"[data-batch='{returned['id']}']")
    expect(result.locator(f"[data-reference='{paid['reference']}']")).to_have_attribute(
        "data-outcome", "confirmed"
    )
    refused_row = result.locator(f"[data-reference='{refused['reference']}']")
    expect(refused_row).to_have_attribute("data-outcome", "rejected")
    expect(refused_row).to_contain_text("Rejeitado")
    expect(refused_row.locator("[data-code='PJ']")).to_contain_text("Chave não cadastrada no DICT")
    expect(page.locator(f"[data-batch-row='{returned['id']}']")).to_be_visible()

    # the bank's file is kept: its download is a CNAB 240 return (file header position 143 = "2")
    download = page.request.get(f"{web.rstrip('/')}{returned['download_url']}")
    assert download.ok
    assert download.body().decode("ascii").splitlines()[0][142] == "2"

    with django_db_blocker.unblock(), schema_context(slug):
        from payouts.models import Payout

        statuses = dict(Payout.objects.filter(public_id__in=payouts).values_list("public_id", "status"))
    assert statuses == {paid["payout_id"]: "confirmed", refused["payout_id"]: "canceled"}
