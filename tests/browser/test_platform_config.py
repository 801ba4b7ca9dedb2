"""admin/config and client/logs in Chromium against the real stack: an admin changes a payout limit
(after a review step), reads the change with its before and after on the audit trail, and sets a
maintenance banner that a client's user sees in the shell, then removes it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import login_ui, new_context, role_url, wait_for_shell

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CONFIG = "/plataforma/admin/config"
LOGS = "/plataforma/client/logs"
BANNER = "Manutenção programada hoje às 23h: saques por TED pausados por 30 minutos."


@pytest.fixture
def clean_settings(django_db_blocker: Any, web: str) -> Iterator[None]:
    """The platform's settings back to the defaults (no limits, no banner) before and after: the real
    server commits what the admin saves, and every other test expects the defaults."""
    from django_tenants.utils import schema_context

    from platform_settings.models import PlatformSettings

    def reset() -> None:
        with django_db_blocker.unblock(), schema_context("public"):
            PlatformSettings.objects.all().delete()

    reset()
    yield
    reset()


def settings_saved(page: Page) -> Any:
    return page.expect_response(
        lambda r: r.url.endswith("/api/admin/platform-settings") and r.request.method == "PUT"
    )


def test_an_admin_changes_a_limit_and_reads_it_on_the_audit_trail(
    page: Page, web: str, clean_settings: None
) -> None:
    login_ui(page, web, "admin")
    page.goto(role_url(web, "admin", CONFIG))
    wait_for_shell(page)
    limits = page.get_by_test_id("limits-section")
    expect(limits.get_by_test_id("value-max_payout_amount")).to_have_text("Sem limite", timeout=15_000)

    limits.get_by_role("button", name="Alterar limites e horários").click()
    dialog = page.get_by_role("dialog", name="Alterar limites e horários")
    dialog.get_by_label("Limite por saque").fill("1.500,00")
    dialog.get_by_label("Horário limite da TED").fill("17:00")
    dialog.get_by_role("button", name="Revisar").click()
    # Only one TED time: the form says what is missing before anything is sent
    expect(dialog.get_by_text("Preencha os dois horários ou nenhum.")).to_be_visible()
    dialog.get_by_label("Abertura da TED").fill("06:30")
    dialog.get_by_role("button", name="Revisar").click()
    review = page.get_by_role("alertdialog", name="Alterar as configurações da plataforma?")
    expect(review.get_by_test_id("change-max_payout_amount")).to_have_text(
        re.compile(r"Sem limite → R\$\s1\.500,00")
    )
    expect(review.get_by_test_id("change-ted_opens_at")).to_have_text("Qualquer horário → 06:30")
    with settings_saved(page) as answer:
        review.get_by_role("button", name="Salvar").click()
    assert answer.value.status == 200, answer.value.text()
    expect(limits.get_by_test_id("value-max_payout_amount")).to_have_text(re.compile(r"R\$\s1\.500,00"))

    # The platform's audit trail has the change, in words, with before and after
    page.goto(role_url(web, "admin", f"{LOGS}?action=platform_settings"))
    wait_for_shell(page)
    row = page.locator("tr[data-action='platform_settings.changed']").first
    expect(row).to_contain_text("Configurações da plataforma alteradas", timeout=15_000)
    expect(row).to_contain_text("admin@demo.test")
    row.get_by_role("button", name=re.compile("^Detalhes de Configurações da plataforma alteradas")).click()
    drawer = page.get_by_role("dialog")
    expect(drawer).to_contain_text("HeadlessChrome")  # from where: the browser's user agent
    expect(drawer).to_contain_text("127.0.0.1")
    changes = drawer.get_by_test_id("audit-changes")
    # the kit's detail grid: a table row, or a card in a narrow drawer (the cell then carries its header)
    limit = changes.locator("[data-field='max_payout_amount']")
    expect(limit.locator("[data-column='before']")).to_contain_text("—")
    expect(limit.locator("[data-column='after']")).to_contain_text(re.compile(r"R\$\s1\.500,00"))
    expect(changes.locator("[data-field='ted_cutoff_at'] [data-column='after']")).to_contain_text("17:00")


def test_a_maintenance_banner_reaches_every_user_until_it_is_removed(
    page: Page, browser: Browser, web: str, clean_settings: None
) -> None:
    login_ui(page, web, "admin")
    page.goto(role_url(web, "admin", CONFIG))
    wait_for_shell(page)
    expect(page.get_by_test_id("maintenance-banner")).to_have_count(0)
    section = page.get_by_test_id("banner-section")
    section.get_by_role("button", name="Definir aviso").click()
    dialog = page.get_by_role("dialog", name="Aviso de manutenção")
    dialog.get_by_role("button", name="Revisar").click()
    expect(dialog.get_by_text("Escreva a mensagem a exibir.")).to_be_visible()
    dialog.get_by_label("Mensagem").fill(BANNER)
    dialog.get_by_role("button", name="Revisar").click()
    review = page.get_by_role("alertdialog", name="Exibir este aviso para todos?")
    with settings_saved(page) as answer:
        review.get_by_role("button", name="Salvar").click()
    assert answer.value.status == 200, answer.value.text()
    expect(page.get_by_test_id("maintenance-banner")).to_contain_text(BANNER)  # the admin's own shell

    # A client's user on its own subdomain sees it in the shell
    other = new_context(browser)
    try:
        client = other.new_page()
        login_ui(client, web, "client_user")
        wait_for_shell(client)
        expect(client.get_by_test_id("maintenance-banner")).to_contain_text(BANNER, timeout=15_000)
        expect(client.get_by_test_id("maintenance-banner")).to_contain_text("Aviso da plataforma")

        # Removed (after a confirmation): gone for everyone on their next look
        section.get_by_role("button", name="Remover aviso").click()
        confirm = page.get_by_role("alertdialog", name="Remover o aviso de manutenção?")
        with settings_saved(page) as answer:
            confirm.get_by_role("button", name="Remover aviso").click()
        assert answer.value.status == 200, answer.value.text()
        expect(page.get_by_test_id("maintenance-banner")).to_have_count(0)
        client.reload()
        wait_for_shell(client)
        expect(client.get_by_test_id("maintenance-banner")).to_have_count(0)
    finally:
        other.close()
