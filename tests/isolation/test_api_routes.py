"""Isolation, proven over every API route (enumerated from the API, so new routes are covered).

For each operation, with real sessions from the real login endpoint:
- it is public, or it declares its guard (a route of the route table, or any member);
- anonymous callers get 401;
- a session of tenant A sent to tenant B's host gets 401;
- a signed-in role that may not see the operation's route gets 403 (read-only roles get 403 on writes);
- a user allowed by the route who asks for another tenant's object ids on its own host gets 404.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from accounts.models import Membership
from notifications.services import notify
from tenants.models import Tenant, TenantKind
from tests.support.http import ApiClient
from tests.support.personas import PERSONAS
from tests.support.routes import BODIES, Operation, allowed, operations

pytestmark = pytest.mark.django_db

OPERATIONS = operations()
GUARDED = [op for op in OPERATIONS if not op.is_public]
ROUTED = [op for op in OPERATIONS if op.routes]
# The document look-up (client/kyc-consult) names a CPF/CNPJ, not an object of a tenant: staff see every
# client, so another client's payer is found by design; a partner's scope is tested in
# tests/customers/test_kyc_consult.py (a document of a client outside its portfolio tells nothing).
LOOK_UPS = {"GET /api/kyc/consult/{document}"}
WITH_OBJECTS = [op for op in OPERATIONS if op.params and not op.is_public and str(op) not in LOOK_UPS]

NO_BODY = {"GET", "DELETE"}
MULTIPART = {
    ("POST", "/api/auth/avatar"),
    ("POST", "/api/payout-imports"),
    ("POST", "/api/kyc/documents"),
    ("POST", "/api/med-cases/{case_id}/evidence"),
    ("POST", "/api/admin/payout-imports/{client}"),
    ("POST", "/api/batch-files/returns"),
}


def call(client: Client, op: Operation, /, **values: object) -> Any:
    return send(client, op, None, **values)


def send(
    client: Client,
    op: Operation,
    headers: dict[str, str] | None,
    /,
    tenant: object = None,
    **values: object,
) -> Any:
    """`call` with extra request headers (e.g. an API key). `tenant`: the tenant slug an operation
    takes besides its path (as its `tenant` query parameter, or in its body), when it takes one."""
    url = op.url(**values)
    if tenant is not None and op.tenant_in == "query":
        url += f"?tenant={tenant}"
    if op.method in NO_BODY:
        return client.generic(op.method, url, headers=headers)
    if (op.method, op.path) in MULTIPART:
        return client.post(url, data={}, headers=headers)
    body = BODIES.get((op.method, op.path), {})
    if tenant is not None and op.tenant_in == "body":
        body = {**body, "tenant": tenant}
    return client.generic(op.method, url, json.dumps(body), content_type="application/json", headers=headers)


def test_every_operation_is_public_or_declares_its_guard() -> None:
    unguarded = [str(op) for op in GUARDED if not (op.routes or op.any_member)]
    assert unguarded == []


# Unsafe operations a read-only role may call, on purpose: a member's own profile, password, avatar and
# notifications (`any_member`: they change nothing of the tenant's). Every other unsafe operation
# declares write=True, so read-only roles are refused (the 403 cases below expect it).
WRITES_FOR_EVERY_MEMBER = {
    "PATCH /api/auth/profile",
    "POST /api/auth/password",
    "POST /api/auth/avatar",
    # the member's own second factor (a read-only role keeps its own security settings)
    "POST /api/auth/security/totp/disable",
    "POST /api/auth/security/recovery-codes",
    "DELETE /api/auth/security/passkeys/{passkey_id}",
    "POST /api/notifications/{notification_id}/read",
    "POST /api/notifications/read-all",
    # exports: a member's own files of the lists they may read (the list's route is checked per type)
    "POST /api/exports",
    "POST /api/exports/{export_id}/cancel",
}
UNSAFE = [op for op in GUARDED if op.method not in {"GET", "HEAD", "OPTIONS"}]


def test_every_unsafe_operation_declares_write_unless_it_is_on_the_allow_list() -> None:
    undeclared = sorted(str(op) for op in UNSAFE if not op.write and str(op) not in WRITES_FOR_EVERY_MEMBER)
    assert undeclared == []
    # the allow-list names only existing operations open to every member, and none that declares write
    listed = {str(op): op for op in UNSAFE if str(op) in WRITES_FOR_EVERY_MEMBER}
    assert set(listed) == WRITES_FOR_EVERY_MEMBER
    assert all(op.any_member and not op.routes and not op.write for op in listed.values())


def test_every_operation_with_a_body_has_a_sample() -> None:
    needs = [
        str(op)
        for op in OPERATIONS
        if op.method not in NO_BODY and not op.is_public and (op.method, op.path) not in MULTIPART
    ]
    # operations whose body is empty by design (the logo's body is the image itself: `{}` is refused as one)
    bodyless = {"POST /api/admin/tenants/{slug}/suspend", "POST /api/admin/tenants/{slug}/reactivate",
                "POST /api/notifications/{notification_id}/read", "POST /api/notifications/read-all",
                "POST /api/credentials/keys/{key_id}/revoke",
                "POST /api/restrictions/{restriction_id}/validate",
                "POST /api/statements/adjustments/{adjustment_id}/confirm",
                "POST /api/webhook-deliveries/{delivery_id}/resend",
                "POST /api/payout-imports/{import_id}/confirm", "POST /api/payout-imports/{import_id}/cancel",
                "POST /api/admin/payout-imports/{client}/{import_id}/confirm",
                "POST /api/admin/payout-imports/{client}/{import_id}/cancel",
                "POST /api/exports/{export_id}/cancel", "POST /api/notices/{notice_id}/withdraw",
                "PUT /api/company/logo"}  # fmt: skip
    assert sorted(set(needs) - bodyless - {f"{m} {p}" for m, p in BODIES}) == []


@pytest.mark.parametrize("op", GUARDED, ids=str)
@pytest.mark.parametrize("slug", ["public", "acme", "orbita"])
def test_anonymous_gets_401(op: Operation, slug: str) -> None:
    response = call(ApiClient(slug), op, slug="acme")
    assert response.status_code == 401, response.content
    assert response.json()["code"] == "not_authenticated"


@pytest.mark.parametrize("op", GUARDED, ids=str)
@pytest.mark.parametrize(("role", "home", "other"), [("client", "acme", "beta"), ("admin", "public", "acme"),
                                                     ("partner_admin", "orbita", "acme")])  # fmt: skip
def test_a_session_of_one_tenant_is_refused_on_another_host(
    op: Operation, role: str, home: str, other: str
) -> None:
    mine = ApiClient(home)
    mine.login_as(role)
    elsewhere = ApiClient(other)
    elsewhere.cookies = mine.cookies
    response = call(elsewhere, op, slug=home)
    assert response.status_code == 401, (str(op), response.content)


def forbidden_cases() -> list[tuple[Operation, str, str]]:
    """Every routed operation with every persona the route table refuses it to."""
    return [(op, role, slug) for op in ROUTED for role, slug in PERSONAS if not allowed(op, role, slug)]


@pytest.mark.parametrize(("op", "role", "slug"), forbidden_cases(), ids=str)
def test_a_role_without_the_route_gets_403(op: Operation, role: str, slug: str) -> None:
    client = ApiClient(slug)
    client.login_as(role)
    response = call(
        client, op, slug=slug if slug != "public" else "acme", member_id=1, user_id=1, notification_id=1
    )
    assert response.status_code == 403, (str(op), role, response.content)
    assert response.json()["code"] in {"forbidden", "read_only_role"}


# ----------------------------------------------------------------------------- foreign object ids
ALL_TENANT_ROLES = {"admin", "financial", "company"}  # access.scoped.ALL_TENANTS_ROLES


def foreign_values(role: str, slug: str) -> dict[str, object]:
    """Ids of real objects that belong to a tenant this persona's scope must not reach.

    Client and partner roles: another client's objects (a partner's: a client outside its portfolio).
    Staff who see every client and partner (admin, financial): the one tenant outside their scope is
    the platform itself, which no operation on clients may touch: its slug, and the platform tenant's
    own fee rate and provider route (real rows, which the operation would change if it skipped the
    scope check); the other ids are another client's, refused for what they are on these routes."""
    other = "beta" if slug == "acme" else "acme"
    if slug == "orbita":
        outsider = Tenant.objects.get(slug="gamma")
        other_slug = outsider.slug
        other_tenant = outsider
    elif role in ALL_TENANT_ROLES:
        other_slug = platform_tenant_with_rows().slug
        other_tenant = Tenant.objects.get(slug=other)
    else:
        other_slug = other if slug != "public" else "beta"
        other_tenant = Tenant.objects.get(slug=other_slug)
    membership = Membership.objects.filter(tenant=other_tenant).select_related("user").first()
    assert membership is not None
    notification = notify(membership, "private to another tenant")
    deposit_id = other_tenant_deposit(other_tenant)
    money_out = other_tenant_money_out(other_tenant, deposit_id)
    return {
        **money_out,
        "deposit_id": deposit_id,
        "document": other_tenant_customer(other_tenant),
        "slug": other_slug,
        "client": other_slug,  # a client's slug in a staff path (admin/kyc)
        "tenant": other_slug,  # the tenant an operation takes besides its path (admin plugins, fee rates)
        "member_id": membership.pk,
        "user_id": membership.user_id,
        "notification_id": notification.pk,
        "key_id": other_tenant_api_key(other_tenant),
        **other_tenant_webhook(other_tenant),
        "export_id": other_tenant_export(other_tenant, membership.user_id),
        # staff who see every client: an adjustment of the platform's own tenant is outside their scope
        "adjustment_id": other_tenant_adjustment(
            Tenant.objects.get(kind=TenantKind.PLATFORM) if role in ALL_TENANT_ROLES else other_tenant,
            membership.user_id,
        ),
        # real plugin, method and currency (of the platform tenant's rows above)
        "kind": "method",
        "code": "pix",
        "method": "pix",
        "currency": "BRL",
    }


def other_tenant_adjustment(tenant: Tenant, user_id: int) -> str:
    """An external adjustment proposed for `tenant` (written directly: only its id matters here)."""
    from core.ids import new_public_id
    from statements.models import Adjustment

    return Adjustment.objects.create(
        public_id=new_public_id("adj"), tenant=tenant, direction="credit", amount=100, currency="BRL",
        reason="other tenant", proposed_by_id=user_id,
    ).public_id  # fmt: skip


def platform_tenant_with_rows() -> Tenant:
    """The platform's own tenant, given a fee rate and a provider route of its own (inside the test's
    transaction): objects of a tenant outside every staff scope."""
    from gateway.models import FeeRate, ProviderRoute

    platform = Tenant.objects.get(kind=TenantKind.PLATFORM)
    FeeRate.objects.create(tenant=platform, method="pix", currency="BRL", percent_bp=1, fixed=1)
    ProviderRoute.objects.create(tenant=platform, method="pix", provider="sandbox_bank")
    return platform


def other_tenant_deposit(tenant: Tenant) -> str:
    """A deposit row in `tenant`'s schema (written directly: only its id matters here)."""
    from django_tenants.utils import schema_context

    from core.ids import new_public_id
    from payments.models import Deposit

    with schema_context(tenant.schema_name):
        deposit = Deposit.objects.create(
            public_id=new_public_id("dep"), method="pix", amount=100, currency="BRL",
            payer_name="Other Tenant", payer_document="52998224725",
        )  # fmt: skip
    return deposit.public_id


def other_tenant_customer(tenant: Tenant) -> str:
    """A customer (payer) of `tenant` under a CPF no demo client has (written directly: the document
    is its key)."""
    from django.utils import timezone
    from django_tenants.utils import schema_context

    from brazil.documents import cpf_check_digits
    from customers.models import Customer

    base = "314159265"
    document = base + cpf_check_digits(base)
    now = timezone.now()
    with schema_context(tenant.schema_name):
        Customer.objects.get_or_create(
            document=document, defaults={"name": "Other Tenant", "first_seen_at": now, "last_seen_at": now}
        )
    return document


def other_tenant_money_out(tenant: Tenant, deposit_id: str) -> dict[str, object]:
    """A bank account, a payout and a refund in `tenant`'s schema (written directly: ids only)."""
    from django_tenants.utils import schema_context

    from bank_accounts.models import BankAccount
    from core.ids import new_public_id
    from payments.models import Deposit
    from payouts.models import Payout
    from refunds.models import Refund

    with schema_context(tenant.schema_name):
        account = BankAccount.objects.create(
            public_id=new_public_id("bac"), owner_kind="company", holder_name="Other Tenant",
            holder_document="52998224725", bank_ispb="00000000", bank_compe="001", bank_name="BB",
            agency="1234", account="567890", account_digit="0", account_type="checking",
        )  # fmt: skip
        payout = Payout.objects.create(
            public_id=new_public_id("pay"), kind="standard", method="pix", amount=100, currency="BRL",
            beneficiary_name="Other Tenant", beneficiary_document="52998224725", provider="sandbox_bank",
        )  # fmt: skip
        refund = Refund.objects.create(
            public_id=new_public_id("ref"), deposit=Deposit.objects.get(public_id=deposit_id), amount=50,
            currency="BRL", reason="other tenant",
        )  # fmt: skip
    return {
        "bank_account_id": account.public_id,
        "payout_id": payout.public_id,
        "refund_id": refund.public_id,
    }


def other_tenant_api_key(tenant: Tenant) -> str:
    """An API key in `tenant`'s schema (written directly: only its public id matters here)."""
    import secrets

    from django_tenants.utils import schema_context

    from credentials.models import ApiKey

    with schema_context(tenant.schema_name):
        key = ApiKey.objects.create(
            prefix=secrets.token_hex(6), name="other tenant", secret_hash="0" * 64, membership_id=0,
            user_id=0, created_by_email="other@x.test",
        )  # fmt: skip
    return key.prefix


def other_tenant_webhook(tenant: Tenant) -> dict[str, object]:
    """A webhook endpoint and one delivery in `tenant`'s schema (written directly: ids only)."""
    from django.utils import timezone
    from django_tenants.utils import schema_context

    from core.ids import new_public_id
    from webhooks.models import WebhookDelivery, WebhookEndpoint, WebhookEvent

    if tenant.kind != TenantKind.CLIENT:  # only clients have webhooks: any id is foreign here
        return {"endpoint_id": new_public_id("we"), "delivery_id": new_public_id("wd")}
    with schema_context(tenant.schema_name):
        endpoint = WebhookEndpoint.objects.create(
            public_id=new_public_id("we"),
            url="https://93.184.215.14/x",
            events=["deposit.created"],
            secret={},
        )
        event = WebhookEvent.objects.create(
            public_id=new_public_id("evt"), type="deposit.created", object_id="d", data={}
        )
        delivery = WebhookDelivery.objects.create(
            public_id=new_public_id("wd"), endpoint=endpoint, event=event, next_attempt_at=timezone.now()
        )
    return {"endpoint_id": endpoint.public_id, "delivery_id": delivery.public_id}


def other_tenant_export(tenant: Tenant, owner_id: int) -> str:
    """A finished export in `tenant`'s schema (a client's; the platform and partners have none)."""
    from datetime import timedelta

    from django.utils import timezone
    from django_tenants.utils import schema_context

    from core.ids import new_public_id
    from exports.models import Export

    if tenant.kind != TenantKind.CLIENT:
        return new_public_id("exp")  # exists nowhere: 404 all the same
    with schema_context(tenant.schema_name):
        export = Export.objects.create(
            public_id=new_public_id("exp"), owner_id=owner_id, type="payments", format="csv", status="done",
            expires_at=timezone.now() + timedelta(days=1),
        )  # fmt: skip
    return export.public_id


# Cases with no foreign object to ask for: staff who see every client (admin; section 6: "staff over
# all") reach every client's payout, so no payout is outside their scope (the public schema holds
# none). Their reach is tested in tests/payouts/test_staff_payout_list.py and test_payouts_api.py;
# an id that exists nowhere is tested below (test_a_payout_id_that_exists_nowhere_answers_404).
NO_FOREIGN_OBJECT = {
    ("GET /api/payouts/{payout_id}", "admin"),
    ("POST /api/payouts/{payout_id}/approve", "admin"),
    ("POST /api/payouts/{payout_id}/reject", "admin"),
}


def object_cases() -> list[tuple[Operation, str, str]]:
    """Every operation on an object id with every persona allowed to call it (others get 403 above)."""
    return [
        (op, role, slug)
        for op in WITH_OBJECTS
        for role, slug in PERSONAS
        if (not op.routes or allowed(op, role, slug)) and (str(op), role) not in NO_FOREIGN_OBJECT
    ]


def test_the_cases_without_a_foreign_object_are_still_operations_staff_may_call() -> None:
    cases = {(str(op), role) for op in WITH_OBJECTS for role, slug in PERSONAS if allowed(op, role, slug)}
    assert cases >= NO_FOREIGN_OBJECT
    assert all(role in ALL_TENANT_ROLES for _, role in NO_FOREIGN_OBJECT)


@pytest.mark.parametrize(
    "op", [op for op in WITH_OBJECTS if "{payout_id}" in op.path and allowed(op, "admin", "public")], ids=str
)
def test_a_payout_id_that_exists_nowhere_answers_404(op: Operation) -> None:
    client = ApiClient("public")
    client.login_as("admin")
    response = call(client, op, payout_id="pay_" + "0" * 20)
    assert response.status_code == 404, (str(op), response.content)
    assert response.json()["code"] == "not_found"


@pytest.fixture(scope="module")
def gamma(django_db_setup: None, django_db_blocker: Any) -> None:
    """A client tenant outside the demo partner's portfolio (committed; removed at the end)."""
    from django_tenants.utils import schema_context

    from accounts.models import User
    from tenants.services import create_tenant

    with django_db_blocker.unblock(), schema_context("public"):
        tenant = Tenant.objects.filter(slug="gamma").first() or create_tenant(
            slug="gamma", name="Gamma", kind="client"
        )
        user, _ = User.objects.get_or_create(email="owner@gamma.test")
        Membership.objects.get_or_create(user=user, tenant=tenant, defaults={"role": "client"})


@pytest.mark.parametrize(("op", "role", "slug"), object_cases(), ids=str)
def test_another_tenants_object_ids_answer_404(op: Operation, role: str, slug: str, gamma: None) -> None:
    client = ApiClient(slug)
    client.login_as(role)
    response = call(client, op, **foreign_values(role, slug))
    assert response.status_code == 404, (str(op), role, response.content)
    assert response.json()["code"] == "not_found"


# ------------------------------------------------------------------------- a client named by slug
# Operations that take the client they answer about as a `client=<slug>` query parameter (staff and
# partners narrow to one client; a client may name itself). Every persona allowed to call one gets
# 404 for a client outside its scope: another client (a partner: a client outside its portfolio;
# admin and financial: the platform itself).
CLIENT_QUERY_OPS = [op for op in GUARDED if op.path.startswith("/api/stats/")]


def test_the_client_query_operations_are_found() -> None:
    assert {str(op) for op in CLIENT_QUERY_OPS} == {
        "GET /api/stats/summary",
        "GET /api/stats/series",
        "GET /api/stats/volume",
    }


# The volume per client names its client as a filter: one outside the scope is a field error (400),
# the same answer as a client that does not exist (nothing told about which exist).
FILTER_CLIENT_OPS = {"GET /api/stats/volume"}


@pytest.mark.parametrize(
    ("op", "role", "slug"),
    [(op, role, slug) for op in CLIENT_QUERY_OPS for role, slug in PERSONAS if allowed(op, role, slug)],
    ids=str,
)
def test_a_client_outside_the_scope_answers_404(op: Operation, role: str, slug: str, gamma: None) -> None:
    client = ApiClient(slug)
    client.login_as(role)
    if slug == "orbita":
        foreign = "gamma"
    elif role in ALL_TENANT_ROLES:
        foreign = Tenant.objects.get(kind=TenantKind.PLATFORM).slug
    else:
        foreign = "beta" if slug == "acme" else "acme"
    for name in (foreign, "no-such-client"):
        response = client.get(op.url(), {"client": name})
        if str(op) in FILTER_CLIENT_OPS:
            assert response.status_code == 400, (str(op), role, response.content)
            assert response.json()["fields"] == {"client": "unknown_client"}
        else:
            assert response.status_code == 404, (str(op), role, response.content)
            assert response.json()["code"] == "not_found"


# ------------------------------------------------------------------------------------- API keys
# Operations that take a session and never an API key (a leaked key must not mint keys, logins or
# passwords). Every other guarded operation accepts a key as well as a session.
SESSION_ONLY = {
    "GET /api/auth/me",
    "PATCH /api/auth/profile",
    "POST /api/auth/password",
    "GET /api/auth/avatar",
    "POST /api/auth/avatar",
    "GET /api/auth/security",
    "POST /api/auth/security/totp/disable",
    "POST /api/auth/security/recovery-codes",
    "DELETE /api/auth/security/passkeys/{passkey_id}",
    "POST /api/members",
    "PATCH /api/members/{member_id}",
    "GET /api/credentials/keys",
    "POST /api/credentials/keys",
    "POST /api/credentials/keys/{key_id}/revoke",
    "POST /api/credentials/keys/{key_id}/rotate",
}


def declared_security() -> dict[str, set[str]]:
    """The security schemes each operation declares in the OpenAPI document (what ninja enforces)."""
    from config.api import api

    paths = api.get_openapi_schema()["paths"]
    return {
        f"{method.upper()} {path}": {name for option in spec.get("security", []) for name in option}
        for path, methods in paths.items()
        for method, spec in methods.items()
    }


def test_every_guarded_operation_takes_a_key_unless_it_is_session_only() -> None:
    security = declared_security()
    guarded = {str(op) for op in GUARDED}
    assert {op for op in guarded if security[op] == {"SessionAuth"}} == SESSION_ONLY
    keyed = {"ApiKeyBearer", "ApiKeyHeader", "SessionAuth"}
    assert sorted(op for op in guarded - SESSION_ONLY if security[op] != keyed) == []


@pytest.fixture
def acme_key() -> str:
    """A live API key of acme's client (created through the service, inside the test's transaction)."""
    from django_tenants.utils import schema_context

    from credentials.services import create_key

    membership = Membership.objects.select_related("user", "tenant").get(
        tenant__slug="acme", user__email="client@demo.test"
    )
    with schema_context("acme"):
        return create_key(membership, name="isolation", expires_at=None).token


@pytest.mark.parametrize("op", GUARDED, ids=str)
@pytest.mark.parametrize("slug", ["beta", "public", "orbita"])
def test_a_key_of_one_tenant_is_refused_on_another_host(op: Operation, slug: str, acme_key: str) -> None:
    response = send(ApiClient(slug), op, {"Authorization": f"Bearer {acme_key}"}, slug="acme")
    assert response.status_code == 401, (str(op), response.content)
    assert response.json()["code"] in {"invalid_api_key", "not_authenticated"}


@pytest.mark.parametrize("op", [op for op in GUARDED if str(op) in SESSION_ONLY], ids=str)
def test_session_only_operations_refuse_a_valid_key_on_its_own_host(op: Operation, acme_key: str) -> None:
    response = send(ApiClient("acme"), op, {"X-Api-Key": acme_key}, member_id=1, key_id="x")
    assert response.status_code == 401, (str(op), response.content)
    assert response.json()["code"] == "not_authenticated"
