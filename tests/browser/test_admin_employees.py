"""admin/employees in Chromium against the real stack: the admin invites an employee on the screen, sees
the one-time password once, grants the employee a client, and the employee (signed in with that
password) sees exactly that client."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import login_ui, role_url, settle_animations, wait_for_shell, wait_until_quiet
from tests.browser.test_accessibility import serious_violations
from tests.support.second_factor import login_payload

if TYPE_CHECKING:
    from playwright.sync_api import Page

EMPLOYEES = "/plataforma/admin/employees"


@pytest.fixture
def new_email(django_db_blocker: Any) -> Iterator[str]:
    """The e-mail of the employee the test invites; the login (with its grants) is removed afterwards."""
    from django_tenants.utils import schema_context

    from accounts.models import User

    email = f"func.{uuid.uuid4().hex[:8]}@cofre.test"
    yield email
    with django_db_blocker.unblock(), schema_context("public"):
        User.objects.filter(email=email).delete()


def test_admin_invites_an_employee_and_grants_a_client(
    page: Page, web: str, new_email: str, django_db_blocker: Any
) -> None:
    login_ui(page, web, "admin")
    page.goto(role_url(web, "admin", EMPLOYEES))
    wait_for_shell(page)
    table = page.get_by_role("table", name="Usuários")
    # the demo employee, with the client the demo seed granted
    demo = table.locator("tr[data-member='employee@demo.test']")
    expect(demo.get_by_text("Acme Pagamentos Ltda")).to_be_visible(timeout=15_000)
    wait_until_quiet(page)
    assert serious_violations(page) == []

    page.get_by_role("button", name="Convidar membro da equipe").click()
    dialog = page.get_by_role("dialog", name="Convidar um membro da equipe")
    dialog.get_by_label("E-mail").fill(new_email)
    expect(dialog.get_by_label("Perfil")).to_have_value("employee")
    with page.expect_response(
        lambda r: r.url.endswith("/api/members") and r.request.method == "POST"
    ) as answer:
        dialog.get_by_role("button", name="Convidar").click()
    assert answer.value.status == 201, answer.value.text()
    shown = page.get_by_role("alertdialog", name="Usuário convidado")
    password_box = shown.get_by_label(f"Senha de uso único de {new_email}")
    expect(password_box).to_be_visible()
    password = password_box.input_value()
    assert len(password) >= 12
    shown.get_by_role("button", name="Concluir").click()
    expect(shown).to_be_hidden()

    row = table.locator(f"tr[data-member='{new_email}']")
    expect(row.get_by_text("Nenhum")).to_be_visible()
    row.get_by_role("button", name=f"Clientes que {new_email} pode ver").click()
    drawer = page.get_by_role("dialog", name=f"Clientes de {new_email}")
    expect(drawer.get_by_text("Nenhum cliente concedido ainda.")).to_be_visible()
    select = drawer.get_by_label("Cliente a conceder")
    expect(select.locator("option[value='beta']")).to_be_attached(timeout=15_000)
    select.select_option("beta")
    with page.expect_response(
        lambda r: "/api/admin/employees/" in r.url and r.request.method == "POST"
    ) as granted:
        drawer.get_by_role("button", name="Conceder acesso").click()
    assert granted.value.status == 200, granted.value.text()
    expect(drawer.locator("tr[data-client='beta']")).to_be_visible()
    page.mouse.move(0, 0)  # off the button the mouse pressed (a hovered button is lighter)
    settle_animations(page)
    assert serious_violations(page) == []
    drawer.get_by_role("button", name="Fechar").click()
    expect(row.get_by_text("Beta Comércio S.A.")).to_be_visible()

    with django_db_blocker.unblock():
        from audit.models import AuditEntry
        from tests.support.http import ApiClient

        employee = ApiClient("public")
        login = employee.post_json("/api/auth/login", login_payload(new_email, password))
        assert login.status_code == 200, login.content
        assert [t["slug"] for t in employee.get("/api/tenants").json()] == ["beta"]
        assert AuditEntry.objects.filter(action="member.added", data__email=new_email).exists()
