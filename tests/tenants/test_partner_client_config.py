"""A partner manages its clients' modules, toggles and fee rates (issue 16): within what the platform
allows the partner (admin/partners: allowed modules and toggles, a fee floor per method and currency),
through the admin's own services; beyond the allowance or below the floor a translated 422 and nothing
written; every change in the platform's, the client's and the partner's trails. The owner role
`partner` may do what partner_admin does (section 6); the reading roles may not. Another partner's
client, and one unlinked during the session, answer 404. A fee rate takes a fresh second factor (a
partner user with none is refused it: tests/accounts/test_step_up_everywhere.py): who sets one here has
enrolled the documented authenticator first (`fee_setter`)."""

from __future__ import annotations

import pytest
from django_tenants.utils import schema_context

from accounts.models import Membership, User
from audit.models import AuditEntry
from backoffice import services
from core.messages import MESSAGES
from gateway.models import FeeRate
from ops.demo import demo_email
from tenants.models import PartnerClient, PartnerFeeFloor, PartnerTerms, Tenant, TenantKind
from tests.support.http import ApiClient
from tests.support.second_factor import enrol_second_factor

pytestmark = pytest.mark.django_db

CLIENTS = "/api/partner/clients"


def logged(slug: str, role: str, language: str = "en") -> ApiClient:
    client = ApiClient(slug, language=language)
    client.login_as(role)
    return client


def fee_setter(role: str, language: str = "en") -> ApiClient:
    """A partner user who sets fee rates: enrolled (the documented authenticator), then logged in with
    its code, so the session's second factor is fresh."""
    enrol_second_factor(demo_email(role))
    return logged("orbita", role, language)


def admin_user() -> User:
    return Membership.objects.get(user__email="admin@demo.test", role="admin").user


def actions(schema: str, action: str) -> list[AuditEntry]:
    with schema_context(schema):
        return list(AuditEntry.objects.filter(action=action).order_by("pk"))


@pytest.fixture
def allowed() -> None:
    """orbita may turn direct_deposits and manual_withdraws on or off; its pix/BRL floor is 1.50% + 0,10."""
    admin = logged("public", "admin")
    response = admin.patch_json(
        "/api/admin/partners/orbita",
        {"allowed_modules": ["direct_deposits"], "allowed_toggles": ["manual_withdraws"]},
    )
    assert response.status_code == 200, response.content
    floor = admin.put_json(
        "/api/admin/partners/orbita/fee-floors",
        {"method": "pix", "currency": "BRL", "percent_bp": 150, "fixed": 10},
    )
    assert floor.status_code == 200, floor.content
    body = floor.json()
    assert body["allowed_modules"] == ["direct_deposits"]
    assert body["allowed_toggles"] == ["manual_withdraws"]
    assert body["fee_floors"] == [{"method": "pix", "currency": "BRL", "percent_bp": 150, "fixed": 10}]


@pytest.fixture
def stranger() -> Tenant:
    other = Tenant(slug="outrop", name="Outro Parceiro", kind=TenantKind.PARTNER, schema_name="outrop")
    other.auto_create_schema = False
    other.save()
    client = Tenant(slug="strangerc", name="Stranger Ltda", kind=TenantKind.CLIENT, schema_name="strangerc")
    client.auto_create_schema = False
    client.save()
    PartnerClient.objects.create(partner=other, client=client)
    return client


def test_the_admin_sets_the_allowance_and_floor_audited_and_non_admins_are_refused(allowed: None) -> None:
    assert actions("public", "partner.allowance_changed")[-1].data == {
        "allowed_modules": [[], ["direct_deposits"]],
        "allowed_toggles": [[], ["manual_withdraws"]],
    }
    assert actions("orbita", "partner.fee_floor_set")[-1].data["percent_bp"] == 150
    bad = logged("public", "admin").patch_json("/api/admin/partners/orbita", {"allowed_modules": ["nope"]})
    assert bad.status_code == 400
    assert bad.json()["fields"] == {"allowed_modules": "unknown_module"}
    refused = logged("acme", "client").put_json(
        "/api/admin/partners/orbita/fee-floors",
        {"method": "pix", "currency": "BRL", "percent_bp": 0, "fixed": 0},
    )
    assert refused.status_code in (403, 404)
    assert PartnerFeeFloor.objects.get(partner__slug="orbita").percent_bp == 150


@pytest.mark.parametrize("role", ["partner", "partner_admin", "partner_superadmin"])
def test_a_manager_reads_a_clients_modules_toggles_and_fees_with_the_floor(allowed: None, role: str) -> None:
    answer = logged("orbita", role).get(f"{CLIENTS}/beta")
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["slug"] == "beta"
    assert body["modules"] == []
    assert body["allowed_modules"] == ["direct_deposits"]
    fees = {(f["method"], f["currency"]): f for f in body["fees"]}
    pix = fees[("pix", "BRL")]
    assert (pix["percent_bp"], pix["fixed"], pix["own"]) == (99, 0, False)  # the platform default
    assert (pix["floor_percent_bp"], pix["floor_fixed"]) == (150, 10)  # the partner's floor
    billet = fees[("billet", "BRL")]
    assert (billet["floor_percent_bp"], billet["floor_fixed"]) == (0, 250)  # no floor: the default
    assert ("card", "USD") not in fees  # beta works in reais only


def test_modules_and_toggles_within_the_allowance_change_audited_in_three_trails(allowed: None) -> None:
    api = logged("orbita", "partner")
    response = api.patch_json(
        f"{CLIENTS}/beta", {"modules": ["direct_deposits"], "feature_toggles": ["manual_withdraws"]}
    )
    assert response.status_code == 200, response.content
    beta = Tenant.objects.get(slug="beta")
    assert (beta.modules, beta.feature_toggles) == (["direct_deposits"], ["manual_withdraws"])
    expected = {"modules": [[], ["direct_deposits"]], "feature_toggles": [[], ["manual_withdraws"]]}
    assert actions("public", "tenant.configured")[-1].data == expected
    assert actions("beta", "tenant.configured")[-1].data == expected
    partner_row = actions("orbita", "partner.client_configured")[-1]
    assert partner_row.data == {"client": "beta", **expected}
    assert partner_row.actor_id == Membership.objects.get(tenant__slug="orbita", role="partner").user_id
    # and off again
    assert api.patch_json(f"{CLIENTS}/beta", {"modules": []}).status_code == 200
    assert Tenant.objects.get(slug="beta").modules == []


@pytest.mark.parametrize(
    ("language", "body", "field"),
    [
        ("en", {"feature_toggles": ["transactional_withdraws"]}, "feature_toggles"),
        (
            "pt-BR",
            {"modules": ["direct_deposits"], "feature_toggles": ["transactional_withdraws"]},
            "feature_toggles",
        ),
    ],
)
def test_beyond_the_allowance_is_a_translated_422_and_nothing_changes(
    allowed: None, language: str, body: dict[str, list[str]], field: str
) -> None:
    response = logged("orbita", "partner_admin", language).patch_json(f"{CLIENTS}/beta", body)
    assert response.status_code == 422, response.content
    answer = response.json()
    assert answer["code"] == "outside_partner_allowance"
    assert answer["message"] == MESSAGES["outside_partner_allowance"][language]
    assert answer["fields"] == {field: "not_allowed"}
    beta = Tenant.objects.get(slug="beta")
    assert (beta.modules, beta.feature_toggles) == ([], [])
    assert not actions("orbita", "partner.client_configured")


def test_a_module_the_admin_turned_on_is_not_the_partners_to_turn_off(allowed: None) -> None:
    """acme has both toggles from the admin; orbita may manage manual_withdraws only."""
    PartnerTerms.objects.filter(partner__slug="orbita").update(allowed_modules=[], allowed_toggles=[])
    response = logged("orbita", "partner_admin").patch_json(f"{CLIENTS}/acme", {"modules": []})
    assert response.status_code == 422
    assert response.json()["fields"] == {"modules": "not_allowed"}
    assert Tenant.objects.get(slug="acme").modules == ["direct_deposits"]


def test_no_allowance_means_nothing_may_change() -> None:
    response = logged("orbita", "partner_admin").patch_json(
        f"{CLIENTS}/beta", {"modules": ["direct_deposits"]}
    )
    assert response.status_code == 422
    assert Tenant.objects.get(slug="beta").modules == []


def test_a_fee_at_or_above_the_floor_is_set_through_the_admins_service(allowed: None) -> None:
    api = fee_setter("partner_superadmin")
    response = api.put_json(
        f"{CLIENTS}/beta/fee-rates", {"method": "pix", "currency": "BRL", "percent_bp": 150, "fixed": 10}
    )
    assert response.status_code == 200, response.content
    rate = FeeRate.objects.get(tenant__slug="beta", method="pix", currency="BRL")
    assert (rate.percent_bp, rate.fixed) == (150, 10)
    fees = {(f["method"], f["currency"]): f for f in response.json()["fees"]}
    assert fees[("pix", "BRL")]["own"] is True
    data = {"tenant": "beta", "method": "pix", "currency": "BRL", "percent_bp": 150, "fixed": 10}
    assert actions("public", "fee_rate.set")[-1].data == data
    assert actions("beta", "fee_rate.set")[-1].data == data
    assert actions("orbita", "partner.client_fee_set")[-1].data == {
        "client": "beta",
        "method": "pix",
        "currency": "BRL",
        "percent_bp": 150,
        "fixed": 10,
    }
    # the admin still sets any rate, below the partner's floor too (no floor for the platform)
    admin = logged("public", "admin").put_json(
        "/api/admin/fee-rates",
        {"tenant": "beta", "method": "pix", "currency": "BRL", "percent_bp": 10, "fixed": 0},
    )
    assert admin.status_code == 200, admin.content
    assert FeeRate.objects.get(tenant__slug="beta", method="pix", currency="BRL").percent_bp == 10


@pytest.mark.parametrize(
    ("language", "percent_bp", "fixed", "fields"),
    [
        ("en", 149, 10, {"percent_bp": "below_floor"}),
        ("pt-BR", 500, 9, {"fixed": "below_floor"}),
        ("en", 0, 0, {"percent_bp": "below_floor", "fixed": "below_floor"}),
    ],
)
def test_below_the_floor_is_a_translated_422_and_nothing_is_written(
    allowed: None, language: str, percent_bp: int, fixed: int, fields: dict[str, str]
) -> None:
    api = fee_setter("partner_admin", language)
    body = {"method": "pix", "currency": "BRL", "percent_bp": percent_bp, "fixed": fixed}
    response = api.put_json(f"{CLIENTS}/beta/fee-rates", body)
    assert response.status_code == 422, response.content
    answer = response.json()
    assert answer["code"] == "below_fee_floor"
    assert answer["message"] == MESSAGES["below_fee_floor"][language]
    assert answer["fields"] == fields
    assert not FeeRate.objects.filter(tenant__slug="beta").exists()
    assert not actions("orbita", "partner.client_fee_set")
    assert not actions("beta", "fee_rate.set")


def test_without_a_floor_of_its_own_the_platform_default_is_the_floor() -> None:
    api = fee_setter("partner_admin")
    below = {"method": "billet", "currency": "BRL", "percent_bp": 0, "fixed": 249}
    assert api.put_json(f"{CLIENTS}/beta/fee-rates", below).status_code == 422
    at = {"method": "billet", "currency": "BRL", "percent_bp": 0, "fixed": 250}
    assert api.put_json(f"{CLIENTS}/beta/fee-rates", at).status_code == 200


def test_bad_fee_input_is_a_400(allowed: None) -> None:
    api = fee_setter("partner_admin")
    unknown = api.put_json(
        f"{CLIENTS}/beta/fee-rates", {"method": "nope", "currency": "BRL", "percent_bp": 1, "fixed": 0}
    )
    assert unknown.status_code == 400
    usd = api.put_json(
        f"{CLIENTS}/beta/fee-rates", {"method": "pix", "currency": "USD", "percent_bp": 900, "fixed": 0}
    )
    assert usd.status_code == 400  # beta has no dollars
    assert usd.json()["fields"] == {"currency": "not_a_client_currency"}
    assert not FeeRate.objects.filter(tenant__slug="beta").exists()


@pytest.mark.parametrize("role", ["partner_analyst", "partner_support", "partner_providers"])
def test_the_reading_roles_are_refused(allowed: None, role: str) -> None:
    api = logged("orbita", role)
    assert api.get(f"{CLIENTS}/beta").status_code == 403
    assert api.patch_json(f"{CLIENTS}/beta", {"modules": ["direct_deposits"]}).status_code == 403
    fee = {"method": "pix", "currency": "BRL", "percent_bp": 900, "fixed": 10}
    assert api.put_json(f"{CLIENTS}/beta/fee-rates", fee).status_code == 403
    assert Tenant.objects.get(slug="beta").modules == []
    assert not FeeRate.objects.filter(tenant__slug="beta").exists()


def test_another_partners_client_answers_404(allowed: None, stranger: Tenant) -> None:
    api = logged("orbita", "partner")
    assert api.get(f"{CLIENTS}/{stranger.slug}").status_code == 404
    assert api.patch_json(f"{CLIENTS}/{stranger.slug}", {"modules": ["direct_deposits"]}).status_code == 404
    fee = {"method": "pix", "currency": "BRL", "percent_bp": 900, "fixed": 10}
    assert api.put_json(f"{CLIENTS}/{stranger.slug}/fee-rates", fee).status_code == 404
    assert api.get(f"{CLIENTS}/nowhere").status_code == 404
    assert Tenant.objects.get(slug=stranger.slug).modules == []
    assert not FeeRate.objects.filter(tenant=stranger).exists()


def test_a_client_unlinked_during_the_session_answers_404_on_the_next_request(allowed: None) -> None:
    api = logged("orbita", "partner_admin")
    assert api.get(f"{CLIENTS}/beta").status_code == 200
    services.do_unlink_partner(
        admin_user(), Tenant.objects.get(slug="orbita"), Tenant.objects.get(slug="beta")
    )
    assert api.get(f"{CLIENTS}/beta").status_code == 404
    assert api.patch_json(f"{CLIENTS}/beta", {"modules": ["direct_deposits"]}).status_code == 404
    fee = {"method": "pix", "currency": "BRL", "percent_bp": 900, "fixed": 10}
    assert api.put_json(f"{CLIENTS}/beta/fee-rates", fee).status_code == 404
    assert Tenant.objects.get(slug="beta").modules == []
    assert not FeeRate.objects.filter(tenant__slug="beta").exists()
