"""A partner's clients (/api/partner/clients, on the partner's host, issue 16): the partner (owner),
partner_admin and partner_superadmin onboard a client (the admin's provisioning, linked to the
partner, its owner logs in on its own host), list their clients with status, suspend and reactivate
one with a reason; the other partner roles are refused; another partner's client, and one unlinked
during the session, answer 404; every action lands in the platform's, the client's and the partner's
trails; bad input is a 400 with field errors and nothing is created."""

from __future__ import annotations

import pytest
from django_tenants.utils import schema_context, schema_exists

from accounts.models import Membership
from audit.models import AuditEntry
from backoffice import services
from core.messages import MESSAGES
from ops.demo import DEMO_PASSWORD
from tenants.models import PartnerClient, Tenant, TenantKind
from tests.support.http import ApiClient
from tests.support.second_factor import login_payload

pytestmark = pytest.mark.django_db

CLIENTS = "/api/partner/clients"
BETA_OWNER = "owner@beta.demo.test"


def logged(slug: str, role: str, language: str = "en") -> ApiClient:
    client = ApiClient(slug, language=language)
    client.login_as(role)
    return client


def actions(schema: str, action: str, target: Tenant) -> list[AuditEntry]:
    with schema_context(schema):
        return list(AuditEntry.objects.filter(action=action, target_id=str(target.pk)).order_by("pk"))


@pytest.fixture
def stranger() -> Tenant:
    """A client of another partner (no schema needed: it is only ever named)."""
    other = Tenant(slug="outrop", name="Outro Parceiro", kind=TenantKind.PARTNER, schema_name="outrop")
    other.auto_create_schema = False
    other.save()
    client = Tenant(slug="strangerc", name="Stranger Ltda", kind=TenantKind.CLIENT, schema_name="strangerc")
    client.auto_create_schema = False
    client.save()
    PartnerClient.objects.create(partner=other, client=client)
    return client


@pytest.mark.parametrize("role", ["partner", "partner_admin", "partner_superadmin"])
def test_a_partner_administrator_lists_its_clients_with_their_status(role: str, stranger: Tenant) -> None:
    answer = logged("orbita", role).get(CLIENTS)
    assert answer.status_code == 200, answer.content
    rows = {c["slug"]: c for c in answer.json()["items"]}
    linked = set(PartnerClient.objects.filter(partner__slug="orbita").values_list("client__slug", flat=True))
    assert set(rows) == linked
    assert {"acme", "beta"} <= set(rows)
    assert rows["acme"]["status"] == "active"
    assert rows["acme"]["host"] == "acme.localhost"
    assert stranger.slug not in rows


@pytest.mark.parametrize("role", ["partner_analyst", "partner_support", "partner_providers"])
def test_the_other_partner_roles_are_refused(role: str) -> None:
    api = logged("orbita", role)
    assert api.get(CLIENTS).status_code == 403
    created = api.post_json(CLIENTS, {"slug": "refused", "name": "R", "owner_email": "o@refused.test"})
    assert created.status_code == 403
    assert api.post_json(f"{CLIENTS}/beta/suspend", {"reason": "x"}).status_code == 403
    assert not Tenant.objects.filter(slug="refused").exists()
    assert Tenant.objects.get(slug="beta").status == "active"


def test_a_client_tenant_cannot_reach_the_partner_clients() -> None:
    assert logged("acme", "client").get(CLIENTS).status_code in (403, 404)


def test_partner_admin_onboards_a_client_whose_owner_logs_in_on_its_own_host() -> None:
    api = logged("orbita", "partner_admin")
    response = api.post_json(
        CLIENTS, {"slug": "kappa", "name": "Kappa Ltda", "owner_email": "Owner@Kappa.test"}
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["client"]["slug"] == "kappa"
    assert body["client"]["host"] == "kappa.localhost"
    assert body["client"]["status"] == "active"
    assert body["owner_email"] == "owner@kappa.test"
    password = body["initial_password"]
    assert password
    assert len(password) >= 12
    assert schema_exists("kappa")
    kappa = Tenant.objects.get(slug="kappa")
    assert kappa.kind == TenantKind.CLIENT
    assert kappa.modules == []  # modules and toggles stay the admin's decision
    assert PartnerClient.objects.filter(partner__slug="orbita", client=kappa).exists()
    assert "kappa" in {c["slug"] for c in api.get(CLIENTS).json()["items"]}
    # the partner's users reach it now (grants synced): its home lists it
    assert "kappa" in {t["slug"] for t in logged("orbita", "partner_analyst").get("/api/tenants").json()}

    owner = ApiClient("kappa")
    login = owner.post_json("/api/auth/login", login_payload("owner@kappa.test", password))
    assert login.status_code == 200, login.content
    assert login.json()["role"] == "client"
    elsewhere = ApiClient("acme").post_json("/api/auth/login", login_payload("owner@kappa.test", password))
    assert elsewhere.status_code != 200

    actor = Membership.objects.get(tenant__slug="orbita", role="partner_admin").user
    for schema in ("public", "kappa"):
        rows = actions(schema, "tenant.created", kappa)
        assert len(rows) == 1
        assert rows[0].actor_id == actor.pk
    partner_rows = actions("orbita", "partner.client_created", kappa)
    assert len(partner_rows) == 1
    assert partner_rows[0].data == {"client": "kappa", "owner": "owner@kappa.test"}
    assert partner_rows[0].actor_id == actor.pk


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"slug": "acme"}, "slug"),
        ({"slug": "strangerc"}, "slug"),
        ({"slug": "Bad-Slug"}, "slug"),
        ({"owner_email": "not-an-email"}, "owner_email"),
        ({"currencies": ["EUR"]}, "currencies"),
    ],
)
def test_bad_input_is_a_translated_400_with_field_errors_and_nothing_is_created(
    payload: dict[str, object], field: str, stranger: Tenant
) -> None:
    api = logged("orbita", "partner_superadmin", language="pt-BR")
    base = {"slug": "lambda", "name": "Lambda", "owner_email": "o@lambda.test"}
    tenants_before = Tenant.objects.count()
    links_before = PartnerClient.objects.count()
    response = api.post_json(CLIENTS, {**base, **payload})
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "invalid_input"
    assert response.json()["message"] == MESSAGES["invalid_input"]["pt-BR"]
    assert field in response.json()["fields"]
    assert Tenant.objects.count() == tenants_before
    assert PartnerClient.objects.count() == links_before


def test_a_reason_is_required_to_suspend() -> None:
    response = logged("orbita", "partner_admin").post_json(f"{CLIENTS}/beta/suspend", {"reason": ""})
    assert response.status_code in (400, 422), response.content
    assert Tenant.objects.get(slug="beta").status == "active"


def test_suspend_and_reactivate_a_client_with_a_reason_audited_in_both_trails() -> None:
    api = logged("orbita", "partner_admin")
    beta = Tenant.objects.get(slug="beta")
    response = api.post_json(f"{CLIENTS}/beta/suspend", {"reason": "chargebacks under review"})
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "suspended"
    assert Tenant.objects.get(slug="beta").status == "suspended"
    refused = ApiClient("beta").post_json("/api/auth/login", login_payload(BETA_OWNER, DEMO_PASSWORD))
    assert refused.status_code == 403
    listed = {c["slug"]: c["status"] for c in api.get(CLIENTS, {"status": "suspended"}).json()["items"]}
    assert listed == {"beta": "suspended"}

    response = api.post_json(f"{CLIENTS}/beta/reactivate", {"reason": "cleared"})
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "active"
    ok = ApiClient("beta").post_json("/api/auth/login", login_payload(BETA_OWNER, DEMO_PASSWORD))
    assert ok.status_code == 200

    expected = [
        {"from": "active", "to": "suspended", "reason": "chargebacks under review"},
        {"from": "suspended", "to": "active", "reason": "cleared"},
    ]
    for schema in ("public", "beta"):  # the platform's (admins see it) and the client's
        assert [e.data for e in actions(schema, "tenant.status_changed", beta)] == expected
    partner_rows = actions("orbita", "partner.client_status_changed", beta)
    assert [e.data for e in partner_rows] == [{"client": "beta", **d} for d in expected]
    assert {e.actor_email for e in partner_rows} == {"partner_admin@demo.test"}


def test_another_partners_client_answers_404(stranger: Tenant) -> None:
    api = logged("orbita", "partner_superadmin")
    for action in ("suspend", "reactivate"):
        response = api.post_json(f"{CLIENTS}/{stranger.slug}/{action}", {"reason": "x"})
        assert response.status_code == 404, response.content
        assert response.json()["code"] == "not_found"
    assert api.post_json(f"{CLIENTS}/nowhere/suspend", {"reason": "x"}).status_code == 404
    assert Tenant.objects.get(slug=stranger.slug).status == "active"
    with schema_context("orbita"):
        assert not AuditEntry.objects.filter(action="partner.client_status_changed").exists()


def test_a_client_unlinked_during_the_session_answers_404_on_the_next_request() -> None:
    api = logged("orbita", "partner_admin")
    assert "beta" in {c["slug"] for c in api.get(CLIENTS).json()["items"]}
    admin = Membership.objects.get(user__email="admin@demo.test", role="admin").user
    services.do_unlink_partner(admin, Tenant.objects.get(slug="orbita"), Tenant.objects.get(slug="beta"))
    assert "beta" not in {c["slug"] for c in api.get(CLIENTS).json()["items"]}
    response = api.post_json(f"{CLIENTS}/beta/suspend", {"reason": "too late"})
    assert response.status_code == 404, response.content
    assert api.post_json(f"{CLIENTS}/beta/reactivate", {"reason": "too late"}).status_code == 404
    assert Tenant.objects.get(slug="beta").status == "active"
