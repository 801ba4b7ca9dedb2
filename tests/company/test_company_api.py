"""The company's settings (clients/config) and provider banks (clients/provider-banks) through the API:
read, change (audited with before and after), who may, bad input, the logo, tenant isolation, and the
company's threshold where payouts are approved."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django_tenants.utils import schema_context
from PIL import Image

from audit.models import AuditEntry
from compliance.models import ComplianceRule
from gateway.models import ProviderRoute
from ops.demo import BETA_OWNER, DEMO_PASSWORD
from payouts.models import Payout
from platform_settings.models import SETTINGS_PK, PlatformSettings
from tenants.models import Tenant
from tests.payouts.helpers import BB_ACCOUNT, create_payout, fund, logged
from tests.support.http import ApiClient
from tests.support.second_factor import login_payload

pytestmark = pytest.mark.django_db

SETTINGS = "/api/company/settings"
LOGO = "/api/company/logo"
BANKS = "/api/company/provider-banks"


@pytest.fixture
def acme() -> ApiClient:
    return logged("acme", "client")


@pytest.fixture
def beta() -> ApiClient:
    client = ApiClient("beta")
    response = client.post_json("/api/auth/login", login_payload(BETA_OWNER, DEMO_PASSWORD))
    assert response.status_code == 200, response.content
    return client


def png(width: int = 40, height: int = 20, color: tuple[int, int, int] = (200, 30, 30)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), color).save(out, format="PNG")
    return out.getvalue()


def put_logo(client: ApiClient, content: bytes, content_type: str = "image/png") -> Any:
    return client.generic("PUT", LOGO, content, content_type=content_type)


def platform_limit(amount: int | None) -> None:
    with schema_context("public"):
        PlatformSettings.objects.update_or_create(pk=SETTINGS_PK, defaults={"max_payout_amount": amount})


def entries(action: str) -> list[AuditEntry]:
    with schema_context(Tenant.objects.get(slug="acme").schema_name):
        return list(AuditEntry.objects.filter(action=action).order_by("id"))


# ------------------------------------------------------------------------------- read and change
def test_the_demo_client_has_its_profile_filled_in(acme: ApiClient) -> None:
    response = acme.get(SETTINGS)
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["legal_name"] == "Acme Pagamentos Ltda"
    assert body["cnpj"] == "11222333000181"
    assert body["city"] == "São Paulo"
    assert body["notification_emails"] == ["financeiro@acme.example.com"]
    assert body["threshold_currency"] == "BRL"
    assert body["logo_url"] is None


def test_the_owner_changes_the_profile_and_emails_audited_with_before_and_after(acme: ApiClient) -> None:
    response = acme.patch_json(
        SETTINGS,
        {"trade_name": "  Acme  Pay ", "phone": "(11) 98765-4321", "zipcode": "01310-100", "state": "sp",
         "notification_emails": ["ops@acme.example.com", "OPS@acme.example.com", "cfo@acme.example.com"]},
    )  # fmt: skip
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["trade_name"] == "Acme Pay"
    assert body["phone"] == "11987654321"
    assert body["zipcode"] == "01310100"
    assert body["state"] == "SP"
    assert body["notification_emails"] == ["ops@acme.example.com", "cfo@acme.example.com"]
    assert body["legal_name"] == "Acme Pagamentos Ltda"  # not sent: unchanged
    assert acme.get(SETTINGS).json()["trade_name"] == "Acme Pay"
    [entry] = entries("company.settings_changed")
    assert entry.data["before"]["trade_name"] == "Acme"
    assert entry.data["after"]["trade_name"] == "Acme Pay"
    assert entry.data["after"]["notification_emails"] == ["ops@acme.example.com", "cfo@acme.example.com"]
    assert "legal_name" not in entry.data["after"]


def test_a_client_user_admin_may_change_an_analyst_may_not_and_others_do_not_see_it() -> None:
    assert logged("acme", "client_user_admin").patch_json(SETTINGS, {"city": "Campinas"}).status_code == 200
    analyst = logged("acme", "client_user_analyst")
    assert analyst.patch_json(SETTINGS, {"city": "Santos"}).status_code == 403
    for role in ("client_user", "client_user_financial"):
        assert logged("acme", role).get(SETTINGS).status_code == 403
    assert logged("public", "admin").get(SETTINGS).status_code == 403
    assert logged("orbita", "partner").get(SETTINGS).status_code == 403


# ------------------------------------------------------------------------------------ bad input
def test_a_bad_email_is_a_field_error_and_nothing_is_written(acme: ApiClient) -> None:
    response = acme.patch_json(
        SETTINGS, {"trade_name": "Changed", "notification_emails": ["ok@x.com", "not-an-email"]}
    )
    assert response.status_code == 400, response.content
    assert response.json()["fields"] == {"notification_emails": "invalid_email"}
    assert acme.get(SETTINGS).json()["trade_name"] == "Acme"
    assert entries("company.settings_changed") == []


@pytest.mark.parametrize(
    ("changes", "fields"),
    [
        ({"cnpj": "11444777000161"}, {"cnpj": "read_only"}),
        ({"phone": "12"}, {"phone": "invalid_phone"}),
        ({"state": "XX", "zipcode": "123"}, {"state": "invalid_state", "zipcode": "invalid_zipcode"}),
        ({"legal_name": "x" * 201}, {"legal_name": "too_long"}),
        ({"legal_name": None}, {"legal_name": "required"}),
        (
            {"notification_emails": [f"u{i}@x.com" for i in range(11)]},
            {"notification_emails": "too_many_emails"},
        ),
        ({"payout_approval_threshold": -1}, {"payout_approval_threshold": "must_not_be_negative"}),
    ],
)
def test_bad_fields_are_refused_each_on_its_field(
    acme: ApiClient, changes: dict[str, Any], fields: dict[str, str]
) -> None:
    response = acme.patch_json(SETTINGS, changes)
    assert response.status_code == 400, response.content
    assert response.json()["fields"] == fields


def test_a_threshold_above_the_platform_limit_is_a_422_in_the_users_language(acme: ApiClient) -> None:
    platform_limit(100_000)
    response = acme.patch_json(SETTINGS, {"payout_approval_threshold": 100_001})
    assert response.status_code == 422, response.content
    body = response.json()
    assert body["code"] == "threshold_above_platform_limit"
    assert body["fields"] == {"payout_approval_threshold": "threshold_above_platform_limit"}
    assert "R$1,000.00" in body["message"]
    pt = logged("acme", "client", language="pt-BR").patch_json(
        SETTINGS, {"payout_approval_threshold": 100_001}
    )
    assert "R$ 1.000,00" in pt.json()["message"]
    ok = acme.patch_json(SETTINGS, {"payout_approval_threshold": 100_000})
    assert ok.status_code == 200, ok.content
    assert ok.json()["payout_approval_threshold"] == 100_000
    assert ok.json()["platform_payout_limit"] == 100_000
    [entry] = entries("company.settings_changed")
    assert entry.data == {
        "before": {"payout_approval_threshold": None},
        "after": {"payout_approval_threshold": 100_000},
    }


def test_a_threshold_without_a_platform_limit_stops_at_the_largest_payout(acme: ApiClient) -> None:
    platform_limit(None)
    assert acme.patch_json(SETTINGS, {"payout_approval_threshold": 10**10}).status_code == 422
    assert acme.patch_json(SETTINGS, {"payout_approval_threshold": 10**10 - 1}).status_code == 200
    assert (
        acme.patch_json(SETTINGS, {"payout_approval_threshold": None}).json()["payout_approval_threshold"]
        is None
    )


# ------------------------------------------------------------------------------------------ logo
def test_the_logo_is_stored_served_to_the_tenants_users_and_removed(acme: ApiClient) -> None:
    response = put_logo(acme, png(1200, 300))
    assert response.status_code == 200, response.content
    assert response.json()["logo_url"] == LOGO
    for reader in (acme, logged("acme", "client_user")):  # a receipt's reader is any member
        served = reader.get(LOGO)
        assert served.status_code == 200
        assert served["Content-Type"] == "image/png"
        image = Image.open(io.BytesIO(served.getvalue()))
        assert image.size == (600, 150)  # re-encoded at most 600 px a side
    [entry] = entries("company.logo_changed")
    assert entry.data["before"] == {"logo": None}
    assert acme.delete(LOGO).status_code == 204
    assert acme.get(LOGO).status_code == 404
    assert acme.get(SETTINGS).json()["logo_url"] is None
    assert len(entries("company.logo_removed")) == 1


def test_a_jpeg_logo_is_accepted_whatever_the_content_type_says(acme: ApiClient) -> None:
    out = io.BytesIO()
    Image.new("RGB", (30, 30), (0, 0, 255)).save(out, format="JPEG")
    assert put_logo(acme, out.getvalue(), content_type="application/octet-stream").status_code == 200
    assert acme.get(LOGO)["Content-Type"] == "image/jpeg"


@pytest.mark.parametrize(
    ("content", "code"),
    [
        (b"%PDF-1.4 not a logo", "logo_not_an_image"),
        (b"name,amount\nAna,10\n", "logo_not_an_image"),
        (b"\x89PNG\r\n\x1a\n" + b"garbage" * 50, "logo_not_an_image"),  # the magic bytes alone do not do
        (b"GIF89a" + b"\x00" * 100, "logo_not_an_image"),
        (b"\x89PNG\r\n\x1a\n" + b"\x00" * (512 * 1024), "logo_too_large"),
    ],
)
def test_a_logo_that_is_not_a_png_or_jpeg_or_is_too_large_is_refused(
    acme: ApiClient, content: bytes, code: str
) -> None:
    response = put_logo(acme, content)
    assert response.status_code == 400, response.content
    assert response.json()["code"] == code
    assert response.json()["fields"] == {"file": code}
    assert acme.get(LOGO).status_code == 404
    assert entries("company.logo_changed") == []


def test_an_empty_logo_body_is_a_field_error(acme: ApiClient) -> None:
    response = put_logo(acme, b"")
    assert response.status_code == 400
    assert response.json()["fields"] == {"file": "required"}


def test_an_analyst_may_not_change_the_logo() -> None:
    assert put_logo(logged("acme", "client_user_analyst"), png()).status_code == 403


# ------------------------------------------------------------------------------------- isolation
def test_another_tenant_never_reads_a_clients_settings_or_logo(acme: ApiClient, beta: ApiClient) -> None:
    assert acme.patch_json(SETTINGS, {"trade_name": "Acme secreta"}).status_code == 200
    assert put_logo(acme, png()).status_code == 200
    theirs = beta.get(SETTINGS).json()
    assert theirs["trade_name"] == ""
    assert theirs["cnpj"] == ""
    assert theirs["logo_url"] is None
    assert beta.get(LOGO).status_code == 404
    # beta's own changes stay in beta
    assert beta.patch_json(SETTINGS, {"trade_name": "Beta"}).status_code == 200
    assert acme.get(SETTINGS).json()["trade_name"] == "Acme secreta"
    # acme's session is not valid on beta's host (no cross-tenant read by carrying the cookie)
    acme.defaults["HTTP_HOST"] = beta.defaults["HTTP_HOST"]
    assert acme.get(LOGO).status_code in (401, 403, 404)
    assert acme.get(SETTINGS).status_code in (401, 403, 404)


# ---------------------------------------------------------------------------- payouts and threshold
def test_payouts_above_the_companys_threshold_wait_for_review(acme: ApiClient) -> None:
    ComplianceRule.objects.update_or_create(
        tenant=Tenant.objects.get(slug="acme"), currency="BRL", defaults={"auto_approve_up_to": 1_000_000}
    )
    fund("acme", 1_000_000)
    account = acme.post_json("/api/bank-accounts", BB_ACCOUNT).json()["id"]
    assert acme.patch_json(SETTINGS, {"payout_approval_threshold": 5_000}).status_code == 200
    body = {"currency": "BRL", "method": "pix", "bank_account_id": account}
    small = create_payout(acme, {**body, "amount": 5_000})
    large = create_payout(acme, {**body, "amount": 5_001})
    assert small.status_code == 201, small.content
    assert large.status_code == 201, large.content
    with schema_context(Tenant.objects.get(slug="acme").schema_name):
        assert Payout.objects.get(public_id=small.json()["id"]).status == "approved"
        assert Payout.objects.get(public_id=large.json()["id"]).status == "waiting"


# ------------------------------------------------------------------------------- provider banks
def test_the_client_sees_which_provider_serves_each_method_and_whose_route_it_is(
    acme: ApiClient, beta: ApiClient
) -> None:
    response = acme.get(BANKS)
    assert response.status_code == 200, response.content
    rows = {(row["operation"], row["method"]): row for row in response.json()}
    assert [key for key in rows if key[0] == "deposit"][:4] == [
        ("deposit", "billet"),
        ("deposit", "pix"),
        ("deposit", "card"),
        ("deposit", "wire"),
    ]
    assert rows[("deposit", "pix")]["provider"] == "sandbox_bank"
    assert rows[("deposit", "pix")]["source"] == "platform"
    assert rows[("deposit", "pix")]["status"] == "healthy"
    assert {("payout", "pix"), ("payout", "ted")} <= set(rows)
    assert "webhook_secret" not in response.content.decode()
    assert "config" not in response.content.decode()
    # acme's own route shows as its own; beta still sees the platform's
    ProviderRoute.objects.create(
        tenant=Tenant.objects.get(slug="acme"), method="pix", provider="sandbox_bank"
    )
    mine = {(r["operation"], r["method"]): r for r in acme.get(BANKS).json()}
    assert mine[("deposit", "pix")]["source"] == "client"
    theirs = {(r["operation"], r["method"]): r for r in beta.get(BANKS).json()}
    assert theirs[("deposit", "pix")]["source"] == "platform"


def test_provider_banks_are_the_owners_only() -> None:
    assert logged("acme", "client_user_admin").get(BANKS).status_code == 403
    assert logged("public", "admin").get(BANKS).status_code == 403


# ------------------------------------------------------------------------------------- receipts
def test_a_receipt_names_the_logo_once_the_company_has_one(acme: ApiClient, beta: ApiClient) -> None:
    from tests.payments.test_receipts import paid_pix

    deposit = paid_pix(acme, 10_000)
    url = f"/api/deposits/{deposit['id']}/receipt"
    assert acme.get(url).json()["company"]["logo_url"] is None
    assert put_logo(acme, png()).status_code == 200
    assert acme.get(url).json()["company"]["logo_url"] == LOGO
    theirs = paid_pix(beta, 10_000)  # beta's receipts stay without a logo: acme's is acme's
    assert beta.get(f"/api/deposits/{theirs['id']}/receipt").json()["company"]["logo_url"] is None
