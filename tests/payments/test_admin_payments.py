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
    stored = PluginConfig.objects.get(tenant__isnull=True, code="sandbox_bank").values()["webhook_secret"]
    assert stored not in admin.get("/api/admin/plugins").content.decode()


def test_a_secret_is_write_only_and_kept_when_omitted(admin: ApiClient) -> None:
    before = PluginConfig.objects.get(tenant__isnull=True, code="sandbox_bank").values()["webhook_secret"]
    response = admin.put_json(
        "/api/admin/plugins/provider/sandbox_bank", {"config": {"confirm_delay_seconds": 5}}
    )
    assert response.status_code == 200, response.content
    row = PluginConfig.objects.get(tenant__isnull=True, code="sandbox_bank")
    assert row.values()["webhook_secret"] == before
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


# ------------------------------------------------------------------ what the admin screens read
def test_the_plugin_list_says_what_each_plugin_serves_and_who_configures_it(admin: ApiClient) -> None:
    rows = {(p["kind"], p["code"]): p for p in admin.get("/api/admin/plugins").json()}
    sandbox = rows[("provider", "sandbox_bank")]
    assert sandbox["methods"] == ["billet", "card", "pix", "wire"]
    assert sandbox["payout_methods"] == ["pix", "ted"]
    assert sandbox["tenant_configurable"] is False
    assert sandbox["default_config"] is None  # the platform view has nothing above it
    card = rows[("method", "card")]
    assert (card["currencies"], card["methods"], card["tenant_configurable"]) == (["BRL", "USD"], [], True)


def test_a_tenant_without_its_own_row_inherits_the_platform_flag_and_values(admin: ApiClient) -> None:
    assert admin.put_json("/api/admin/plugins/method/wire", {"enabled": False}).status_code == 200
    rows = {p["code"]: p for p in admin.get("/api/admin/plugins", {"tenant": "acme"}).json()}
    wire = rows["wire"]
    assert (wire["tenant"], wire["enabled"], wire["inherited"], wire["config"]) == ("acme", False, True, {})
    assert wire["default_config"]["holder_name"] == "Cofre Pagamentos"
    stored = PluginConfig.objects.get(tenant__isnull=True, code="sandbox_bank").values()["webhook_secret"]
    assert rows["sandbox_bank"]["default_config"]["secrets_set"] == ["webhook_secret"]
    assert stored not in str(rows["sandbox_bank"]["default_config"])
    own = admin.put_json("/api/admin/plugins/method/wire", {"tenant": "acme", "enabled": True}).json()
    assert (own["enabled"], own["inherited"], own["default_config"]["account"]) == (True, False, "567890")


def test_a_provider_is_configured_for_the_platform_only(admin: ApiClient) -> None:
    response = admin.put_json(
        "/api/admin/plugins/provider/sandbox_bank", {"tenant": "acme", "enabled": False}
    )
    assert response.status_code == 400
    assert response.json()["fields"] == {"tenant": "provider_not_per_tenant"}
    assert not PluginConfig.objects.filter(tenant__slug="acme", code="sandbox_bank").exists()


def test_a_disabled_provider_takes_no_new_deposit_payout_or_route(admin: ApiClient) -> None:
    from tests.payouts.helpers import BB_ACCOUNT, create_payout

    client = ApiClient("acme")
    client.login_as("client")
    account = client.post_json("/api/bank-accounts", BB_ACCOUNT).json()["id"]
    assert admin.put_json("/api/admin/plugins/provider/sandbox_bank", {"enabled": False}).status_code == 200

    deposit = client.post_json(
        "/api/deposits",
        {
            "method": "pix",
            "amount": 1000,
            "currency": "BRL",
            "payer": {"name": "Ana", "document": "52998224725"},
        },
    )
    assert deposit.status_code == 400
    assert deposit.json()["fields"] == {"method": "method_not_enabled"}
    payout = create_payout(client, {"amount": 1000, "method": "pix", "bank_account_id": account})
    assert payout.status_code == 400
    assert payout.json()["fields"] == {"method": "method_not_enabled"}
    route = admin.put_json(
        "/api/admin/routes", {"tenant": "acme", "method": "pix", "provider": "sandbox_bank"}
    )
    assert route.status_code == 400
    assert route.json()["fields"] == {"provider": "provider_not_enabled"}


# ------------------------------------------------------------------ reset to the platform default
def test_removing_a_clients_fee_rate_brings_back_the_platform_default(admin: ApiClient) -> None:
    body = {"tenant": "acme", "method": "pix", "currency": "BRL", "percent_bp": 250, "fixed": 100}
    assert admin.put_json("/api/admin/fee-rates", body).status_code == 200
    acme = Tenant.objects.get(slug="acme")
    assert rate_for(acme, "pix", "BRL").percent_bp == 250

    response = admin.delete("/api/admin/fee-rates/pix/BRL?tenant=acme")
    assert response.status_code == 204, response.content
    assert (rate_for(acme, "pix", "BRL").percent_bp, rate_for(acme, "pix", "BRL").fixed) == (99, 0)
    entry = AuditEntry.objects.filter(action="fee_rate.removed").first()
    assert entry is not None
    assert entry.data == {
        "tenant": "acme",
        "method": "pix",
        "currency": "BRL",
        "percent_bp": 250,
        "fixed": 100,
    }
    assert admin.delete("/api/admin/fee-rates/pix/BRL?tenant=acme").status_code == 404  # gone already
    assert admin.delete("/api/admin/fee-rates/pix/BRL?tenant=nobody").status_code == 404


def test_removing_a_platform_fee_rate_leaves_no_fee(admin: ApiClient) -> None:
    assert admin.delete("/api/admin/fee-rates/wire/BRL").status_code == 204
    assert rate_for(Tenant.objects.get(slug="beta"), "wire", "BRL").fixed == 0
    rows = admin.get("/api/admin/fee-rates").json()
    assert not [r for r in rows if (r["tenant"], r["method"]) == (None, "wire")]


def test_removing_a_clients_route_brings_back_the_platform_default(admin: ApiClient) -> None:
    from gateway.models import ProviderRoute

    body = {"tenant": "acme", "method": "card", "provider": "sandbox_bank"}
    assert admin.put_json("/api/admin/routes", body).status_code == 200
    assert admin.delete("/api/admin/routes/card?tenant=acme").status_code == 204
    assert not ProviderRoute.objects.filter(tenant__slug="acme", method="card").exists()
    entry = AuditEntry.objects.filter(action="provider.route_removed").first()
    assert entry is not None
    assert entry.data == {"tenant": "acme", "method": "card", "provider": "sandbox_bank"}
    assert admin.delete("/api/admin/routes/card?tenant=acme").status_code == 404


def test_the_platform_default_route_cannot_be_removed(admin: ApiClient) -> None:
    response = admin.delete("/api/admin/routes/pix")
    assert response.status_code == 400
    assert response.json()["fields"] == {"tenant": "required"}


def test_only_write_roles_of_the_route_reset_rates_and_routes() -> None:
    financial = ApiClient("public")
    financial.login_as("financial")
    assert financial.delete("/api/admin/fee-rates/pix/BRL").status_code == 403
    assert financial.delete("/api/admin/routes/pix?tenant=acme").status_code == 403


def test_a_clients_first_override_keeps_the_platforms_switch(admin: ApiClient) -> None:
    assert admin.put_json("/api/admin/plugins/method/wire", {"enabled": False}).status_code == 200
    saved = admin.put_json(
        "/api/admin/plugins/method/wire", {"tenant": "beta", "config": {"holder_name": "Beta Ltda"}}
    )
    assert saved.status_code == 200, saved.content
    assert (saved.json()["enabled"], saved.json()["inherited"]) == (False, False)
    assert PluginConfig.objects.get(tenant__slug="beta", code="wire").enabled is False
