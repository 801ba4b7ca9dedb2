"""POST /api/auth/login, GET /api/auth/me, GET /api/auth/logout through the HTTP API."""

from __future__ import annotations

import pytest
from django.test import override_settings

from accounts.roles import ROLES_BY_KIND
from audit.models import AuditEntry
from core.redis import redis_client
from ops.demo import DEMO_ROLE_TENANT, demo_email
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db

PERSONAS = [(role.value, DEMO_ROLE_TENANT[kind]) for kind, roles in ROLES_BY_KIND.items() for role in roles]


@pytest.fixture(autouse=True)
def _clean_throttles() -> None:
    from django.conf import settings

    client = redis_client()
    for key in client.scan_iter(f"{settings.REDIS_NAMESPACE}:*login-fail*"):
        client.delete(key)


@pytest.mark.parametrize(("role", "slug"), PERSONAS)
def test_every_demo_user_logs_in_on_its_host(role: str, slug: str) -> None:
    client = ApiClient(slug)
    response = client.login_as(role)
    body = response.json()
    assert body["role"] == role
    assert body["userRole"] == role
    assert body["email"] == demo_email(role)
    me = client.get("/api/auth/me")
    assert me.status_code == 200
    assert me.json()["role"] == role


def test_a_user_of_acme_cannot_log_in_on_beta() -> None:
    response = ApiClient("beta").post_json(
        "/api/auth/login", {"email": "client@demo.test", "password": "cofre-demo"}
    )
    assert response.status_code == 401
    assert response.json()["code"] == "invalid_credentials"


def test_a_session_of_acme_is_not_valid_on_beta() -> None:
    acme = ApiClient("acme")
    acme.login_as("client")
    beta = ApiClient("beta")
    beta.cookies = acme.cookies  # even if the cookie were sent to another host
    assert beta.get("/api/auth/me").status_code == 401


def test_wrong_password_is_refused_with_a_translated_message() -> None:
    en = ApiClient("acme", language="en").post_json(
        "/api/auth/login", {"email": "client@demo.test", "password": "nope"}
    )
    pt = ApiClient("acme", language="pt-BR").post_json(
        "/api/auth/login", {"email": "client@demo.test", "password": "nope"}
    )
    assert en.status_code == pt.status_code == 401
    assert en.json() == {"code": "invalid_credentials", "message": "Invalid e-mail or password."}
    assert pt.json() == {"code": "invalid_credentials", "message": "E-mail ou senha inválidos."}


def test_unknown_email_and_bad_input_never_give_a_500() -> None:
    client = ApiClient("acme")
    assert client.post_json("/api/auth/login", {"email": "nobody@x.test", "password": "x"}).status_code == 401
    bad = client.post("/api/auth/login", data="not json", content_type="application/json")
    assert bad.status_code == 400
    assert bad.json()["code"] == "malformed_request"  # a body that is not what its Content-Type says
    missing = client.post_json("/api/auth/login", {"email": "a@b.c"})
    assert missing.status_code == 400
    assert "password" in missing.json()["fields"]


def test_anonymous_me_is_401_with_a_code() -> None:
    response = ApiClient("acme").get("/api/auth/me")
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"


def test_logout_ends_the_server_side_session() -> None:
    client = ApiClient("orbita")
    client.login_as("partner_admin")
    session_cookie = client.cookies["sessionid"].value
    assert client.get("/api/auth/logout").json() == {"ok": True}
    assert client.get("/api/auth/me").status_code == 401
    replay = ApiClient("orbita")
    replay.cookies["sessionid"] = session_cookie
    assert replay.get("/api/auth/me").status_code == 401


def test_login_rotates_the_session_key() -> None:
    client = ApiClient("acme")
    client.get("/api/auth/csrf")
    client.cookies["sessionid"] = "attacker-chosen-session-id"
    client.login_as("client")
    assert client.cookies["sessionid"].value != "attacker-chosen-session-id"


def test_login_requires_the_csrf_token() -> None:
    client = ApiClient("acme", enforce_csrf_checks=True)
    payload = {"email": "client@demo.test", "password": "cofre-demo"}
    refused = client.post_json("/api/auth/login", payload)
    assert refused.status_code == 403
    assert refused.json()["code"] == "csrf_failed"
    token = client.get("/api/auth/csrf").json()["csrfToken"]
    accepted = client.post_json("/api/auth/login", payload, HTTP_X_CSRFTOKEN=token)
    assert accepted.status_code == 200


def test_unsafe_calls_with_a_session_require_the_csrf_token() -> None:
    client = ApiClient("acme", enforce_csrf_checks=True)
    token = client.get("/api/auth/csrf").json()["csrfToken"]
    client.post_json(
        "/api/auth/login", {"email": "client@demo.test", "password": "cofre-demo"}, HTTP_X_CSRFTOKEN=token
    )
    refused = client.patch_json("/api/auth/profile", {"name": "Mallory"})
    assert refused.status_code in (401, 403)
    fresh = client.cookies["csrftoken"].value
    accepted = client.patch_json("/api/auth/profile", {"name": "Alice"}, HTTP_X_CSRFTOKEN=fresh)
    assert accepted.status_code == 200
    assert accepted.json()["userName"] == "Alice"


@override_settings(LOGIN_MAX_FAILURES_PER_ACCOUNT=3)
def test_repeated_failures_lock_the_account_even_with_the_right_password() -> None:
    client = ApiClient("acme")
    for _ in range(3):
        assert (
            client.post_json("/api/auth/login", {"email": "client@demo.test", "password": "x"}).status_code
            == 401
        )
    locked = client.post_json("/api/auth/login", {"email": "client@demo.test", "password": "cofre-demo"})
    assert locked.status_code == 429
    assert locked.json()["code"] == "too_many_attempts"
    assert "15 minutes" in locked.json()["message"]
    # another account from another address is unaffected
    other = ApiClient("acme", REMOTE_ADDR="10.9.9.9")
    assert (
        other.post_json(
            "/api/auth/login", {"email": "client_user@demo.test", "password": "cofre-demo"}
        ).status_code
        == 200
    )


@override_settings(LOGIN_MAX_FAILURES_PER_ADDRESS=4, LOGIN_MAX_FAILURES_PER_ACCOUNT=100)
def test_repeated_failures_from_one_address_lock_that_address() -> None:
    client = ApiClient("acme", REMOTE_ADDR="10.1.2.3")
    for n in range(4):
        client.post_json("/api/auth/login", {"email": f"spray{n}@x.test", "password": "x"})
    locked = client.post_json("/api/auth/login", {"email": "client@demo.test", "password": "cofre-demo"})
    assert locked.status_code == 429


def test_login_logout_and_failures_are_audited_in_the_tenant_trail() -> None:
    from django_tenants.utils import schema_context

    client = ApiClient("acme")
    client.post_json("/api/auth/login", {"email": "client@demo.test", "password": "x"})
    client.login_as("client")
    client.get("/api/auth/logout")
    with schema_context("acme"):
        actions = list(
            AuditEntry.objects.filter(actor_email="client@demo.test").values_list("action", flat=True)[:3]
        )
    assert actions == ["auth.logout", "auth.login", "auth.login_failed"]
    with schema_context("beta"):
        assert not AuditEntry.objects.filter(actor_email="client@demo.test").exists()


def test_suspended_tenant_refuses_logins_and_ends_sessions() -> None:
    from tenants.models import Tenant, TenantStatus
    from tenants.services import set_status

    client = ApiClient("beta")
    beta = Tenant.objects.get(slug="beta")
    from accounts.models import Membership, User

    user = User.objects.create_user("owner@beta.test", "a-long-password-1")
    Membership.objects.create(user=user, tenant=beta, role="client")
    assert (
        client.post_json(
            "/api/auth/login", {"email": "owner@beta.test", "password": "a-long-password-1"}
        ).status_code
        == 200
    )
    set_status(beta, TenantStatus.SUSPENDED)
    assert client.get("/api/auth/me").status_code == 401
    refused = ApiClient("beta").post_json(
        "/api/auth/login", {"email": "owner@beta.test", "password": "a-long-password-1"}
    )
    assert refused.status_code == 403
    assert refused.json()["code"] == "tenant_suspended"
