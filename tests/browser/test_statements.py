"""Statements in the browser: an admin proposes an external credit to a new client (admin/statements)
and cannot confirm it themself; the financial user, who lands on financial/statements after login,
confirms it (its session's second factor made stale first: confirming moves money, so the step-up
dialog asks for a fresh code and the confirmation goes on); the credit then shows in the client's
statement as an external credit with its reference, reason, amount and the closing balance. Data
committed (tests/browser/money_out.py); the client is this test's own."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from playwright.sync_api import expect

from ops.demo import demo_email
from tests.browser.helpers import login_ui, new_context, role_url, wait_for_shell, wait_until_quiet
from tests.browser.money_out import new_client
from tests.support.second_factor import totp_code

if TYPE_CHECKING:
    from playwright.sync_api import Page

STATEMENTS = "/plataforma/admin/statements"


def stale_second_factor(page: Page, django_db_blocker: Any) -> None:
    """The session's second factor was verified long ago (more than STEP_UP_SECONDS)."""
    from django.conf import settings
    from django_tenants.utils import schema_context

    from accounts import second_factor
    from core.sessions import SessionStore

    session_key = next(
        c["value"] for c in page.context.cookies() if c["name"] == settings.SESSION_COOKIE_NAME
    )
    with django_db_blocker.unblock(), schema_context("public"):  # cache keys carry the schema
        session = SessionStore(session_key)
        session[second_factor.FRESH_KEY] = time.time() - settings.STEP_UP_SECONDS - 60
        session.save()


def test_a_credit_proposed_by_an_admin_and_confirmed_by_another_shows_in_the_statement(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    with django_db_blocker.unblock():
        slug, _, _ = new_client("stmt")

    # 1. An admin proposes a credit of R$ 150,00 with a reason.
    login_ui(page, web, "admin")
    page.goto(role_url(web, "admin", STATEMENTS))
    wait_for_shell(page)
    expect(page.get_by_text("Escolha um cliente ou a plataforma e depois uma conta")).to_be_visible()
    page.get_by_role("button", name="Novo crédito ou débito").click()
    dialog = page.get_by_role("dialog", name="Propor um crédito ou débito externo")
    page.wait_for_function(
        "slug => [...document.querySelectorAll('option')].some(o => o.value === slug)", arg=slug
    )
    dialog.get_by_label("Cliente").select_option(value=slug)
    dialog.get_by_label("Valor").fill("150,00")
    dialog.get_by_role("button", name="Propor", exact=True).click()
    expect(dialog.get_by_text("Escreva um motivo com pelo menos 3 caracteres.")).to_be_visible()
    dialog.get_by_label("Motivo").fill("Acordo comercial de novembro")
    with page.expect_response(
        lambda r: r.url.endswith("/api/statements/adjustments") and r.request.method == "POST"
    ) as answer:
        dialog.get_by_role("button", name="Propor", exact=True).click()
    assert answer.value.status == 201, answer.value.text()
    adjustment_id = answer.value.json()["id"]
    expect(dialog).to_be_hidden()

    # The proposer cannot confirm it: the server's refusal shows in the confirmation dialog.
    row = page.locator(f"tr[data-adjustment='{adjustment_id}']")
    expect(row).to_contain_text("R$ 150,00", timeout=15_000)
    row.get_by_role("button", name=f"Confirmar {adjustment_id}").click()
    confirm = page.get_by_role("alertdialog", name="Confirmar este lançamento externo?")
    confirm.get_by_role("button", name="Confirmar", exact=True).click()
    expect(confirm).to_contain_text("Quem propôs o lançamento não pode confirmá-lo")
    confirm.get_by_role("button", name="Cancelar").click()

    # 2. The financial user lands on financial/statements and confirms it.
    browser = page.context.browser
    assert browser is not None
    context = new_context(browser)
    financial = context.new_page()
    try:
        login_ui(financial, web, "financial")
        financial.wait_for_url(lambda url: url.endswith("/plataforma/financial/statements"), timeout=15_000)
        wait_for_shell(financial)
        pending = financial.locator(f"tr[data-adjustment='{adjustment_id}']")
        expect(pending).to_contain_text("Acordo comercial de novembro", timeout=15_000)
        wait_until_quiet(financial)  # no request of the landing screen still holds the session
        stale_second_factor(financial, django_db_blocker)
        pending.get_by_role("button", name=f"Confirmar {adjustment_id}").click()
        confirm = financial.get_by_role("alertdialog", name="Confirmar este lançamento externo?")
        expect(confirm).to_contain_text("R$ 150,00")
        with financial.expect_response(lambda r: r.url.endswith(f"/{adjustment_id}/confirm")) as refused:
            confirm.get_by_role("button", name="Confirmar", exact=True).click()
        assert refused.value.status == 403
        assert refused.value.json()["code"] == "step_up_required"
        step_up = financial.get_by_role("dialog", name="Confirme que é você")
        expect(step_up).to_be_visible(timeout=15_000)
        with django_db_blocker.unblock():
            fresh = totp_code(demo_email("financial"))
        assert fresh is not None
        step_up.get_by_label("Código de verificação").fill(fresh)
        with financial.expect_response(lambda r: r.url.endswith(f"/{adjustment_id}/confirm")) as confirmed:
            step_up.get_by_role("button", name="Confirmar").click()
        assert confirmed.value.status == 200, confirmed.value.text()
        expect(step_up).to_be_hidden()
        expect(confirm).to_be_hidden()
        expect(pending).to_be_hidden()

        # 3. The client's available BRL statement shows it, chosen through the owner and account filters.
        financial.get_by_label("Titular").select_option(value=slug)
        financial.get_by_label("Conta").select_option(value=f"tenant:{slug}:available:BRL")
        line = financial.locator(f"tr[data-reference='{adjustment_id}']")
        expect(line).to_contain_text("Crédito externo", timeout=15_000)
        expect(line).to_contain_text("Acordo comercial de novembro")
        expect(line).to_contain_text("+R$ 150,00")
        summary = financial.get_by_test_id("statement-summary")
        expect(summary).to_contain_text("Saldo inicial")
        expect(summary).to_contain_text("R$ 0,00")
        expect(summary).to_contain_text("R$ 150,00")
        assert f"client={slug}" in financial.url  # the filters live in the URL
        assert "account=tenant" in financial.url
    finally:
        context.close()
