"""A waiting payout leaves the compliance queue in the browser: the client cancels it from its detail
(funds released), or an admin rejects it from admin/compliance with a reason (the sidebar badge goes
down). Data written in-process and committed (see tests/browser/money_out.py)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from playwright.sync_api import expect

from tests.browser.conftest import tenant_url
from tests.browser.helpers import login_ui, role_url, sidebar_nav, wait_for_shell
from tests.browser.money_out import balance, brl, fund, login_as_email, member, new_client, payout

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page, Request

WITHDRAWS = "/plataforma/clients/withdraws"
HOME = "/plataforma/clients/home"
COMPLIANCE = "/plataforma/admin/compliance"


def balance_card(page: Page) -> Locator:
    card = page.get_by_role("region", name="Saldo em BRL")
    expect(card).to_be_visible(timeout=15_000)
    return card


def shows(label: str, cents: int) -> re.Pattern[str]:
    """A figure of the balance card ("Retido R$ 300,00"; any space, the currency's is a no-break one)."""
    return re.compile(rf"{label}\s*R\$\s*{re.escape(brl(cents).removeprefix('R$ '))}")


def test_a_client_cancels_a_waiting_payout_and_the_held_funds_are_released(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    # A client of its own: nothing else moves its balance while the test reads it.
    with django_db_blocker.unblock():
        slug, email, api = new_client("cancel")
        fund(slug, 100_000)
        payout_id = payout(api, 30_000, status="waiting")
        assert balance(slug) == {"available": 70_000, "pending": 0, "held": 30_000}

    login_as_email(page, web, slug, email)
    page.goto(tenant_url(web, slug, HOME))
    wait_for_shell(page)
    card = balance_card(page)
    expect(card).to_contain_text(shows("Retido", 30_000))

    page.goto(tenant_url(web, slug, WITHDRAWS))
    row = page.locator(f"tr[data-payout='{payout_id}']")
    expect(row).to_contain_text("Aguardando", timeout=15_000)
    row.get_by_role("button", name=f"Abrir saque {payout_id}").click()
    drawer = page.get_by_role("dialog", name=f"Saque {payout_id}")
    expect(drawer.get_by_role("region", name="Linha do tempo")).to_contain_text("Aguardando")
    drawer.get_by_role("button", name="Cancelar saque").click()
    confirm = page.get_by_role("alertdialog", name="Cancelar este saque?")
    expect(confirm).to_contain_text("O valor volta para o seu saldo")
    with page.expect_response(lambda r: r.url.endswith(f"/api/payouts/{payout_id}/cancel")) as answer:
        confirm.get_by_role("button", name="Sim, cancelar").click()
    assert answer.value.status == 200, answer.value.text()
    expect(confirm).to_be_hidden()
    expect(page.get_by_text("Saque cancelado").first).to_be_visible()
    expect(drawer.get_by_text("Cancelado", exact=True).first).to_be_visible()
    expect(drawer.get_by_role("region", name="Linha do tempo")).to_contain_text(
        re.compile("Aguardando → Cancelado")
    )
    expect(drawer.get_by_role("button", name="Cancelar saque")).to_have_count(0)
    page.keyboard.press("Escape")
    expect(row).to_contain_text("Cancelado")

    with django_db_blocker.unblock():
        assert balance(slug) == {"available": 100_000, "pending": 0, "held": 0}
    page.goto(tenant_url(web, slug, HOME))
    card = balance_card(page)
    expect(card).to_contain_text(shows("Retido", 0))
    expect(card).to_contain_text(shows("Disponível", 100_000))


def compliance_entry(page: Page) -> Locator:
    return sidebar_nav(page).locator("a[href$='/admin/compliance']")


def pending(count: int) -> re.Pattern[str]:
    """The badge's text for `count` (the visible number and its hidden "N pendente(s)")."""
    return re.compile(rf"(?<!\d){count}\s*pendentes?\b")


def test_an_admin_rejects_with_a_required_reason_and_the_badge_goes_down(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    with django_db_blocker.unblock():
        fund("acme", 100_000)
        payout_id = payout(member("acme", "client"), 70_001, status="waiting")  # above R$ 500,00
        admin = member("public", "admin")

    login_ui(page, web, "admin")
    page.goto(role_url(web, "admin", f"{COMPLIANCE}?sort=-created_at"))  # newest first: the queue is long
    wait_for_shell(page)
    row = page.locator(f"tr[data-payout='{payout_id}']")
    expect(row).to_be_visible(timeout=15_000)
    with django_db_blocker.unblock():
        waiting = admin.get("/api/payouts/compliance/count").json()["count"]
    assert waiting >= 1
    entry = compliance_entry(page)
    expect(entry).to_contain_text(pending(waiting), timeout=15_000)

    rejects: list[Request] = []
    page.on("request", lambda r: rejects.append(r) if r.url.endswith(f"/{payout_id}/reject") else None)
    row.get_by_role("button", name=f"Rejeitar saque {payout_id}").click()
    dialog = page.get_by_role("dialog", name=f"Rejeitar saque {payout_id}")
    reason = dialog.get_by_label("Motivo")
    reason.fill("   ")
    dialog.get_by_role("button", name="Rejeitar saque", exact=True).click()
    expect(dialog.get_by_text("Informe ao cliente o motivo da rejeição")).to_be_visible()
    expect(reason).to_have_attribute("aria-invalid", "true")
    assert rejects == []  # nothing was sent

    reason.fill("Dados do favorecido divergentes")
    dialog.get_by_role("button", name="Rejeitar saque", exact=True).click()
    # A confirmation step repeats what is rejected (amount, beneficiary) and why, before the call.
    confirm = page.get_by_role("alertdialog", name="Confirmar a decisão?")
    expect(confirm).to_contain_text("Dados do favorecido divergentes")
    expect(confirm).to_contain_text("R$ 700,01")
    assert rejects == []
    with page.expect_response(lambda r: r.url.endswith(f"/api/payouts/{payout_id}/reject")) as answer:
        confirm.get_by_role("button", name="Rejeitar saque", exact=True).click()
    assert answer.value.status == 200, answer.value.text()
    assert answer.value.json()["status"] == "rejected"
    expect(confirm).to_be_hidden()
    expect(page.get_by_text(f"Saque {payout_id} rejeitado").first).to_be_visible()
    expect(row).to_have_count(0)
    if waiting > 1:
        expect(entry).to_contain_text(pending(waiting - 1), timeout=15_000)
    else:
        expect(entry).not_to_contain_text(re.compile(r"\d"), timeout=15_000)

    with django_db_blocker.unblock():
        detail = member("acme", "client").get(f"/api/payouts/{payout_id}").json()
    assert (detail["status"], detail["rejection_reason"]) == ("rejected", "Dados do favorecido divergentes")
