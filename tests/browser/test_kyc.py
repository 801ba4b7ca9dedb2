"""KYC onboarding in a browser: a new client's owner fills in the company data, a representative and
an owner (a wrong CPF refused on its field first), uploads the three documents and submits the file
(with the confirmation); the admin finds it pending in admin/customers-kyc, opens it, sees the
documents, approves it with the confirmation step; the client then reads "Aprovado" and its next
review date. The admin then reopens the approved file with a reason (the periodic review): the client
reads the reason and may edit its file again. Data on a client of its own (committed)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from playwright.sync_api import expect

from tests.browser.conftest import tenant_url
from tests.browser.helpers import login_ui, new_context, role_url, settle_animations, wait_for_shell
from tests.browser.money_out import login_as_email, new_client
from tests.browser.test_accessibility import serious_violations

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

PDF = b"%PDF-1.4\n%kyc browser test\ntrailer<<>>\n%%EOF\n"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32


def test_a_client_submits_its_kyc_file_and_the_admin_approves_it(
    page: Page, browser: Browser, web: str, tmp_path: Path, django_db_blocker: Any
) -> None:
    with django_db_blocker.unblock():
        slug, email, _ = new_client("kyc")
    files = {
        "articles": tmp_path / "contrato.pdf",
        "id": tmp_path / "rg.png",
        "proof": tmp_path / "conta.pdf",
    }
    files["articles"].write_bytes(PDF)
    files["id"].write_bytes(PNG)
    files["proof"].write_bytes(PDF)

    login_as_email(page, web, slug, email)
    page.goto(tenant_url(web, slug, "/plataforma/client/kyc"))
    wait_for_shell(page)
    status = page.get_by_test_id("kyc-status")
    expect(status).to_contain_text("Rascunho", timeout=15_000)
    page.get_by_label("Razão social").fill("Empresa do Teste Ltda")
    page.get_by_label("CNPJ").fill("11.222.333/0001-81")
    page.get_by_role("button", name="Adicionar representante").click()
    page.get_by_label("Nome 1").fill("Ana Souza")
    page.get_by_label("CPF 1").fill("390.533.447-06")
    page.get_by_role("button", name="Adicionar sócio").click()
    page.get_by_label("Nome 2").fill("Bruno Lima")
    page.get_by_label("CPF 2").fill("529.982.247-25")
    page.get_by_label("Participação (%) 2").fill("100")
    page.get_by_role("button", name="Salvar rascunho").click()
    expect(page.get_by_text("CPF inválido")).to_be_visible()  # the check digits, before any call
    page.get_by_label("CPF 1").fill("390.533.447-05")
    with page.expect_response(lambda r: r.url.endswith("/api/kyc") and r.request.method == "PUT") as saved:
        page.get_by_role("button", name="Salvar rascunho").click()
    assert saved.value.status == 200, saved.value.text()

    for label, path in (
        ("Enviar Contrato social", files["articles"]),
        ("Enviar Documento de identidade dos representantes", files["id"]),
        ("Enviar Comprovante de endereço", files["proof"]),
    ):
        with page.expect_response(lambda r: r.url.endswith("/api/kyc/documents")) as uploaded:
            page.get_by_label(label).set_input_files(path)
        assert uploaded.value.status == 201, uploaded.value.text()
    expect(page.locator("[data-kyc-document]")).to_have_count(3, timeout=15_000)
    assert serious_violations(page) == []

    page.get_by_role("button", name="Enviar para análise").click()
    confirm = page.get_by_role("alertdialog", name="Enviar o cadastro para análise?")
    with page.expect_response(lambda r: r.url.endswith("/api/kyc/submit")) as submitted:
        confirm.get_by_role("button", name="Enviar para análise").click()
    assert submitted.value.status == 200, submitted.value.text()
    expect(status).to_contain_text("Aguardando análise", timeout=15_000)
    expect(page.get_by_role("button", name="Salvar rascunho")).to_have_count(0)

    staff = new_context(browser)
    admin = staff.new_page()
    login_ui(admin, web, "admin")
    admin.goto(role_url(web, "admin", f"/plataforma/admin/customers-kyc?status=pending&client={slug}"))
    wait_for_shell(admin)
    row = admin.locator(f"tr[data-kyc='{slug}']")
    expect(row).to_contain_text("Aguardando análise", timeout=15_000)
    expect(row).to_contain_text("11.222.333/0001-81")
    row.get_by_role("button", name=f"Abrir o cadastro KYC de Concurrency {slug}").click()
    drawer = admin.get_by_role("dialog", name=f"Cadastro KYC: Concurrency {slug}")
    expect(drawer.get_by_role("link", name="Baixar contrato.pdf")).to_be_visible(timeout=15_000)
    # the people: the kit's detail grid (a table, or cards where the drawer is narrow)
    expect(drawer.locator("[data-person]").filter(has_text="Bruno Lima")).to_be_visible()
    settle_animations(admin)  # the drawer slides in: axe reads its colours once they are final
    assert serious_violations(admin) == []
    drawer.get_by_role("button", name="Aprovar").click()
    form = admin.get_by_role("dialog", name="Aprovar este cadastro KYC")
    form.get_by_role("button", name="Aprovar").click()
    decision = admin.get_by_role("alertdialog", name="Confirmar a decisão?")
    expect(decision).to_contain_text(f"O cadastro KYC de Concurrency {slug} será aprovado.")
    with admin.expect_response(lambda r: r.url.endswith(f"/api/admin/kyc/{slug}/approve")) as approved:
        decision.get_by_role("button", name="Confirmar").click()
    assert approved.value.status == 200, approved.value.text()
    assert approved.value.json()["status"] == "approved"
    expect(drawer.locator("[data-kyc-status='approved']")).to_have_text("Aprovado", timeout=15_000)
    expect(row).to_have_count(0)  # no longer pending: out of the filtered queue

    page.reload()
    expect(page.get_by_test_id("kyc-status")).to_contain_text("Aprovado", timeout=15_000)
    expect(page.get_by_test_id("kyc-status")).to_contain_text("Próxima revisão periódica")
    expect(page.get_by_role("button", name="Salvar rascunho")).to_have_count(0)

    from kyc.models import KycFile

    with django_db_blocker.unblock():
        kyc = KycFile.objects.get(tenant__slug=slug)
        assert (kyc.status, kyc.decided_by_email) == ("approved", "admin@demo.test")

    reason = "Alteração no quadro societário: envie o novo contrato."
    drawer.get_by_role("button", name="Reabrir").click()
    form = admin.get_by_role("dialog", name="Reabrir este cadastro KYC")
    form.get_by_label("Motivo").fill(reason)
    form.get_by_role("button", name="Reabrir").click()
    decision = admin.get_by_role("alertdialog", name="Confirmar a decisão?")
    expect(decision).to_contain_text(f"O cadastro KYC de Concurrency {slug} será reaberto para revisão.")
    with admin.expect_response(lambda r: r.url.endswith(f"/api/admin/kyc/{slug}/reopen")) as reopened:
        decision.get_by_role("button", name="Confirmar").click()
    assert reopened.value.status == 200, reopened.value.text()
    expect(drawer.locator("[data-kyc-status='review_due']")).to_have_text(
        "Revisão periódica pendente", timeout=15_000
    )
    staff.close()

    page.reload()
    expect(page.get_by_test_id("kyc-status")).to_contain_text("Revisão periódica pendente", timeout=15_000)
    expect(page.get_by_test_id("kyc-reopened")).to_contain_text(reason)
    expect(page.get_by_role("button", name="Salvar rascunho")).to_be_visible()

    with django_db_blocker.unblock():
        assert KycFile.objects.get(tenant__slug=slug).status == "review_due"
