"""Merchant API keys end to end: created through a session, used with no cookie and no CSRF token.

A key acts for the member who created it, with that member's role at the time of each call, on its
own tenant's host only; it is refused (401) once revoked or expired, when its secret is wrong, and
when its member may no longer act (the same rule as a session's). The management endpoints, like
the other session-only ones, refuse keys.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from accounts import identity_cache
from accounts.models import Membership
from audit.models import AuditEntry
from credentials.models import ApiKey
from tenants.models import TenantStatus
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db

KEYS = "/api/credentials/keys"
TOKEN = re.compile(r"^cofre_([0-9a-f]{12})_([0-9a-f]{64})$")
DEPOSIT = {
    "method": "pix",
    "amount": 1_000,
    "currency": "BRL",
    "payer": {"name": "Ana Souza", "document": "52998224725"},
}


@pytest.fixture(autouse=True)
def _forget_cached_identities() -> Iterator[None]:
    """Tests here change memberships, users and tenants inside a transaction that is rolled back: no
    commit tells the per-process identity cache (accounts.identity_cache) so, hence this."""
    yield
    identity_cache.changed()


def session(role: str = "client", slug: str = "acme") -> ApiClient:
    client = ApiClient(slug)
    client.login_as(role)
    return client


def new_key(role: str = "client", **body: Any) -> dict[str, Any]:
    response = session(role).post_json(KEYS, {"name": "ERP", **body})
    assert response.status_code == 201, response.content
    created: dict[str, Any] = response.json()
    return created


def keyed(slug: str = "acme", language: str = "en") -> ApiClient:
    """A client with no cookies that enforces CSRF like a browser would: only the key can get it in."""
    return ApiClient(slug, language=language, enforce_csrf_checks=True)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def stored(key_id: str, slug: str = "acme") -> ApiKey:
    with schema_context(slug):
        return ApiKey.objects.get(prefix=key_id)


def member(role: str, slug: str = "acme") -> Membership:
    return Membership.objects.select_related("user", "tenant").get(
        tenant__slug=slug, user__email=f"{role}@demo.test"
    )


def trail(action: str, slug: str = "acme") -> list[AuditEntry]:
    with schema_context(slug):
        return list(AuditEntry.objects.filter(action=action))


# ------------------------------------------------------------------------------------ management
def test_the_token_is_shown_once_and_only_its_hash_is_stored() -> None:
    client = session()
    response = client.post_json(KEYS, {"name": "  ERP integration  "})
    assert response.status_code == 201, response.content
    assert response["Cache-Control"] == "no-store"
    body = response.json()
    match = TOKEN.match(body["token"])
    assert match, body["token"]
    prefix, secret = match.groups()
    assert body["id"] == prefix
    assert body["prefix"] == f"cofre_{prefix}"
    assert body["name"] == "ERP integration"
    assert body["status"] == "active"
    assert body["created_by"] == "client@demo.test"
    assert body["last_used_at"] is None
    assert body["expires_at"] is None

    key = stored(prefix)
    assert key.secret_hash == hashlib.sha256(secret.encode()).hexdigest()
    columns = [str(getattr(key, field.attname)) for field in ApiKey._meta.concrete_fields]
    assert not any(secret in value for value in columns)

    listed = client.get(KEYS)
    assert listed.status_code == 200
    assert listed.json()[0]["id"] == prefix
    assert secret not in listed.content.decode()
    assert key.secret_hash not in listed.content.decode()
    assert "token" not in listed.json()[0]

    [created] = trail("api_key.created")
    assert created.actor_email == "client@demo.test"
    assert created.data["prefix"] == f"cofre_{prefix}"
    assert secret not in str(created.data)


def test_the_name_is_required_and_an_expiry_must_be_in_the_future() -> None:
    client = session()
    blank = client.post_json(KEYS, {"name": "   "})
    assert blank.status_code == 400
    assert blank.json()["fields"] == {"name": "required"}
    past = client.post_json(KEYS, {"name": "ERP", "expires_at": "2020-01-01T00:00:00Z"})
    assert past.status_code == 400
    assert past.json()["code"] == "api_key_expiry_past"
    assert past.json()["message"] == "The expiry date must be in the future."
    soon = (timezone.now() + timedelta(days=30)).isoformat()
    ok = client.post_json(KEYS, {"name": "ERP", "expires_at": soon})
    assert ok.status_code == 201
    assert ok.json()["expires_at"] is not None


def test_revoking_is_audited_once_and_unknown_ids_answer_404() -> None:
    created = new_key()
    client = session("client_user_admin")  # another manager of the same tenant may revoke it
    first = client.post(f"{KEYS}/{created['id']}/revoke")
    assert first.status_code == 200, first.content
    assert first.json()["status"] == "revoked"
    assert first.json()["revoked_at"] is not None
    again = client.post(f"{KEYS}/{created['id']}/revoke")
    assert again.status_code == 200
    assert again.json()["revoked_at"] == first.json()["revoked_at"]
    [revoked] = trail("api_key.revoked")
    assert revoked.actor_email == "client_user_admin@demo.test"
    assert client.post(f"{KEYS}/000000000000/revoke").status_code == 404


def test_read_only_and_other_roles_cannot_manage_keys() -> None:
    analyst = session("client_user_analyst")
    assert analyst.get(KEYS).status_code == 403
    assert analyst.post_json(KEYS, {"name": "ERP"}).status_code == 403
    assert session("client_user").get(KEYS).status_code == 403


# ------------------------------------------------------------------------------------------ use
def test_a_key_creates_and_lists_deposits_with_no_cookie_and_no_csrf() -> None:
    token = new_key()["token"]
    client = keyed()
    created = client.post_json("/api/deposits", DEPOSIT, headers=bearer(token))
    assert created.status_code == 201, created.content
    assert not {"sessionid", "csrftoken"} & set(created.cookies)  # no session, no CSRF cookie
    listed = client.get("/api/deposits", headers={"X-Api-Key": token})
    assert listed.status_code == 200
    assert created.json()["id"] in [row["id"] for row in listed.json()["items"]]
    # the same call without the key is refused by the CSRF check of the session auth
    assert client.post_json("/api/deposits", DEPOSIT).status_code == 403


def test_use_is_stamped_at_most_once_a_minute_and_audited_at_most_once_an_hour() -> None:
    created = new_key()
    client = keyed()
    for _ in range(3):
        assert client.get("/api/balance", headers=bearer(created["token"])).status_code == 200
    first = stored(created["id"]).last_used_at
    assert first is not None
    assert len(trail("api_key.used")) == 1

    with schema_context("acme"):  # two minutes later: stamped again, not audited again
        ApiKey.objects.filter(prefix=created["id"]).update(last_used_at=first - timedelta(minutes=2))
    assert client.get("/api/balance", headers=bearer(created["token"])).status_code == 200
    assert stored(created["id"]).last_used_at > first - timedelta(minutes=2)  # type: ignore[operator]
    assert len(trail("api_key.used")) == 1

    with schema_context("acme"):  # two hours later: audited again
        ApiKey.objects.filter(prefix=created["id"]).update(last_used_at=first - timedelta(hours=2))
    assert client.get("/api/balance", headers=bearer(created["token"])).status_code == 200
    assert len(trail("api_key.used")) == 2


# -------------------------------------------------------------------------------------- refusals
def refused(token: str, slug: str = "acme", language: str = "en") -> dict[str, Any]:
    response = keyed(slug, language).get("/api/deposits", headers=bearer(token))
    assert response.status_code == 401, response.content
    body: dict[str, Any] = response.json()
    return body


def test_a_revoked_key_is_refused_with_the_translated_401_body() -> None:
    created = new_key()
    assert keyed().get("/api/deposits", headers=bearer(created["token"])).status_code == 200
    session().post(f"{KEYS}/{created['id']}/revoke")
    assert refused(created["token"]) == {
        "code": "invalid_api_key",
        "message": "Invalid, expired or revoked API key.",
    }
    assert refused(created["token"], language="pt-BR")["message"] == (
        "Chave de API inválida, expirada ou revogada."
    )


def test_an_expired_key_is_refused() -> None:
    created = new_key(expires_at=(timezone.now() + timedelta(days=1)).isoformat())
    assert keyed().get("/api/deposits", headers=bearer(created["token"])).status_code == 200
    with schema_context("acme"):
        ApiKey.objects.filter(prefix=created["id"]).update(expires_at=timezone.now() - timedelta(seconds=1))
    assert refused(created["token"])["code"] == "invalid_api_key"
    assert session().get(KEYS).json()[0]["status"] == "expired"


@pytest.mark.parametrize(
    "mangle",
    [
        lambda t: t[:-1] + ("0" if t[-1] != "0" else "1"),  # wrong secret
        lambda t: t.replace("cofre_", "other_"),
        lambda t: t.rsplit("_", 1)[0],  # no secret
        lambda t: "cofre_000000000000_" + t.rsplit("_", 1)[1],  # unknown prefix
        lambda t: "",
    ],
    ids=["wrong-secret", "wrong-scheme", "no-secret", "unknown-prefix", "empty"],
)
def test_a_wrong_token_is_refused(mangle: Any) -> None:
    token = new_key()["token"]
    assert refused(mangle(token))["code"] == "invalid_api_key"


def test_a_key_of_acme_is_unknown_on_betas_host() -> None:
    created = new_key()
    assert refused(created["token"], slug="beta")["code"] == "invalid_api_key"
    with schema_context("beta"):  # the lookup only ever sees the host's schema
        assert not ApiKey.objects.filter(prefix=created["id"]).exists()
    with schema_context("acme"):
        assert ApiKey.objects.filter(prefix=created["id"]).exists()


def change(instance: Any, **fields: Any) -> None:
    """Save through the model (as the product does): signals keep every cached identity current."""
    for name, value in fields.items():
        setattr(instance, name, value)
    instance.save()


def test_a_key_acts_with_its_members_current_role() -> None:
    created = new_key("client_user_admin")
    creator = member("client_user_admin")
    client = keyed()
    assert client.post_json("/api/deposits", DEPOSIT, headers=bearer(created["token"])).status_code == 201
    change(creator, role="client_user_analyst")  # now read-only
    assert client.get("/api/deposits", headers=bearer(created["token"])).status_code == 200
    write = client.post_json("/api/deposits", DEPOSIT, headers=bearer(created["token"]))
    assert write.status_code == 403
    assert write.json()["code"] == "read_only_role"
    change(creator, role="customer")  # no longer sees deposits
    assert client.get("/api/deposits", headers=bearer(created["token"])).status_code == 403


def test_a_key_of_a_removed_member_is_refused_even_if_the_member_comes_back() -> None:
    created = new_key("client_user_admin")
    old = member("client_user_admin")
    change(old, is_active=False)
    assert refused(created["token"])["code"] == "invalid_api_key"
    old.delete()
    assert refused(created["token"])["code"] == "invalid_api_key"
    Membership.objects.create(user=old.user, tenant=old.tenant, role="client_user_admin")
    assert refused(created["token"])["code"] == "invalid_api_key"


# One rule for "who is this request": a session and a key are refused in the same states.
STATES = {
    "membership inactive": lambda m: change(m, is_active=False),
    "user inactive": lambda m: change(m.user, is_active=False),
    "tenant suspended": lambda m: change(m.tenant, status=TenantStatus.SUSPENDED),
}


@pytest.mark.parametrize("state", STATES, ids=str)
def test_a_session_and_a_key_are_refused_alike(state: str) -> None:
    token = new_key()["token"]
    browser = session()
    assert browser.get("/api/deposits").status_code == 200
    assert keyed().get("/api/deposits", headers=bearer(token)).status_code == 200
    STATES[state](member("client"))
    assert browser.get("/api/deposits").status_code == 401
    assert refused(token)["code"] == "invalid_api_key"


SESSION_ONLY_CALLS = [
    ("GET", KEYS),
    ("POST", KEYS),
    ("POST", f"{KEYS}/000000000000/revoke"),
    ("GET", "/api/auth/me"),
    ("PATCH", "/api/auth/profile"),
    ("POST", "/api/auth/password"),
    ("POST", "/api/auth/avatar"),
    ("POST", "/api/members"),
]


@pytest.mark.parametrize(("method", "path"), SESSION_ONLY_CALLS, ids=str)
def test_session_only_endpoints_refuse_a_valid_key(method: str, path: str) -> None:
    token = new_key()["token"]
    # No CSRF enforcement here: the refusal is the key's, not the CSRF check's (which, for a real
    # client, refuses these unsafe calls even earlier, with a 403).
    client = ApiClient("acme")
    response = client.generic(method, path, "{}", content_type="application/json", headers=bearer(token))
    assert response.status_code == 401, response.content
    assert response.json()["code"] == "not_authenticated"
    with schema_context("acme"):
        assert ApiKey.objects.count() == 1  # no key was minted with a key


def test_a_leaked_key_cannot_mint_a_key_even_with_a_session_cookie_of_nobody() -> None:
    token = new_key()["token"]
    client = keyed()
    client.cookies["sessionid"] = "not-a-session"
    response = client.post_json(KEYS, {"name": "mine now"}, headers=bearer(token))
    assert response.status_code in {401, 403}
    with schema_context("acme"):
        assert ApiKey.objects.count() == 1
