"""Restrictions in the browser: an admin proposes one (admin/restrictions) and cannot validate it
themself; an employee validates it from the queue (employee/valid-restrictions); a payout of a client
to that CPF is then refused, the reason shown in the payout dialog. Data written in-process and
committed (tests/browser/money_out.py); the restriction names a CPF of this test alone and is revoked
at the end, so no other test meets it."""

from __future__ import annotations

import re
import secrets
from typing import TYPE_CHECKING, Any

from playwright.sync_api import expect

from brazil.documents import cpf_check_digits
from tests.browser.conftest import tenant_url
from tests.browser.helpers import login_ui, new_context, role_url, wait_for_shell
from tests.browser.money_out import fund, login_as_email, new_client

if TYPE_CHECKING:
    from playwright.sync_api import Page

WITHDRAWS = "/plataforma/clients/withdraws"
REFUSED = "Operação recusada: o CPF/CNPJ informado está em uma lista de restrições da plataforma."


def unique_cpf() -> str:
    base = f"{secrets.randbelow(10**9):09d}"
    while len(set(base)) == 1:
        base = f"{secrets.randbelow(10**9):09d}"
    return base + cpf_check_digits(base)


def test_a_validated_restriction_refuses_a_payout_to_that_cpf(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    from tests.payouts.helpers import BB_ACCOUNT

    cpf = unique_cpf()
    formatted = f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"
    with django_db_blocker.unblock():
        slug, email, api = new_client("restr")
        fund(slug, 100_000)
        account = api.post_json("/api/bank-accounts", {**BB_ACCOUNT, "holder_document": cpf})
        assert account.status_code == 201, account.content

    # 1. An admin proposes it; they may not validate it themself.
    login_ui(page, web, "admin")
    page.goto(role_url(web, "admin", "/plataforma/admin/restrictions"))
    wait_for_shell(page)
    page.get_by_role("button", name="Propor restrição").click()
    dialog = page.get_by_role("dialog", name="Propor uma restrição")
    dialog.get_by_label("Valor").fill("123.456.789-00")
    dialog.get_by_label("Motivo").fill("Fraude confirmada pelo banco")
    dialog.get_by_role("button", name="Propor", exact=True).click()
    expect(dialog.get_by_text("Informe um CPF ou CNPJ válido")).to_be_visible()  # checked before the call
    dialog.get_by_label("Valor").fill(formatted)
    with page.expect_response(
        lambda r: r.url.endswith("/api/restrictions") and r.request.method == "POST"
    ) as answer:
        dialog.get_by_role("button", name="Propor", exact=True).click()
    assert answer.value.status == 201, answer.value.text()
    created = answer.value.json()
    assert created["status"] == "proposed"
    restriction_id = created["id"]
    expect(dialog).to_be_hidden()

    browser = page.context.browser
    assert browser is not None
    try:
        page.goto(role_url(web, "admin", f"/plataforma/admin/restrictions?status=proposed&q={cpf}"))
        row = page.locator(f"tr[data-restriction='{restriction_id}']")
        expect(row).to_contain_text("Aguardando validação", timeout=15_000)
        row.get_by_role("button", name=f"Validar restrição {restriction_id}").click()
        confirm = page.get_by_role("alertdialog", name="Validar esta restrição?")
        expect(confirm).to_contain_text("Quem a propôs não pode validá-la")
        confirm.get_by_role("button", name="Validar", exact=True).click()
        expect(confirm).to_contain_text("Quem propôs a restrição não pode validá-la")  # the server's answer
        confirm.get_by_role("button", name="Cancelar").click()

        # 2. An employee validates it from the queue.
        context = new_context(browser)
        employee = context.new_page()
        try:
            login_ui(employee, web, "employee")
            employee.goto(role_url(web, "employee", f"/plataforma/employee/valid-restrictions?q={cpf}"))
            wait_for_shell(employee)
            queued = employee.locator(f"tr[data-restriction='{restriction_id}']")
            expect(queued).to_contain_text(cpf, timeout=15_000)
            queued.get_by_role("button", name=f"Validar restrição {restriction_id}").click()
            confirm = employee.get_by_role("alertdialog", name="Validar esta restrição?")
            expect(confirm).to_contain_text("Toda a plataforma")
            with employee.expect_response(
                lambda r: r.url.endswith(f"/{restriction_id}/validate")
            ) as validated:
                confirm.get_by_role("button", name="Validar", exact=True).click()
            assert validated.value.status == 200, validated.value.text()
            expect(confirm).to_be_hidden()
            expect(queued).to_be_hidden()
        finally:
            context.close()

        # 3. The client's payout to that CPF is refused, the reason in the dialog.
        client_context = new_context(browser)
        client = client_context.new_page()
        try:
            login_as_email(client, web, slug, email)
            client.goto(tenant_url(web, slug, WITHDRAWS))
            wait_for_shell(client)
            client.get_by_role("button", name="Gerar saque único").click()
            form = client.get_by_role("dialog", name="Gerar saque único")
            chosen = form.get_by_label("Conta bancária")
            chosen.wait_for()
            client.wait_for_function("() => document.querySelectorAll('select option').length > 1")
            chosen.select_option(index=1)
            form.get_by_label("Valor (R$)").fill("100,00")
            with client.expect_response(
                lambda r: r.url.endswith("/api/payouts") and r.request.method == "POST"
            ) as refused:
                form.get_by_role("button", name="Gerar saque", exact=True).click()
            assert refused.value.status == 422, refused.value.text()
            assert refused.value.json()["code"] == "restricted"
            expect(form.get_by_text(re.compile(re.escape(REFUSED)))).to_be_visible()
        finally:
            client_context.close()
    finally:
        with django_db_blocker.unblock():
            from restrictions.models import Restriction

            Restriction.objects.filter(public_id=restriction_id).update(status="revoked")
