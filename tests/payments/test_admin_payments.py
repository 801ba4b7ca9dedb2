"""Admin screens of money in: plugin configuration (secrets write-only), provider routing, fee rates."""

from __future__ import annotations

import pytest

from audit.models import AuditEntry
from gateway.models import PluginConfig
from payments.fees import rate_for
from tenants.models import Tenant
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin() -> ApiClient:
    client = ApiClient("public")
    client.login_as("admin")
    return client


def test_plugins_are_listed_and_secrets_are_never_returned(admin: ApiClient) -> None:
    rows = {(p["kind"], p["code"]): p for p in admin.get("/api/admin/plugins").json()}
    assert {("method", "billet"), ("method", "pix"), ("method", "card"), ("method", "wire"),
            ("provider", "sandbox_bank")} <= set(rows)  # fmt: skip
    sandbox = rows[("provider", "sandbox_bank")]
    assert "webhook_secret" not in sandbox["config"]
    assert "webhook_secret" in sandbox["config"]["secrets_set"]
    stored = PluginConfig.objects.get(tenant__isnull=True, code="sandbox_bank").config["webhook_secret"]
    assert stored not in admin.get("/api/admin/plugins").content.decode()


def test_a_secret_is_write_only_and_kept_when_omitted(admin: ApiClient) -> None:
    before = PluginConfig.objects.get(tenant__isnull=True, code="sandbox_bank").config["webhook_secret"]
    response = admin.put_json(
        "/api/admin/plugins/provider/sandbox_bank", {"config": {"confirm_delay_seconds": 5}}
    )
    assert response.status_code == 200, response.content
    row = PluginConfig.objects.get(tenant__isnull=True, code="sandbox_bank")
    assert row.config["webhook_secret"] == before
    assert row.config["confirm_delay_seconds"] == 5
    entry = AuditEntry.objects.filter(action="plugin.configured").first()
    assert entry is not None
    assert before not in str(entry.data)


def test_an_invalid_configuration_is_refused_with_the_field(admin: ApiClient) -> None:
    response = admin.put_json(
        "/api/admin/plugins/method/pix", {"tenant": "acme", "config": {"pix_key": "not a key"}}
    )
    assert response.status_code == 400
    assert "pix_key" in response.json()["fields"]


def test_a_method_disabled_for_a_tenant_cannot_be_used(admin: ApiClient) -> None:
    response = admin.put_json("/api/admin/plugins/method/wire", {"tenant": "acme", "enabled": False})
    assert response.status_code == 200
    client = ApiClient("acme")
    client.login_as("client")
    refused = client.post_json(
        "/api/deposits",
        {
            "method": "wire",
            "amount": 1000,
            "currency": "BRL",
            "payer": {"name": "Ana", "document": "52998224725"},
        },
    )
    assert refused.status_code == 400
    assert refused.json()["fields"]["method"] == "method_not_enabled"


def test_fee_rate_per_client_overrides_the_platform_default(admin: ApiClient) -> None:
    response = admin.put_json(
        "/api/admin/fee-rates",
        {"tenant": "acme", "method": "pix", "currency": "BRL", "percent_bp": 50, "fixed": 10},
    )
    assert response.status_code == 200
    acme = Tenant.objects.get(slug="acme")
    beta = Tenant.objects.get(slug="beta")
    assert (rate_for(acme, "pix", "BRL").percent_bp, rate_for(acme, "pix", "BRL").fixed) == (50, 10)
    assert rate_for(beta, "pix", "BRL").percent_bp == 99  # platform default (demo data)


def test_routes_refuse_a_provider_that_does_not_serve_the_method(admin: ApiClient) -> None:
    ok = admin.put_json("/api/admin/routes", {"tenant": "acme", "method": "pix", "provider": "sandbox_bank"})
    assert ok.status_code == 200
    assert any(r["tenant"] == "acme" for r in admin.get("/api/admin/routes").json())
    unknown = admin.put_json("/api/admin/routes", {"method": "pix", "provider": "nobank"})
    assert unknown.status_code == 400
