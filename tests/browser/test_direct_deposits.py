"""Direct deposits in a browser: a client adds a PIX key on clients/direct_deposits (the sandbox bank
learns it), someone sends money to the key through the sandbox bank's test mode
(POST /sandbox-bank/pix-credits) and its notice is delivered; the direct deposit appears on the client's
screen with its fee, and staff find it in employee/direct_deposits with the client's name. On a client of
its own (with the direct_deposits module) assigned to the demo employee."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import login_ui, new_context, role_url, wait_for_shell, wait_until_quiet
from tests.browser.money_out import login_as_email, new_client
from tests.browser.test_accessibility import serious_violations
from tests.payouts.helpers import post_webhooks
from tests.support.http import ApiClient

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


@pytest.fixture
def direct_client(web: str, django_db_blocker: Any) -> Iterator[dict[str, str]]:
    from accounts import grants
    from accounts.models import User
    from ops.demo import demo_email
    from tenants.models import Tenant

    with django_db_blocker.unblock():
        slug, email, _ = new_client("dd")
        tenant = Tenant.objects.get(slug=slug)
        tenant.modules = ["direct_deposits"]
        tenant.save(update_fields=["modules"])
        employee = User.objects.get(email=demo_email("employee"))
        grants.grant_employee(employee, tenant)
    yield {"slug": slug, "email": email, "name": tenant.name}
    with django_db_blocker.unblock():  # the demo employee's scope as other tests expect it: acme only
        grants.revoke_employee(employee, tenant)


def test_a_client_adds_a_key_receives_money_on_it_and_staff_see_it(
    page: Page, browser: Browser, web: str, direct_client: dict[str, str], django_db_blocker: Any
) -> None:
    slug = direct_client["slug"]
    key = f"recebimentos-{uuid.uuid4().hex[:8]}@example.com"
    login_as_email(page, web, slug, direct_client["email"])
    page.goto(page.url.split("/plataforma")[0] + "/plataforma/clients/direct_deposits")
    wait_for_shell(page)
    keys = page.get_by_role("region", name="Chaves PIX")
    expect(keys).to_contain_text("Nenhuma chave PIX ainda", timeout=15_000)
    keys.get_by_role("button", name="Cadastrar chave PIX").click()
    form = page.get_by_role("dialog", name="Cadastrar chave PIX")
    form.get_by_label("Tipo de chave").select_option("email")
    form.get_by_label("Chave", exact=True).fill("not-an-email")
    form.get_by_role("button", name="Cadastrar chave").click()
    expect(form.get_by_text("Esta não é uma chave do tipo escolhido.")).to_be_visible(timeout=15_000)
    form.get_by_label("Chave", exact=True).fill(key.upper())
    with page.expect_response(
        lambda r: r.url.endswith("/api/pix-keys") and r.request.method == "POST"
    ) as added:
        form.get_by_role("button", name="Cadastrar chave").click()
    assert added.value.status == 201, added.value.text()
    expect(keys.locator(f"tr[data-pix-key='{key}']")).to_be_visible(timeout=15_000)
    expect(keys).to_contain_text("1 de 20 chaves")
    # Removing is a labelled button that asks first (not a bare red "x").
    remove = keys.get_by_role("button", name=f"Remover a chave {key}")
    expect(remove).to_have_text("Remover")
    remove.click()
    confirm = page.get_by_role("alertdialog", name="Remover esta chave PIX?")
    expect(confirm).to_be_visible()
    confirm.get_by_role("button", name="Cancelar").click()
    expect(confirm).to_be_hidden()
    expect(keys.locator(f"tr[data-pix-key='{key}']")).to_be_visible()

    with django_db_blocker.unblock():
        sent = ApiClient("public").post_json(
            "/sandbox-bank/pix-credits",
            {
                "key": key,
                "amount": 12_345,
                "payer_name": "Helena Dias Pagadora",
                "payer_document": "52998224725",
            },
        )
        assert sent.status_code == 201, sent.content
        post_webhooks(sent.json()["end_to_end_id"])  # the worker may have delivered it first: either way

    page.reload()
    wait_for_shell(page)
    deposits = page.get_by_role("region", name="Depósitos na chave")
    row = deposits.locator("tr[data-direct-deposit]")
    expect(row).to_have_count(1, timeout=15_000)
    expect(row).to_contain_text("Helena Dias Pagadora")
    expect(row).to_contain_text("529.982.247-25")
    expect(row).to_contain_text("R$ 123,45")
    expect(row).to_contain_text("Recebido (a liquidar)")
    wait_until_quiet(page)
    assert serious_violations(page) == []  # axe-core: the keys and the list, as the client sees them

    staff_context = new_context(browser)
    staff = staff_context.new_page()
    try:
        login_ui(staff, web, "employee")
        staff.goto(role_url(web, "employee", f"/plataforma/employee/direct_deposits?client={slug}"))
        wait_for_shell(staff)
        staff_row = staff.locator(f"tr[data-client='{slug}']")
        expect(staff_row).to_have_count(1, timeout=15_000)
        expect(staff_row).to_contain_text(direct_client["name"])
        expect(staff_row).to_contain_text("R$ 123,45")
        wait_until_quiet(staff)
        assert serious_violations(staff) == []
    finally:
        staff_context.close()
