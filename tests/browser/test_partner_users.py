"""partner/users in Chromium against the real stack: the partner's administrator invites a partner user
with one of the partner's roles, sees the one-time password once, and that user signs in on the
partner's host and sees the partner's clients."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from ops.demo import demo_email
from tests.browser.helpers import login_ui, role_url, settle_animations, wait_for_shell, wait_until_quiet
from tests.browser.test_accessibility import serious_violations
from tests.support.second_factor import enrol_second_factor, forget_second_factor, login_payload

if TYPE_CHECKING:
    from playwright.sync_api import Page

USERS = "/plataforma/partner/users"


@pytest.fixture
def new_email(django_db_blocker: Any) -> Iterator[str]:
    """The e-mail of the user the test invites; the login is removed afterwards (grants resynced)."""
    from django_tenants.utils import schema_context

    from accounts import grants
    from accounts.models import User
    from tenants.models import Tenant

    email = f"analista.{uuid.uuid4().hex[:8]}@orbita.test"
    yield email
    from accounts.models import Membership

    with django_db_blocker.unblock(), schema_context("public"):
        # its grants live in orbita's schema, out of reach of the delete's cascade: taken back first
        Membership.objects.filter(user__email=email).update(is_active=False)
        grants.sync_partner_grants(Tenant.objects.get(slug="orbita"))
        User.objects.filter(email=email).delete()


@pytest.fixture
def partner_admin_enrolled() -> Iterator[None]:
    """Inviting a user gives a role, which takes a fresh second factor: the demo's partner_admin
    (password only) gets the documented authenticator for this test (the login form then sends its
    code, which makes the session fresh), removed afterwards."""
    enrol_second_factor(demo_email("partner_admin"))
    yield
    forget_second_factor(demo_email("partner_admin"))


@pytest.mark.usefixtures("partner_admin_enrolled")
def test_partner_admin_invites_a_partner_user(
    page: Page, web: str, new_email: str, django_db_blocker: Any
) -> None:
    login_ui(page, web, "partner_admin")
    page.goto(role_url(web, "partner_admin", USERS))
    wait_for_shell(page)
    table = page.get_by_role("table", name="Usuários")
    expect(table.locator("tr[data-member='partner@demo.test']")).to_be_visible(timeout=15_000)
    expect(table.locator("tr[data-member='client@demo.test']")).to_have_count(0)
    # the owner's row has no buttons for an administrator
    expect(table.locator("tr[data-member='partner@demo.test']").get_by_role("button")).to_have_count(0)
    wait_until_quiet(page)
    assert serious_violations(page) == []

    page.get_by_role("button", name="Convidar usuário").click()
    dialog = page.get_by_role("dialog", name="Convidar um usuário")
    dialog.get_by_label("E-mail").fill(new_email)
    role = dialog.get_by_label("Perfil")
    expect(role.locator("option[value='partner']")).to_have_count(0)  # only an owner makes an owner
    role.select_option("partner_support")
    with page.expect_response(
        lambda r: r.url.endswith("/api/members") and r.request.method == "POST"
    ) as answer:
        dialog.get_by_role("button", name="Convidar").click()
    assert answer.value.status == 201, answer.value.text()
    shown = page.get_by_role("alertdialog", name="Usuário convidado")
    password_box = shown.get_by_label(f"Senha de uso único de {new_email}")
    expect(password_box).to_be_visible()
    password = password_box.input_value()
    page.mouse.move(0, 0)  # off the button the mouse pressed (a hovered button is lighter)
    settle_animations(page)
    assert serious_violations(page) == []
    shown.get_by_role("button", name="Concluir").click()
    row = table.locator(f"tr[data-member='{new_email}']")
    expect(row.get_by_text("Suporte")).to_be_visible()

    with django_db_blocker.unblock():
        from tests.support.http import ApiClient

        newcomer = ApiClient("orbita")
        login = newcomer.post_json("/api/auth/login", login_payload(new_email, password))
        assert login.status_code == 200, login.content
        assert {"acme", "beta"} <= {t["slug"] for t in newcomer.get("/api/tenants").json()}
