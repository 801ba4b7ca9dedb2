"""clients/config in Chromium against the real stack: the client changes its profile and its
notification e-mails (a bad e-mail is refused on its field first) and sees them saved; a threshold
above the platform's limit is refused with the server's message on the field."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import login_ui, role_url, wait_for_shell

if TYPE_CHECKING:
    from playwright.sync_api import Page

CONFIG = "/plataforma/clients/config"


@pytest.fixture
def demo_profile(django_db_blocker: Any, web: str) -> Iterator[None]:
    """acme's demo profile and no platform limit, before and after (the real server commits what the
    client saves, and other tests read the demo profile)."""
    from django_tenants.utils import schema_context

    from company.models import SETTINGS_PK, CompanySettings
    from files.models import LOGO_CATEGORY, StoredFile
    from ops.demo import DEMO_ACME_PROFILE
    from platform_settings.models import PlatformSettings

    def reset() -> None:
        with django_db_blocker.unblock():
            with schema_context("acme"):
                CompanySettings.objects.update_or_create(
                    pk=SETTINGS_PK, defaults={**DEMO_ACME_PROFILE, "logo": None}
                )
                StoredFile.objects.filter(category=LOGO_CATEGORY).delete()
            with schema_context("public"):
                PlatformSettings.objects.all().delete()

    reset()
    yield
    reset()


def saved(page: Page) -> Any:
    return page.expect_response(
        lambda r: r.url.endswith("/api/company/settings") and r.request.method == "PATCH"
    )


def test_the_client_changes_its_profile_and_emails_and_sees_them_saved(
    page: Page, web: str, demo_profile: None
) -> None:
    login_ui(page, web, "client")
    page.goto(role_url(web, "client", CONFIG))
    wait_for_shell(page)
    profile = page.get_by_test_id("profile-section")
    expect(profile.get_by_test_id("value-legal_name")).to_have_text("Acme Pagamentos Ltda", timeout=15_000)
    expect(profile.get_by_test_id("value-cnpj")).to_have_text("11.222.333/0001-81")

    profile.get_by_role("button", name="Editar perfil").click()
    dialog = page.get_by_role("dialog", name="Editar perfil")
    expect(dialog.get_by_label("CNPJ")).to_be_disabled()
    dialog.get_by_label("Nome fantasia").fill("Acme Recebíveis")
    dialog.get_by_label("Cidade").fill("Campinas")
    with saved(page) as answer:
        dialog.get_by_role("button", name="Salvar").click()
    assert answer.value.status == 200, answer.value.text()
    expect(profile.get_by_test_id("value-trade_name")).to_have_text("Acme Recebíveis")
    expect(profile.get_by_test_id("value-address")).to_contain_text("Campinas/SP")

    emails = page.get_by_test_id("emails-section")
    emails.get_by_role("button", name="Editar e-mails").click()
    dialog = page.get_by_role("dialog", name="Editar e-mails")
    field = dialog.get_by_label("E-mails, um por linha")
    field.fill("financeiro@acme.example.com\nnao-e-um-email")
    dialog.get_by_role("button", name="Salvar").click()
    expect(dialog.get_by_text("Um dos e-mails não é válido.")).to_be_visible()
    field.fill("financeiro@acme.example.com\ncfo@acme.example.com")
    with saved(page) as answer:
        dialog.get_by_role("button", name="Salvar").click()
    assert answer.value.status == 200, answer.value.text()
    expect(emails.get_by_test_id("emails")).to_contain_text("cfo@acme.example.com")

    # After a reload the changes are still there: they were saved, not only shown
    page.reload()
    wait_for_shell(page)
    expect(page.get_by_test_id("value-trade_name")).to_have_text("Acme Recebíveis", timeout=15_000)
    expect(page.get_by_test_id("emails")).to_contain_text("cfo@acme.example.com")


def test_a_threshold_above_the_platform_limit_is_refused_on_its_field(
    page: Page, web: str, demo_profile: Any, django_db_blocker: Any
) -> None:
    from django_tenants.utils import schema_context

    from platform_settings.models import SETTINGS_PK, PlatformSettings

    with django_db_blocker.unblock(), schema_context("public"):
        PlatformSettings.objects.create(pk=SETTINGS_PK, max_payout_amount=100_000)
    login_ui(page, web, "client")
    page.goto(role_url(web, "client", CONFIG))
    wait_for_shell(page)
    section = page.get_by_test_id("threshold-section")
    section.get_by_role("button", name="Alterar limite").click()
    dialog = page.get_by_role("dialog", name="Alterar limite")
    dialog.get_by_label("Limite de aprovação").fill("2.000,00")
    dialog.get_by_role("button", name="Revisar").click()
    review = page.get_by_role("alertdialog", name="Alterar o limite de aprovação?")
    expect(review.get_by_test_id("change-threshold")).to_have_text(re.compile(r"Nenhum.* → R\$\s2\.000,00"))
    with saved(page) as answer:
        review.get_by_role("button", name="Salvar").click()
    assert answer.value.status == 422
    expect(
        page.get_by_text(
            re.compile(r"não pode passar do maior saque permitido pela plataforma \(R\$\s1\.000,00\)")
        )
    ).to_be_visible()
    expect(section.get_by_test_id("value-threshold")).to_have_text("Nenhum: só a regra da plataforma")


def test_the_client_uploads_its_logo_sees_it_and_removes_it_after_confirming(
    page: Page, web: str, demo_profile: None, tmp_path: Any
) -> None:
    from PIL import Image

    logo = tmp_path / "logo.png"
    Image.new("RGB", (120, 40), (20, 90, 200)).save(logo, format="PNG")
    not_an_image = tmp_path / "logo.png.txt"
    not_an_image.write_text("name,amount\n")
    login_ui(page, web, "client")
    page.goto(role_url(web, "client", CONFIG))
    wait_for_shell(page)
    section = page.get_by_test_id("logo-section")
    expect(section.get_by_text("Nenhum logotipo ainda.")).to_be_visible(timeout=15_000)

    section.get_by_test_id("logo-input").set_input_files(str(not_an_image))
    expect(section.get_by_role("alert")).to_contain_text("O logotipo precisa ser uma imagem PNG ou JPEG.")
    with page.expect_response(
        lambda r: r.url.endswith("/api/company/logo") and r.request.method == "PUT"
    ) as answer:
        section.get_by_test_id("logo-input").set_input_files(str(logo))
    assert answer.value.status == 200, answer.value.text()
    image = section.get_by_role("img", name="Logotipo da empresa")
    expect(image).to_be_visible()
    # the image is served to its own user (it loads, at its size), not only named
    page.wait_for_function("img => img.complete && img.naturalWidth === 120", arg=image.element_handle())

    section.get_by_role("button", name="Remover logotipo").click()
    confirm = page.get_by_role("alertdialog", name="Remover o logotipo?")
    confirm.get_by_role("button", name="Remover logotipo").click()
    expect(section.get_by_text("Nenhum logotipo ainda.")).to_be_visible()
