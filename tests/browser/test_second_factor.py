"""The second factor in Chromium: a staff login with a TOTP code (a wrong one first), a new staff user
sent to enrolment after the password (an authenticator app, or a passkey then used at the next login),
a step-up dialog before approving a payout, which the screen then approves without being asked again,
and a client owner with no second factor who enrols a passkey in that dialog to change a role.
Passkeys are played by Chromium's virtual authenticator (helpers.virtual_authenticator)."""

from __future__ import annotations

import re
import time
import uuid
from typing import TYPE_CHECKING, Any

import pyotp
from playwright.sync_api import expect

from ops.demo import DEMO_PASSWORD, demo_email
from tests.browser.helpers import (
    LOGIN_PATH,
    fill_code_step,
    role_url,
    virtual_authenticator,
    wait_for_shell,
    wait_until_quiet,
)
from tests.browser.money_out import fund, member, payout
from tests.support.second_factor import totp_code

if TYPE_CHECKING:
    from playwright.sync_api import Page

COMPLIANCE = "/plataforma/admin/compliance"


def password_step(page: Page, email: str) -> None:
    page.get_by_label(re.compile("e-mail", re.I)).fill(email)
    page.get_by_label(re.compile("senha", re.I)).fill(DEMO_PASSWORD)
    page.get_by_role("button", name=re.compile("^entrar$", re.I)).click()


def test_a_staff_login_asks_for_the_authenticator_code(page: Page, web: str) -> None:
    page.goto(role_url(web, "admin", LOGIN_PATH))
    password_step(page, demo_email("admin"))
    page.get_by_text("Verificação em duas etapas").wait_for(timeout=15_000)
    fill_code_step(page, "000000")
    page.get_by_role("alert").get_by_text("Código inválido").wait_for(timeout=15_000)
    assert LOGIN_PATH in page.url
    code = totp_code(demo_email("admin"))
    assert code is not None
    fill_code_step(page, code)
    page.wait_for_url(lambda url: LOGIN_PATH not in url, timeout=15_000)
    wait_for_shell(page)


def test_a_new_staff_user_enrols_an_authenticator_after_the_password(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    from accounts.models import Membership, User
    from tenants.models import Tenant

    email = f"novo-{uuid.uuid4().hex[:8]}@demo.test"
    with django_db_blocker.unblock():
        user = User.objects.create_user(email, DEMO_PASSWORD, name="Novo funcionário")
        Membership.objects.create(user=user, tenant=Tenant.objects.get(slug="platform"), role="employee")
    try:
        page.goto(role_url(web, "employee", LOGIN_PATH))
        password_step(page, email)
        page.get_by_text("Ative a verificação em duas etapas").wait_for(timeout=15_000)
        page.get_by_role("button", name="Configurar um aplicativo autenticador").click()
        expect(page.get_by_role("img", name="QR code para o seu aplicativo autenticador")).to_be_visible()
        secret = page.get_by_label("Chave (mostrada só agora)").input_value().replace(" ", "")
        page.get_by_label("Código de verificação").fill(pyotp.TOTP(secret).now())
        page.get_by_role("button", name="Ativar").click()
        codes = page.get_by_role("list", name="Códigos de recuperação").get_by_role("listitem")
        expect(codes).to_have_count(10, timeout=15_000)
        assert LOGIN_PATH in page.url  # still here until the codes are acknowledged
        page.get_by_role("button", name="Já guardei, continuar").click()
        page.wait_for_url(lambda url: LOGIN_PATH not in url, timeout=15_000)
        wait_for_shell(page)
    finally:
        with django_db_blocker.unblock():
            User.objects.filter(email=email).delete()


def test_approving_a_payout_asks_for_a_fresh_code_then_approves(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    from django.conf import settings
    from django_tenants.utils import schema_context

    from accounts import second_factor
    from core.sessions import SessionStore

    with django_db_blocker.unblock():
        fund("acme", 100_000)
        payout_id = payout(member("acme", "client"), 70_002, status="waiting")
        code = totp_code(demo_email("admin"))
    assert code is not None
    page.goto(role_url(web, "admin", LOGIN_PATH))
    password_step(page, demo_email("admin"))
    fill_code_step(page, code)
    page.wait_for_url(lambda url: LOGIN_PATH not in url, timeout=15_000)
    wait_for_shell(page)
    wait_until_quiet(page)  # no request of the landing screen still holds the session
    # The second factor of this session was verified long ago (more than STEP_UP_SECONDS).
    cookies = page.context.cookies()
    session_key = next(c["value"] for c in cookies if c["name"] == settings.SESSION_COOKIE_NAME)
    with django_db_blocker.unblock(), schema_context("public"):  # cache keys carry the schema
        session = SessionStore(session_key)
        session[second_factor.FRESH_KEY] = time.time() - settings.STEP_UP_SECONDS - 60
        session.save()

    page.goto(role_url(web, "admin", f"{COMPLIANCE}?sort=-created_at"))
    wait_for_shell(page)
    row = page.locator(f"tr[data-payout='{payout_id}']")
    expect(row).to_be_visible(timeout=15_000)
    row.get_by_role("button", name=f"Aprovar saque {payout_id}").click()
    confirm = page.get_by_role("alertdialog", name=f"Aprovar o saque {payout_id}?")
    with page.expect_response(lambda r: r.url.endswith(f"/api/payouts/{payout_id}/approve")) as refused:
        confirm.get_by_role("button", name="Aprovar e pagar").click()
    assert refused.value.status == 403
    step_up = page.get_by_role("dialog", name="Confirme que é você")
    expect(step_up).to_be_visible(timeout=15_000)
    with django_db_blocker.unblock():
        fresh = totp_code(demo_email("admin"))
    assert fresh is not None
    step_up.get_by_label("Código de verificação").fill(fresh)
    with page.expect_response(lambda r: r.url.endswith(f"/api/payouts/{payout_id}/approve")) as approved:
        step_up.get_by_role("button", name="Confirmar").click()
    assert approved.value.status == 200, approved.value.text()
    expect(step_up).to_be_hidden()
    expect(page.get_by_text(f"Saque {payout_id} aprovado").first).to_be_visible(timeout=15_000)
    with django_db_blocker.unblock():
        detail = member("acme", "client").get(f"/api/payouts/{payout_id}").json()
    assert detail["status"] in ("approved", "pending", "confirmed")  # approved, at the bank, paid


def test_a_passkey_registered_in_security_is_the_second_factor_at_the_next_login(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    """Chromium's virtual authenticator (CDP WebAuthn) plays the passkey; a new client of its own."""
    from tests.browser.conftest import tenant_url
    from tests.browser.money_out import new_client

    with django_db_blocker.unblock():
        slug, email, _ = new_client("passkey")
    virtual_authenticator(page)
    page.goto(tenant_url(web, slug, LOGIN_PATH))
    password_step(page, email)  # no second factor yet: the password is enough
    page.wait_for_url(lambda url: LOGIN_PATH not in url, timeout=15_000)
    page.goto(tenant_url(web, slug, "/plataforma/user/profile"))
    security = page.get_by_role("region", name="Segurança")
    security.get_by_label("Nome da chave de acesso").fill("Notebook")
    with page.expect_response(lambda r: r.url.endswith("/api/auth/security/passkeys")) as added:
        security.get_by_role("button", name="Adicionar uma chave de acesso").click()
    assert added.value.status == 201, added.value.text()
    expect(security.get_by_role("list", name="Códigos de recuperação").get_by_role("listitem")).to_have_count(
        10
    )
    expect(security.get_by_text("Notebook", exact=True)).to_be_visible()

    page.context.clear_cookies()
    page.goto(tenant_url(web, slug, LOGIN_PATH))
    password_step(page, email)
    page.get_by_role("button", name="Usar uma chave de acesso").click()
    page.wait_for_url(lambda url: LOGIN_PATH not in url, timeout=15_000)
    wait_for_shell(page)


def new_employee(django_db_blocker: Any) -> str:
    from accounts.models import Membership, User
    from tenants.models import Tenant

    email = f"novo-{uuid.uuid4().hex[:8]}@demo.test"
    with django_db_blocker.unblock():
        user = User.objects.create_user(email, DEMO_PASSWORD, name="Novo funcionário")
        Membership.objects.create(user=user, tenant=Tenant.objects.get(slug="platform"), role="employee")
    return email


def test_a_new_staff_user_enrols_a_passkey_after_the_password_then_signs_in_with_it(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    from accounts.models import Passkey, User

    email = new_employee(django_db_blocker)
    try:
        virtual_authenticator(page)
        page.goto(role_url(web, "employee", LOGIN_PATH))
        password_step(page, email)
        page.get_by_text("Ative a verificação em duas etapas").wait_for(timeout=15_000)
        expect(page.get_by_role("button", name="Configurar um aplicativo autenticador")).to_be_enabled()
        with page.expect_response(lambda r: r.url.endswith("/api/auth/security/passkeys")) as added:
            page.get_by_role("button", name="Criar uma chave de acesso").click()
        assert added.value.status == 201, added.value.text()
        codes = page.get_by_role("list", name="Códigos de recuperação").get_by_role("listitem")
        expect(codes).to_have_count(10, timeout=15_000)
        assert LOGIN_PATH in page.url  # still here until the codes are acknowledged
        page.get_by_role("button", name="Já guardei, continuar").click()
        page.wait_for_url(lambda url: LOGIN_PATH not in url, timeout=15_000)
        wait_for_shell(page)
        with django_db_blocker.unblock():
            assert list(Passkey.objects.filter(user__email=email).values_list("name", flat=True)) == [
                "Chave de acesso"
            ]

        page.context.clear_cookies()
        page.goto(role_url(web, "employee", LOGIN_PATH))
        password_step(page, email)
        page.get_by_text("Verificação em duas etapas").wait_for(timeout=15_000)
        page.get_by_role("button", name="Usar uma chave de acesso").click()
        page.wait_for_url(lambda url: LOGIN_PATH not in url, timeout=15_000)
        wait_for_shell(page)
    finally:
        with django_db_blocker.unblock():
            User.objects.filter(email=email).delete()


def test_a_client_owner_without_a_second_factor_enrols_a_passkey_to_change_a_role(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    """The demo's owners log in with the password alone; a role change then asks them to enrol a second
    factor in the step-up dialog, and the change goes on once it is enrolled."""
    from django_tenants.utils import schema_context

    from accounts.models import Membership, User
    from audit.models import AuditEntry
    from tenants.models import Tenant
    from tests.browser.conftest import tenant_url
    from tests.browser.money_out import new_client

    with django_db_blocker.unblock():
        slug, email, _ = new_client("stepup")
        analyst = User.objects.create_user(f"analista@{slug}.test", DEMO_PASSWORD, name="Analista")
        member = Membership.objects.create(
            user=analyst, tenant=Tenant.objects.get(slug=slug), role="client_user_analyst"
        )
    virtual_authenticator(page)
    page.goto(tenant_url(web, slug, LOGIN_PATH))
    password_step(page, email)  # no second factor: the password is enough to sign in
    page.wait_for_url(lambda url: LOGIN_PATH not in url, timeout=15_000)
    page.goto(tenant_url(web, slug, "/plataforma/clients/client-user"))
    wait_for_shell(page)
    page.get_by_role("button", name=f"Mudar perfil de {analyst.email}").click()
    confirm = page.get_by_role("alertdialog", name=f"Mudar o perfil de {analyst.email}?")
    confirm.get_by_role("combobox", name="Perfil").select_option("client_user_financial")
    with page.expect_response(lambda r: r.url.endswith(f"/api/members/{member.pk}")) as refused:
        confirm.get_by_role("button", name="Mudar perfil").click()
    assert refused.value.status == 403
    assert refused.value.json()["code"] == "second_factor_enrolment_required"

    enrol = page.get_by_role("dialog", name="Ative a verificação em duas etapas")
    expect(enrol.get_by_text("Esta alteração exige a verificação em duas etapas.")).to_be_visible(
        timeout=15_000
    )
    with page.expect_response(lambda r: r.url.endswith("/api/auth/security/passkeys")) as added:
        enrol.get_by_role("button", name="Criar uma chave de acesso").click()
    assert added.value.status == 201, added.value.text()
    expect(enrol.get_by_role("list", name="Códigos de recuperação").get_by_role("listitem")).to_have_count(10)
    with page.expect_response(lambda r: r.url.endswith(f"/api/members/{member.pk}")) as changed:
        enrol.get_by_role("button", name="Já guardei, continuar").click()
    assert changed.value.status == 200, changed.value.text()
    expect(enrol).to_be_hidden()
    with django_db_blocker.unblock():
        assert Membership.objects.get(user=analyst).role == "client_user_financial"
        with schema_context(slug):
            trail = list(
                AuditEntry.objects.filter(actor_email=email, action__startswith="auth.")
                .order_by("pk")
                .values_list("action", flat=True)
            )
    assert "auth.step_up_enrolment_required" in trail
    assert trail.index("auth.step_up_enrolment_required") < trail.index("auth.second_factor_enrolled")


def test_security_sets_up_an_authenticator_in_one_click_on_a_phone_with_a_cancel(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    """At 390 px: one click shows the QR code and the key, the key wraps inside the screen, Cancel leaves
    nothing enabled; started again, the key read from the field enables the app."""
    from tests.browser.conftest import tenant_url
    from tests.browser.money_out import login_as_email, new_client

    with django_db_blocker.unblock():
        slug, email, _ = new_client("totp390")
    page.set_viewport_size({"width": 390, "height": 844})
    login_as_email(page, web, slug, email)
    page.goto(tenant_url(web, slug, "/plataforma/user/profile"))
    security = page.get_by_role("region", name="Segurança")
    start = security.get_by_role("button", name="Configurar um aplicativo autenticador")
    start.click()
    expect(security.get_by_role("img", name="QR code para o seu aplicativo autenticador")).to_be_visible()
    expect(start).to_have_count(0)  # one click: no second button of the same name
    key = security.get_by_label("Chave (mostrada só agora)")
    box = key.bounding_box()
    assert box is not None
    assert box["x"] >= 0, box
    assert box["x"] + box["width"] <= 390, box
    assert key.evaluate("el => el.scrollWidth <= el.clientWidth"), "the key is cut off"
    security.get_by_role("button", name="Cancelar").click()
    expect(key).to_have_count(0)
    expect(security.get_by_text("Aplicativo autenticador: não configurado")).to_be_visible()

    start.click()
    secret = key.input_value().replace(" ", "")
    security.get_by_label("Código de verificação").fill(pyotp.TOTP(secret).now())
    security.get_by_role("button", name="Ativar").click()
    expect(security.get_by_role("list", name="Códigos de recuperação").get_by_role("listitem")).to_have_count(
        10, timeout=15_000
    )
