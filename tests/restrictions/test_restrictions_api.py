"""Restrictions through the HTTP API: the contract (propose -> validated by another staff member ->
active), who may do what, bad input, and enforcement on deposits and payouts, through the session and
through an API key, scoped per client and ending at expiry."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from accounts import identity_cache
from accounts.models import Membership, User
from audit.models import AuditEntry
from compliance.models import ComplianceRule
from notifications.models import Notification
from ops.demo import BETA_OWNER, DEMO_PASSWORD, demo_email
from payments.models import Deposit
from payouts.models import Payout
from restrictions.models import Restriction
from tenants.models import Tenant
from tests.payouts.helpers import BB_ACCOUNT, balance, create_payout, fund, logged
from tests.support.http import ApiClient
from tests.support.second_factor import login_payload

pytestmark = pytest.mark.django_db

CPF = "529.982.247-25"  # BB_ACCOUNT's holder and the deposits' payer
OTHER_CPF = "390.533.447-05"
PAYER = {"name": "João da Silva", "document": CPF, "email": "Joao@Example.com"}
DEPOSIT = {"method": "pix", "amount": 1_000, "currency": "BRL", "payer": PAYER}
BENEFICIARY = {"holder_name": "Ana Souza", "holder_document": CPF, "pix_key": "ana.souza@example.com"}


@pytest.fixture(autouse=True)
def _forget_cached_identities() -> Any:
    yield
    identity_cache.changed()


@pytest.fixture
def admin() -> ApiClient:
    return logged("public", "admin")


def staff(role: str = "admin", language: str = "en") -> ApiClient:
    """Another staff member of the platform (a second pair of eyes), logged in."""
    with schema_context("public"):
        user = User.objects.create_user(f"{role}-{uuid.uuid4().hex[:8]}@demo.test", DEMO_PASSWORD)
        Membership.objects.create(user=user, tenant=Tenant.objects.get(slug="platform"), role=role)
    client = ApiClient("public", language=language)
    response = client.post_json("/api/auth/login", login_payload(user.email, DEMO_PASSWORD))
    assert response.status_code == 200, response.content
    return client


def propose(who: ApiClient, /, **overrides: Any) -> Any:
    body = {"kind": "document", "value": CPF, "scope": "platform", "client": None,
            "reason": "Fraude confirmada pelo banco", "expires_at": None, **overrides}  # fmt: skip
    return who.post_json("/api/restrictions", body)


def active(proposer: ApiClient, **overrides: Any) -> str:
    """A restriction proposed by `proposer` and validated by another admin: its id."""
    response = propose(proposer, **overrides)
    assert response.status_code == 201, response.content
    restriction_id = str(response.json()["id"])
    validated = staff().post_json(f"/api/restrictions/{restriction_id}/validate")
    assert validated.status_code == 200, validated.content
    assert validated.json()["status"] == "active"
    return restriction_id


def api_key(slug: str = "acme") -> str:
    response = logged(slug, "client").post_json("/api/credentials/keys", {"name": "ERP"})
    assert response.status_code == 201, response.content
    return str(response.json()["token"])


def no_rule(slug: str = "acme") -> None:
    with schema_context("public"):
        ComplianceRule.objects.filter(tenant__slug=slug).delete()


def hits_notified(slug: str) -> list[Notification]:
    with schema_context("public"):
        return list(Notification.objects.filter(tenant__slug=slug, kind="restriction.hit"))


# ------------------------------------------------------------------------------------- contract
def test_a_proposal_answers_its_id_and_proposed_and_notifies_the_staff_who_validate(admin: ApiClient) -> None:
    response = propose(admin, value="529.982.247-25")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["id"].startswith("rst_")
    assert body["status"] == "proposed"
    assert (body["kind"], body["value"], body["scope"], body["client"]) == (
        "document",
        "52998224725",
        "platform",
        None,
    )
    assert body["proposed_by"]["email"] == demo_email("admin")
    with schema_context("public"):
        notified = Notification.objects.filter(kind="restriction.proposed")
        links = {(n.user.email, n.link) for n in notified}
        assert (demo_email("employee"), "employee/valid-restrictions") in links
        assert (demo_email("admin"), "admin/restrictions") in links
        assert AuditEntry.objects.filter(
            action="restriction.proposed", target_id=str(Restriction.objects.get(public_id=body["id"]).pk)
        ).exists()


def test_the_proposer_cannot_validate_another_staff_member_makes_it_active(admin: ApiClient) -> None:
    restriction_id = propose(admin).json()["id"]
    own = admin.post_json(f"/api/restrictions/{restriction_id}/validate")
    assert own.status_code == 403
    assert own.json()["code"] == "restriction_self_validation"
    assert (
        own.json()["message"]
        == "Whoever proposed the restriction cannot validate it: another staff member must."
    )
    pt = ApiClient("public", language="pt-BR")
    pt.login_as("admin")
    assert (
        "outra pessoa da equipe"
        in pt.post_json(f"/api/restrictions/{restriction_id}/validate").json()["message"]
    )

    employee = logged("public", "employee")  # validates from employee/valid-restrictions
    validated = employee.post_json(f"/api/restrictions/{restriction_id}/validate")
    assert validated.status_code == 200, validated.content
    assert validated.json()["status"] == "active"
    assert validated.json()["validated_by"]["email"] == demo_email("employee")
    again = staff().post_json(f"/api/restrictions/{restriction_id}/validate")
    assert (again.status_code, again.json()["code"]) == (409, "restriction_not_pending")
    with schema_context("public"):
        assert AuditEntry.objects.filter(action="restriction.validated").exists()


def test_reject_and_revoke_need_a_reason_and_are_audited(admin: ApiClient) -> None:
    proposed_id = propose(admin).json()["id"]
    other = staff()
    assert other.post_json(f"/api/restrictions/{proposed_id}/reject", {"reason": ""}).status_code == 400
    rejected = other.post_json(f"/api/restrictions/{proposed_id}/reject", {"reason": "Sem evidência"})
    assert (rejected.status_code, rejected.json()["status"]) == (200, "rejected")
    assert rejected.json()["end_reason"] == "Sem evidência"

    active_id = active(admin)
    revoked = admin.post_json(f"/api/restrictions/{active_id}/revoke", {"reason": "Cliente regularizado"})
    assert (revoked.status_code, revoked.json()["status"]) == (200, "revoked")
    with schema_context("public"):
        assert {"restriction.rejected", "restriction.revoked"} <= set(
            AuditEntry.objects.filter(action__startswith="restriction.").values_list("action", flat=True)
        )
    # a revoked restriction no longer applies
    no_rule()
    acme = logged("acme", "client")
    assert acme.post_json("/api/deposits", DEPOSIT).status_code == 201


def test_list_filters_and_keyset_pages(admin: ApiClient) -> None:
    first = active(admin, kind="email", value="Fraude@Example.com")
    second = propose(admin, kind="phone", value="(11) 99876-5432").json()["id"]
    third = propose(
        admin, kind="bank_account", value="001/1234-3/00567890-0", scope="client", client="beta"
    ).json()
    assert third["value"] == "001/1234/5678900"
    assert propose(admin, kind="pix_key", value="+55 11 99876-5432").json()["value"] == "+5511998765432"

    def ids(**params: str) -> list[str]:
        response = admin.get("/api/restrictions", params)
        assert response.status_code == 200, response.content
        return [row["id"] for row in response.json()["items"]]

    assert first in ids(status="active")
    assert second not in ids(status="active")
    assert second in ids(status="proposed", kind="phone")
    assert ids(client="beta") == [third["id"]]
    assert third["id"] not in ids(client="platform")
    assert ids(q="fraude@example.com") == [first]
    assert second in ids(q="11998765432", kind="phone")
    page = admin.get("/api/restrictions", {"per_page": 10}).json()
    assert len(page["items"]) <= 10
    assert admin.get("/api/restrictions", {"cursor": "garbage"}).json()["code"] == "invalid_cursor"


def test_an_employee_sees_and_restricts_only_the_clients_assigned_to_them(admin: ApiClient) -> None:
    beta_only = propose(admin, scope="client", client="beta").json()["id"]
    employee = logged("public", "employee")  # assigned to acme only
    assert beta_only not in [row["id"] for row in employee.get("/api/restrictions").json()["items"]]
    refused = propose(employee, scope="client", client="beta", value=OTHER_CPF)
    assert refused.status_code == 400
    assert refused.json()["fields"] == {"client": "not_found"}
    assert propose(employee, scope="client", client="acme", value=OTHER_CPF).status_code == 201
    assert (
        staff().post_json(f"/api/restrictions/{beta_only}/validate").status_code == 200
    )  # an admin sees all


@pytest.mark.parametrize("role", ["client", "client_user_admin", "client_user_financial"])
def test_clients_cannot_create_or_list_restrictions(role: str) -> None:
    client = logged("acme", role)
    assert propose(client).status_code == 403
    assert client.get("/api/restrictions").status_code == 403


def test_bad_input_is_a_translated_400_never_a_500(admin: ApiClient) -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"value": "123.456.789-00"}, "value"),
        ({"kind": "passport"}, "kind"),
        ({"kind": "email", "value": "not-an-email"}, "value"),
        ({"kind": "phone", "value": "12"}, "value"),
        ({"kind": "pix_key", "value": "???"}, "value"),
        ({"kind": "bank_account", "value": "999/1/2"}, "value"),
        ({"kind": "bank_account", "value": "001-1234"}, "value"),
        ({"scope": "client"}, "client"),
        ({"scope": "client", "client": "nope"}, "client"),
        ({"client": "acme"}, "client"),
        ({"reason": "  "}, "reason"),
        ({"expires_at": "2020-01-01T00:00:00Z"}, "expires_at"),
        ({"expires_at": "2099-01-01T00:00:00"}, "expires_at"),  # no offset: ambiguous
        ({"expires_at": "soon"}, "expires_at"),
    ]
    for overrides, field in cases:
        response = propose(admin, **overrides)
        assert response.status_code == 400, (overrides, response.content)
        body = response.json()
        assert body["code"] == "invalid_input", overrides
        assert body["message"] == "Please check the highlighted fields."
        assert any(field in key for key in body.get("fields", {})), (overrides, body)
    assert admin.post_json("/api/restrictions/rst_nope/validate").status_code == 404
    assert propose(admin).status_code == 201
    duplicate = propose(admin, value="52998224725")
    assert (duplicate.status_code, duplicate.json()["code"]) == (409, "restriction_exists")


# ---------------------------------------------------------------------------------- enforcement
def test_a_restricted_payer_cannot_deposit_by_session_nor_by_api_key(admin: ApiClient) -> None:
    active(admin)
    acme = logged("acme", "client")
    refused = acme.post_json("/api/deposits", DEPOSIT)
    assert refused.status_code == 422, refused.content
    assert refused.json()["code"] == "restricted"
    assert refused.json()["message"] == (
        "Operation refused: the CPF/CNPJ given is on one of the platform's restriction lists."
    )
    assert refused.json()["fields"] == {"payer.document": "restricted"}

    keyed = ApiClient("acme", language="pt-BR", enforce_csrf_checks=True)
    by_key = keyed.post_json("/api/deposits", DEPOSIT, headers={"Authorization": f"Bearer {api_key()}"})
    assert by_key.status_code == 422, by_key.content
    assert by_key.json()["code"] == "restricted"
    assert by_key.json()["message"].startswith("Operação recusada: o CPF/CNPJ informado")
    with schema_context("acme"):
        assert not Deposit.objects.filter(payer_document="52998224725", amount=1_000).exists()
    notified = hits_notified("acme")
    assert {n.user.email for n in notified} >= {demo_email("client")}
    assert all(n.link == "clients/payments" for n in notified)


def test_a_restricted_email_refuses_a_deposit_whatever_its_case(admin: ApiClient) -> None:
    active(admin, kind="email", value="joao@example.com")
    response = logged("acme", "client").post_json("/api/deposits", DEPOSIT)
    assert (response.status_code, response.json()["code"]) == (422, "restricted")
    assert response.json()["fields"] == {"payer.email": "restricted"}


def test_a_restricted_beneficiary_cannot_be_paid_by_session_nor_by_api_key(admin: ApiClient) -> None:
    no_rule()
    fund("acme", 100_000)
    before = balance("acme")
    active(admin)
    acme = logged("acme", "client")
    body = {"amount": 10_000, "currency": "BRL", "method": "pix", "beneficiary": BENEFICIARY}
    refused = create_payout(acme, body)
    assert (refused.status_code, refused.json()["code"]) == (422, "restricted")
    assert refused.json()["fields"] == {"beneficiary.holder_document": "restricted"}
    account = acme.post_json("/api/bank-accounts", BB_ACCOUNT)
    assert account.status_code == 201, account.content
    saved = {"amount": 10_000, "currency": "BRL", "method": "ted", "bank_account_id": account.json()["id"]}
    assert create_payout(acme, saved).json()["code"] == "restricted"

    keyed = ApiClient("acme", enforce_csrf_checks=True)
    headers = {"X-Api-Key": api_key(), "Idempotency-Key": uuid.uuid4().hex}
    by_key = keyed.post_json("/api/payouts", body, headers=headers)
    assert (by_key.status_code, by_key.json()["code"]) == (422, "restricted")
    assert balance("acme") == before
    with schema_context("acme"):
        assert not Payout.objects.filter(beneficiary_document="52998224725", amount=10_000).exists()
    assert {n.link for n in hits_notified("acme")} == {"clients/withdraws"}


@pytest.mark.parametrize(
    ("kind", "value", "beneficiary", "field"),
    [
        ("pix_key", "ANA.SOUZA@example.com", {}, "beneficiary.pix_key"),
        ("email", "ana.souza@example.com", {}, "beneficiary.pix_key"),
        ("phone", "+55 (11) 99876-5432", {"pix_key": "+5511998765432"}, "beneficiary.pix_key"),
        ("document", OTHER_CPF, {"pix_key": "39053344705"}, "beneficiary.pix_key"),
        (
            "bank_account",
            "1/01234/567890-0",
            {
                "pix_key": "",
                "bank_compe": "001",
                "agency": "1234",
                "agency_digit": "3",
                "account": "567890",
                "account_digit": "0",
                "account_type": "checking",
            },
            "beneficiary.account",
        ),
    ],
)
def test_every_kind_refuses_a_payout_that_names_it(
    admin: ApiClient, kind: str, value: str, beneficiary: dict[str, str], field: str
) -> None:
    no_rule()
    fund("acme", 50_000)
    active(admin, kind=kind, value=value)
    method = "ted" if kind == "bank_account" else "pix"
    # Only the key or the account is restricted: the holder is someone else.
    holder = {"holder_document": OTHER_CPF} if kind != "document" else {}
    body = {
        "amount": 1_000,
        "currency": "BRL",
        "method": method,
        "beneficiary": {**BENEFICIARY, **beneficiary, **holder},
    }
    response = create_payout(logged("acme", "client"), body)
    assert (response.status_code, response.json()["code"]) == (422, "restricted"), response.content
    assert response.json()["fields"] == {field: "restricted"}


def test_staff_single_payouts_are_checked_too(admin: ApiClient) -> None:
    no_rule()
    fund("acme", 50_000)
    active(admin)
    body = {"amount": 1_000, "currency": "BRL", "method": "pix", "beneficiary": BENEFICIARY}
    response = admin.post_json(
        "/api/admin/payouts", {**body, "client": "acme"}, headers={"Idempotency-Key": uuid.uuid4().hex}
    )
    assert (response.status_code, response.json()["code"]) == (422, "restricted"), response.content


def test_a_client_scoped_restriction_does_not_touch_another_client(admin: ApiClient) -> None:
    active(admin, scope="client", client="beta")
    acme = logged("acme", "client")
    assert acme.post_json("/api/deposits", DEPOSIT).status_code == 201  # acme: not restricted
    beta = ApiClient("beta")
    login = beta.post_json("/api/auth/login", login_payload(BETA_OWNER, DEMO_PASSWORD))
    assert login.status_code == 200, login.content
    refused = beta.post_json("/api/deposits", DEPOSIT)
    assert (refused.status_code, refused.json()["code"]) == (422, "restricted")
    assert hits_notified("acme") == []
    assert hits_notified("beta")


def test_an_expired_restriction_no_longer_applies(admin: ApiClient) -> None:
    restriction_id = active(admin, expires_at=(timezone.now() + timedelta(days=1)).isoformat())
    acme = logged("acme", "client")
    assert acme.post_json("/api/deposits", DEPOSIT).status_code == 422
    with schema_context("public"):
        Restriction.objects.filter(public_id=restriction_id).update(
            expires_at=timezone.now() - timedelta(seconds=1)
        )
    assert acme.post_json("/api/deposits", DEPOSIT).status_code == 201
    listed = admin.get("/api/restrictions", {"status": "expired"}).json()["items"]
    assert [row["status"] for row in listed if row["id"] == restriction_id] == ["expired"]
    assert restriction_id not in [
        row["id"] for row in admin.get("/api/restrictions", {"status": "active"}).json()["items"]
    ]


def test_a_proposal_not_yet_validated_does_not_apply(admin: ApiClient) -> None:
    assert propose(admin).status_code == 201
    assert logged("acme", "client").post_json("/api/deposits", DEPOSIT).status_code == 201
