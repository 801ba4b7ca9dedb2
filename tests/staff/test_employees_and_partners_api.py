"""admin/employees, admin/partners and partner/users through the HTTP API: staff users and the clients
each employee may see, partners with their clients, users and commission rate, and a partner's own
users. Every change is audited; non-admins are refused; bad input is a 400 with field errors."""

from __future__ import annotations

import pytest
from django_tenants.utils import schema_context

from accounts.models import Membership, User
from audit.models import AuditEntry
from core.messages import MESSAGES
from ops.demo import DEMO_PASSWORD, demo_email
from tenants.models import PartnerClient, PartnerTerms, Tenant
from tests.support.http import ApiClient
from tests.support.second_factor import enrol_second_factor, login_payload

pytestmark = pytest.mark.django_db


def client_for(slug: str, role: str, language: str = "en") -> ApiClient:
    client = ApiClient(slug, language=language)
    client.login_as(role)
    return client


def member_manager(slug: str, role: str) -> ApiClient:
    """A session that may add members: adding one gives a role, which takes a fresh second factor
    (a client or partner owner enrols one; logging in with its code makes the session fresh)."""
    enrol_second_factor(demo_email(role))
    return client_for(slug, role)


def login(slug: str, email: str, password: str) -> ApiClient:
    client = ApiClient(slug)
    response = client.post_json("/api/auth/login", login_payload(email, password))
    assert response.status_code == 200, response.content
    return client


def audited(action: str, schema: str = "public") -> list[AuditEntry]:
    with schema_context(schema):
        return list(AuditEntry.objects.filter(action=action).order_by("pk"))


# ------------------------------------------------------------------------------ admin/employees


def test_admin_invites_an_employee_and_grants_and_revokes_a_client() -> None:
    admin = client_for("public", "admin")
    response = admin.post_json("/api/members", {"email": "New.Employee@cofre.test", "role": "employee"})
    assert response.status_code == 201, response.content
    added = response.json()
    assert added["role"] == "employee"
    assert added["initial_password"]
    assert audited("member.added")[-1].data == {"email": "new.employee@cofre.test", "role": "employee"}

    user_id = added["user_id"]
    granted = admin.post_json(f"/api/admin/employees/{user_id}/clients", {"client": "beta"})
    assert granted.status_code == 200, granted.content
    by_user = {row["user_id"]: row["clients"] for row in admin.get("/api/admin/employees/clients").json()}
    assert by_user[user_id] == [{"slug": "beta", "name": Tenant.objects.get(slug="beta").name}]
    demo_employee = User.objects.get(email="employee@demo.test")
    assert [c["slug"] for c in by_user[demo_employee.pk]] == ["acme"]  # the demo seed's grant
    assert audited("employee.assignment_changed")[-1].data == {"client": "beta", "assigned": True}

    # The employee sees exactly the granted client, from its first login (one-time password).
    employee = login("public", "new.employee@cofre.test", added["initial_password"])
    assert [t["slug"] for t in employee.get("/api/tenants").json()] == ["beta"]

    grant_url = f"/api/admin/employees/{user_id}/clients"
    revoked = admin.post_json(grant_url, {"client": "beta", "assigned": False})
    assert revoked.status_code == 200
    assert {row["user_id"]: row["clients"] for row in admin.get("/api/admin/employees/clients").json()}[
        user_id
    ] == []
    assert employee.get("/api/tenants").json() == []
    assert audited("employee.assignment_changed")[-1].data == {"client": "beta", "assigned": False}


def test_admin_changes_a_staff_role_and_deactivates_and_reactivates_with_audit() -> None:
    admin = client_for("public", "admin")
    financial = Membership.objects.get(user__email="financial@demo.test", tenant__kind="platform")
    changed = admin.patch_json(f"/api/members/{financial.pk}", {"role": "employee"})
    assert changed.status_code == 200, changed.content
    assert changed.json()["role"] == "employee"
    assert audited("member.changed")[-1].data == {"role": ["financial", "employee"]}
    assert admin.patch_json(f"/api/members/{financial.pk}", {"is_active": False}).json()["is_active"] is False
    assert audited("member.changed")[-1].data == {"is_active": [True, False]}
    refused = ApiClient("public").post_json(
        "/api/auth/login", login_payload("financial@demo.test", DEMO_PASSWORD)
    )
    assert refused.status_code != 200
    assert admin.patch_json(f"/api/members/{financial.pk}", {"is_active": True}).json()["is_active"] is True


def test_an_admin_cannot_deactivate_or_demote_themself_and_the_last_admin_is_kept() -> None:
    admin = client_for("public", "admin", language="pt-BR")
    me = Membership.objects.get(user__email="admin@demo.test", tenant__kind="platform")
    assert admin.patch_json(f"/api/members/{me.pk}", {"is_active": False}).json()["code"] == "last_owner"
    # A second admin: now the first one cannot change itself, and once the second deactivates the first,
    # the second is the last admin and cannot demote itself.
    added = admin.post_json("/api/members", {"email": "second.admin@cofre.test", "role": "admin"}).json()
    response = admin.patch_json(f"/api/members/{me.pk}", {"role": "employee"})
    assert response.status_code == 409
    assert response.json()["code"] == "cannot_change_self"
    second = login("public", "second.admin@cofre.test", added["initial_password"])
    assert second.patch_json(f"/api/members/{me.pk}", {"is_active": False}).status_code == 200
    last = second.patch_json(f"/api/members/{added['id']}", {"role": "employee"})
    assert last.status_code == 409
    assert last.json()["code"] == "last_owner"
    assert Membership.objects.get(pk=added["id"]).role == "admin"


@pytest.mark.parametrize(("role", "slug"), [("employee", "public"), ("financial", "public"),
                                            ("partner", "orbita"), ("client", "acme")])  # fmt: skip
def test_non_admins_cannot_reach_the_staff_screens(role: str, slug: str) -> None:
    user = client_for(slug, role)
    assert user.get("/api/admin/employees/clients").status_code in (403, 404)
    assert user.get("/api/admin/partners").status_code in (403, 404)
    assert user.patch_json("/api/admin/partners/orbita", {"commission_bp": 1}).status_code in (403, 404)
    assert user.generic("DELETE", "/api/admin/partners/orbita/clients/acme").status_code in (403, 404)
    assert PartnerClient.objects.filter(partner__slug="orbita", client__slug="acme").exists()


def test_bad_staff_input_is_a_400_with_field_errors() -> None:
    admin = client_for("public", "admin", language="pt-BR")
    bad_role = admin.post_json("/api/members", {"email": "x@cofre.test", "role": "client"})
    assert bad_role.status_code == 400
    assert bad_role.json()["fields"] == {"role": "not a role of this tenant"}
    assert bad_role.json()["message"] == MESSAGES["invalid_input"]["pt-BR"]
    bad_email = admin.post_json("/api/members", {"email": "nobody", "role": "employee"})
    assert bad_email.status_code == 400
    assert "email" in bad_email.json()["fields"]
    employee = User.objects.get(email="employee@demo.test")
    # a partner is no client to grant; an unknown client is not found
    not_client = admin.post_json(f"/api/admin/employees/{employee.pk}/clients", {"client": "orbita"})
    assert not_client.status_code == 404
    unknown = admin.post_json(f"/api/admin/employees/{employee.pk}/clients", {"client": "nope"})
    assert unknown.status_code == 404
    # a user who is no employee cannot be granted clients
    financial = User.objects.get(email="financial@demo.test")
    not_employee = admin.post_json(f"/api/admin/employees/{financial.pk}/clients", {"client": "acme"})
    assert not_employee.status_code == 404


# ------------------------------------------------------------------------------- admin/partners


def test_admin_lists_partners_with_their_clients_users_and_rate() -> None:
    admin = client_for("public", "admin")
    page = admin.get("/api/admin/partners").json()
    by_slug = {p["slug"]: p for p in page["items"]}
    assert set(by_slug) == set(Tenant.objects.filter(kind="partner").values_list("slug", flat=True))
    orbita = by_slug["orbita"]
    assert orbita["clients_count"] == PartnerClient.objects.filter(partner__slug="orbita").count() >= 2
    assert orbita["users_count"] == Membership.objects.filter(tenant__slug="orbita", is_active=True).count()
    assert orbita["commission_bp"] == 0
    assert admin.get("/api/admin/partners", {"q": "ÓRBITA"}).json()["items"][0]["slug"] == "orbita"
    assert admin.get("/api/admin/partners", {"q": "acme"}).json()["items"] == []

    detail = admin.get("/api/admin/partners/orbita").json()
    assert {"acme", "beta"} <= {c["slug"] for c in detail["clients"]}
    emails = {u["email"] for u in detail["users"]}
    assert "partner_admin@demo.test" in emails
    assert "client@demo.test" not in emails


@pytest.mark.parametrize("slug", ["acme", "public", "nope"])
def test_a_slug_that_is_no_partner_answers_404(slug: str) -> None:
    admin = client_for("public", "admin")
    assert admin.get(f"/api/admin/partners/{slug}").status_code == 404
    assert admin.patch_json(f"/api/admin/partners/{slug}", {"commission_bp": 10}).status_code == 404


def test_admin_unlinks_and_links_a_client_and_the_partner_loses_and_regains_it() -> None:
    admin = client_for("public", "admin")
    partner = client_for("orbita", "partner_admin")
    assert partner.get("/api/tenants/beta").status_code == 200
    response = admin.generic("DELETE", "/api/admin/partners/orbita/clients/beta")
    assert response.status_code == 204, response.content
    assert not PartnerClient.objects.filter(partner__slug="orbita", client__slug="beta").exists()
    assert partner.get("/api/tenants/beta").status_code == 404
    assert "beta" not in {c["slug"] for c in admin.get("/api/admin/partners/orbita").json()["clients"]}
    assert audited("partner.client_unlinked")[-1].data == {"client": "beta"}
    assert audited("partner.client_unlinked", "orbita")[-1].data == {"client": "beta"}
    # the grants went with the link
    with schema_context("orbita"):
        from guardian.models import UserObjectPermission

        beta = Tenant.objects.get(slug="beta")
        assert not UserObjectPermission.objects.filter(object_pk=str(beta.pk)).exists()
    # unlinking again: nothing to unlink
    assert admin.generic("DELETE", "/api/admin/partners/orbita/clients/beta").status_code == 404

    assert admin.post_json("/api/admin/partners/orbita/clients", {"client": "beta"}).status_code == 200
    assert partner.get("/api/tenants/beta").status_code == 200
    assert audited("partner.client_linked")[-1].data == {"client": "beta"}


def test_admin_sets_the_commission_rate_with_audit_and_bad_rates_are_refused() -> None:
    admin = client_for("public", "admin", language="pt-BR")
    response = admin.patch_json("/api/admin/partners/orbita", {"commission_bp": 1500})
    assert response.status_code == 200, response.content
    assert response.json()["commission_bp"] == 1500
    assert PartnerTerms.objects.get(partner__slug="orbita").commission_bp == 1500
    assert audited("partner.commission_changed")[-1].data == {"commission_bp": [0, 1500]}
    for bad in (-1, 10_001, 12.5, "15", True, None):
        refused = admin.patch_json("/api/admin/partners/orbita", {"commission_bp": bad})
        assert refused.status_code == 400, (bad, refused.content)
        assert "commission_bp" in refused.json()["fields"]
    assert PartnerTerms.objects.get(partner__slug="orbita").commission_bp == 1500
    assert len(audited("partner.commission_changed")) == 1


# --------------------------------------------------------------------------------- partner/users


def test_partner_admin_invites_a_partner_user_who_sees_the_partners_clients() -> None:
    manager = member_manager("orbita", "partner_admin")
    listed = manager.get("/api/members").json()
    assert {m["email"] for m in listed} == set(
        Membership.objects.filter(tenant__slug="orbita").values_list("user__email", flat=True)
    )
    response = manager.post_json("/api/members", {"email": "analyst@orbita.test", "role": "partner_analyst"})
    assert response.status_code == 201, response.content
    password = response.json()["initial_password"]
    assert password
    with schema_context("orbita"):
        assert AuditEntry.objects.filter(action="member.added", data__email="analyst@orbita.test").exists()
    analyst = login("orbita", "analyst@orbita.test", password)
    assert analyst.get("/api/tenants/acme").status_code == 200  # grants synced for the new user
    assert analyst.get("/api/members").status_code == 403  # an analyst does not manage users


def test_partner_roles_are_validated_and_owners_kept_to_owners() -> None:
    manager = member_manager("orbita", "partner_admin")
    for role in ("client_user", "employee", "admin"):
        bad = manager.post_json("/api/members", {"email": f"{role}@orbita.test", "role": role})
        assert bad.status_code == 400
        assert bad.json()["fields"] == {"role": "not a role of this tenant"}
    owner = manager.post_json("/api/members", {"email": "boss@orbita.test", "role": "partner_superadmin"})
    assert owner.status_code == 403
    acme_user = Membership.objects.filter(tenant__slug="acme").first()
    assert acme_user is not None
    assert manager.patch_json(f"/api/members/{acme_user.pk}", {"is_active": False}).status_code == 404


@pytest.mark.parametrize("role", ["partner_analyst", "partner_support", "partner_providers"])
def test_other_partner_roles_cannot_manage_users(role: str) -> None:
    user = client_for("orbita", role)
    assert user.get("/api/members").status_code == 403
    refused = user.post_json("/api/members", {"email": "x@orbita.test", "role": "partner_analyst"})
    assert refused.status_code == 403
