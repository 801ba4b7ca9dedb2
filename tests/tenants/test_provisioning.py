"""Provisioning through the admin API and the management command; suspension; configuration; audit."""

from __future__ import annotations

import io
import time

import pytest
from django.core.management import call_command
from django_tenants.utils import schema_context, schema_exists

from accounts.models import Membership
from audit.models import AuditEntry
from tenants.models import Domain, Tenant
from tests.support.http import ApiClient
from tests.support.second_factor import login_payload

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin() -> ApiClient:
    client = ApiClient("public")
    client.login_as("admin")
    return client


def test_admin_provisions_a_client_with_its_first_user_and_it_can_log_in(admin: ApiClient) -> None:
    response = admin.post_json(
        "/api/admin/tenants",
        {
            "slug": "delta", "name": "Delta Ltda", "kind": "client", "owner_email": "Owner@Delta.test",
            "modules": ["direct_deposits"], "feature_toggles": ["manual_withdraws"],
            "currencies": ["BRL", "USD"],
        },
    )  # fmt: skip
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["tenant"]["host"] == "delta.localhost"
    assert body["owner_email"] == "owner@delta.test"
    password = body["initial_password"]
    assert password
    assert len(password) >= 12
    assert schema_exists("delta")
    assert Domain.objects.filter(domain="delta.localhost").exists()
    owner = ApiClient("delta")
    login = owner.post_json("/api/auth/login", login_payload("owner@delta.test", password))
    assert login.status_code == 200
    assert login.json()["role"] == "client"
    assert "clients/manual-withdraws" in [e["route"] for e in login.json()["menu"]]
    delta = Tenant.objects.get(slug="delta")
    with schema_context("public"):
        assert AuditEntry.objects.filter(action="tenant.created", target_id=str(delta.pk)).exists()
    with schema_context("delta"):
        assert AuditEntry.objects.filter(action="tenant.created").exists()


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"slug": "acme"}, "slug"),
        ({"slug": "Bad-Slug"}, "slug"),
        ({"slug": "public"}, "slug"),
        ({"modules": ["nope"]}, "modules"),
        ({"feature_toggles": ["nope"]}, "feature_toggles"),
        ({"currencies": ["EUR"]}, "currencies"),
        ({"owner_email": "not-an-email"}, "owner_email"),
    ],
)
def test_bad_provisioning_input_gets_a_field_error_and_nothing_is_created(
    admin: ApiClient, payload: dict[str, object], field: str
) -> None:
    base = {"slug": "epsilon", "name": "Epsilon", "kind": "client", "owner_email": "o@epsilon.test"}
    before = Tenant.objects.count()
    response = admin.post_json("/api/admin/tenants", {**base, **payload})
    assert response.status_code == 400, response.content
    assert field in response.json()["fields"]
    assert Tenant.objects.count() == before


def test_suspend_refuses_logins_keeps_data_and_reactivate_restores(admin: ApiClient) -> None:
    assert admin.post_json("/api/admin/tenants/beta/suspend").json()["status"] == "suspended"
    refused = ApiClient("beta").post_json(
        "/api/auth/login", login_payload("owner@beta.demo.test", "cofre-demo")
    )
    assert refused.status_code == 403
    assert Membership.objects.filter(tenant__slug="beta").exists()
    assert admin.post_json("/api/admin/tenants/beta/reactivate").json()["status"] == "active"
    ok = ApiClient("beta").post_json("/api/auth/login", login_payload("owner@beta.demo.test", "cofre-demo"))
    assert ok.status_code == 200


def test_admin_changes_modules_and_toggles_and_it_is_audited(admin: ApiClient) -> None:
    response = admin.patch_json(
        "/api/admin/tenants/beta",
        {"modules": ["direct_deposits"], "feature_toggles": ["transactional_withdraws"]},
    )
    assert response.status_code == 200
    assert response.json()["modules"] == ["direct_deposits"]
    entry = AuditEntry.objects.filter(action="tenant.configured").first()
    assert entry is not None
    assert entry.data["modules"] == [[], ["direct_deposits"]]
    client = ApiClient("beta")
    me = client.post_json("/api/auth/login", login_payload("owner@beta.demo.test", "cofre-demo")).json()
    assert "clients/transactional-withdraws" in [e["route"] for e in me["menu"]]
    assert "clients/direct_deposits" in [e["route"] for e in me["menu"]]


def test_a_client_admin_cannot_provision(admin: ApiClient) -> None:
    client = ApiClient("acme")
    client.login_as("client")
    response = client.post_json(
        "/api/admin/tenants", {"slug": "zeta", "name": "Z", "kind": "client", "owner_email": "z@z.test"}
    )
    assert response.status_code == 403


def test_the_management_command_provisions_and_reports_its_time() -> None:
    out = io.StringIO()
    started = time.perf_counter()
    call_command("provision_tenant", "omega", "--name", "Omega", "--owner-email", "o@omega.test", stdout=out)
    assert time.perf_counter() - started < 30  # sanity bound only; the figure comes from the benchmark
    text = out.getvalue()
    assert "Created omega (client)" in text
    assert "Initial password (shown once):" in text
    assert schema_exists("omega")


def test_new_tenants_are_cloned_from_the_template_with_every_table() -> None:
    from django.db import connection

    call_command(
        "provision_tenant", "sigma", "--name", "Sigma", "--owner-email", "o@sigma.test", stdout=io.StringIO()
    )

    def tables(schema: str) -> set[str]:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = %s", [schema]
            )
            return {row[0] for row in cursor.fetchall()}

    assert tables("sigma") == tables("tenant_template")
    assert "payments_deposit" in tables("sigma")
