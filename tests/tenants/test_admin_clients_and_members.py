"""The admin's client list (search, filters, keyset pages), suspension with a reason, and the client's
users screen API (/api/members): invite with a one-time password, last login, the last owner kept."""

from __future__ import annotations

import pytest

from accounts.models import Membership
from audit.models import AuditEntry
from core.messages import MESSAGES
from ops.demo import BETA_OWNER, DEMO_PASSWORD, demo_email
from tenants.models import Tenant
from tests.support.http import ApiClient
from tests.support.second_factor import enrol_second_factor, login_payload

pytestmark = pytest.mark.django_db


def client_for(slug: str, role: str, language: str = "en") -> ApiClient:
    client = ApiClient(slug, language=language)
    client.login_as(role)
    return client


def member_manager(slug: str, role: str, language: str = "en") -> ApiClient:
    """A session that may add members: adding one gives a role, which takes a fresh second factor (the
    user enrols one; logging in with its code makes the session fresh)."""
    enrol_second_factor(demo_email(role))
    return client_for(slug, role, language)


def test_admin_lists_clients_with_partner_search_filters_and_keyset_pages() -> None:
    admin = client_for("public", "admin")
    response = admin.get("/api/admin/tenants", {"per_page": 10})
    assert response.status_code == 200, response.content
    slugs = [t["slug"] for t in response.json()["items"]]
    assert {"acme", "beta", "orbita"} <= set(slugs)
    assert "public" not in slugs
    by_slug = {t["slug"]: t for t in response.json()["items"]}
    assert by_slug["acme"]["partner"] == "orbita"  # the demo partner's client
    assert by_slug["acme"]["status"] == "active"

    found = admin.get("/api/admin/tenants", {"q": "BET"}).json()["items"]
    assert [t["slug"] for t in found] == ["beta"]
    partners = admin.get("/api/admin/tenants", {"kind": "partner"}).json()["items"]
    assert {t["kind"] for t in partners} == {"partner"}
    assert admin.get("/api/admin/tenants", {"status": "suspended", "q": "acme"}).json()["items"] == []

    by_slug_page: dict[str, str | int] = {"sort": "slug", "per_page": 10}
    first = admin.get("/api/admin/tenants", by_slug_page).json()
    seen = [t["slug"] for t in first["items"]]
    cursor = first["next_cursor"]
    while cursor:
        params: dict[str, str | int] = {"sort": "slug", "per_page": 10, "cursor": str(cursor)}
        page = admin.get("/api/admin/tenants", params).json()
        seen += [t["slug"] for t in page["items"]]
        cursor = page["next_cursor"]
    assert seen == sorted(seen)
    assert len(seen) == len(set(seen))
    assert len(seen) == Tenant.objects.exclude(kind="platform").count()


@pytest.mark.parametrize("role", ["employee", "financial"])
def test_only_admins_list_clients(role: str) -> None:
    assert client_for("public", role).get("/api/admin/tenants").status_code == 403


def test_clients_of_a_tenant_cannot_reach_the_admin_list() -> None:
    response = client_for("acme", "client").get("/api/admin/tenants")
    assert response.status_code in (403, 404)


def test_bad_filters_are_a_translated_400() -> None:
    admin = client_for("public", "admin", language="pt-BR")
    response = admin.get("/api/admin/tenants", {"status": "gone"})
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "invalid_input"
    assert response.json()["message"] == MESSAGES["invalid_input"]["pt-BR"]
    assert admin.get("/api/admin/tenants", {"sort": "name"}).status_code == 400


def test_suspend_and_reactivate_keep_the_reason_in_the_audit_trail() -> None:
    admin = client_for("public", "admin")
    response = admin.post_json("/api/admin/tenants/beta/suspend", {"reason": "chargebacks under review"})
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "suspended"
    entry = AuditEntry.objects.filter(action="tenant.status_changed").order_by("-pk").first()
    assert entry is not None
    assert entry.data == {"from": "active", "to": "suspended", "reason": "chargebacks under review"}
    assert admin.post_json("/api/admin/tenants/beta/reactivate", {"reason": "cleared"}).json()["status"] == (
        "active"
    )
    too_long = admin.post_json("/api/admin/tenants/beta/suspend", {"reason": "x" * 501})
    assert too_long.status_code == 400
    assert Tenant.objects.get(slug="beta").status == "active"


def test_a_client_user_admin_invites_a_user_who_gets_a_one_time_password() -> None:
    manager = member_manager("acme", "client_user_admin")
    response = manager.post_json(
        "/api/members", {"email": "New.Analyst@acme.test", "role": "client_user_analyst"}
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["email"] == "new.analyst@acme.test"
    assert body["role"] == "client_user_analyst"
    assert body["last_login"] is None
    password = body["initial_password"]
    assert password
    assert len(password) >= 12
    newcomer = ApiClient("acme")
    login = newcomer.post_json("/api/auth/login", login_payload("new.analyst@acme.test", password))
    assert login.status_code == 200, login.content
    listed = {m["email"]: m for m in manager.get("/api/members").json()}
    assert listed["new.analyst@acme.test"]["last_login"] is not None
    assert "initial_password" not in listed["new.analyst@acme.test"]
    assert AuditEntry.objects.filter(action="member.added").exists()


def test_a_client_admin_cannot_see_or_change_another_tenants_users() -> None:
    manager = client_for("acme", "client_user_admin")
    emails = {m["email"] for m in manager.get("/api/members").json()}
    assert BETA_OWNER not in emails
    beta_owner = Membership.objects.get(user__email=BETA_OWNER, tenant__slug="beta")
    response = manager.patch_json(f"/api/members/{beta_owner.pk}", {"is_active": False})
    assert response.status_code == 404
    beta_owner.refresh_from_db()
    assert beta_owner.is_active


def test_the_last_owner_cannot_be_demoted_or_deactivated() -> None:
    owner = Membership.objects.get(user__email=BETA_OWNER, tenant__slug="beta")
    # A second owner of beta, who tries to demote the first; then the first is the only owner left.
    other = ApiClient("beta", language="pt-BR")
    enrol_second_factor(BETA_OWNER)  # adding a member (with a role) takes a fresh second factor
    assert other.post_json("/api/auth/login", login_payload(BETA_OWNER, DEMO_PASSWORD)).status_code == 200
    added = other.post_json("/api/members", {"email": "second@beta.test", "role": "client"}).json()
    second = ApiClient("beta", language="pt-BR")
    enrol_second_factor("second@beta.test")  # a role change takes a (fresh) second factor
    assert (
        second.post_json(
            "/api/auth/login", login_payload("second@beta.test", added["initial_password"])
        ).status_code
        == 200
    )
    # The second owner deactivates the first (allowed: one owner remains) ...
    assert second.patch_json(f"/api/members/{owner.pk}", {"is_active": False}).status_code == 200
    # ... and then cannot demote itself: it is now the last active owner (translated 409).
    me = Membership.objects.get(user__email="second@beta.test", tenant__slug="beta")
    response = second.patch_json(f"/api/members/{me.pk}", {"role": "client_user"})
    assert response.status_code == 409, response.content
    assert response.json()["code"] == "last_owner"
    assert response.json()["message"] == MESSAGES["last_owner"]["pt-BR"]
    me.refresh_from_db()
    assert me.role == "client"


@pytest.mark.parametrize("role", ["client_user", "client_user_analyst", "client_user_financial"])
def test_other_client_roles_cannot_manage_users(role: str) -> None:
    user = client_for("acme", role)
    assert user.get("/api/members").status_code == 403
    assert user.post_json("/api/members", {"email": "x@acme.test", "role": "client_user"}).status_code == 403


def test_bad_member_input_is_a_translated_400() -> None:
    manager = member_manager("acme", "client_user_admin", language="pt-BR")
    response = manager.post_json("/api/members", {"email": "nobody", "role": "client_user"})
    assert response.status_code == 400, response.content
    assert response.json()["message"] == MESSAGES["invalid_input"]["pt-BR"]
    bad_role = manager.post_json("/api/members", {"email": "y@acme.test", "role": "admin"})
    assert bad_role.status_code == 400
    assert bad_role.json()["fields"] == {"role": "not a role of this tenant"}


def test_suspension_ends_open_sessions_and_keeps_the_data() -> None:
    owner = ApiClient("beta")
    login = owner.post_json("/api/auth/login", login_payload(BETA_OWNER, DEMO_PASSWORD))
    assert login.status_code == 200
    assert owner.get("/api/members").status_code == 200
    admin = client_for("public", "admin")
    assert admin.post_json("/api/admin/tenants/beta/suspend", {"reason": "test"}).status_code == 200
    assert owner.get("/api/members").status_code in (401, 403)  # the open session no longer works
    assert Membership.objects.filter(tenant__slug="beta").exists()  # data kept
    assert admin.post_json("/api/admin/tenants/beta/reactivate", {"reason": "test"}).status_code == 200
    assert owner.get("/api/members").status_code == 401  # the session ended for good: a new login
    assert owner.post_json("/api/auth/login", login_payload(BETA_OWNER, DEMO_PASSWORD)).status_code == 200
    assert owner.get("/api/members").status_code == 200
