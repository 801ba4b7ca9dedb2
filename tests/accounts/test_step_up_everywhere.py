"""Every step-up-protected operation, enumerated from the API (a new one is found automatically).

An operation is step-up-protected when its view calls `second_factor.require_step_up` (or is guarded by
`second_factor.steps_up`, the same check before an idempotent create's transaction). Each one, here,
with real sessions from the real endpoints:
- a signed-in user with NO second factor is refused with 403 `second_factor_enrolment_required`
  (translated, audited), never let through on the password alone;
- enrolling an authenticator app right there (the dashboard's dialog does the same calls) makes the
  session fresh: the same call then passes the step-up;
- once the second factor is older than settings.STEP_UP_SECONDS: 403 `step_up_required`.
A new operation that calls require_step_up fails `test_the_list_is_every_operation_that_steps_up`
until it gets a case below.
"""

from __future__ import annotations

import inspect
import time
from dataclasses import dataclass, field
from typing import Any

import pyotp
import pytest
from django.conf import settings
from django_tenants.utils import schema_context

from accounts import second_factor
from accounts.models import Membership, Passkey, RecoveryCode, TotpDevice, User
from audit.models import AuditEntry
from core.messages import MESSAGES
from ops.demo import demo_email
from tests.support.http import ApiClient
from tests.support.routes import BODIES, operations

pytestmark = pytest.mark.django_db

STEP_UP_CODES = {"step_up_required", "second_factor_enrolment_required"}


@dataclass(frozen=True)
class Case:
    role: str
    slug: str
    method: str
    url: str
    body: dict[str, Any] | None = field(default=None)


def _member_id() -> str:
    return str(Membership.objects.get(user__email=demo_email("client_user_analyst"), tenant__slug="acme").pk)


ADMIN = ("admin", "public")
FEE_RATE = {**BODIES[("PUT", "/api/admin/fee-rates")], "tenant": "acme"}
ROUTE = {**BODIES[("PUT", "/api/admin/routes")], "tenant": "acme"}
FEE_FLOOR = BODIES[("PUT", "/api/admin/partners/{slug}/fee-floors")]
LIMITS = BODIES[("PUT", "/api/admin/platform-settings")]
PARTNER_FEE = BODIES[("PUT", "/api/partner/clients/{slug}/fee-rates")]

# Who may call each step-up-protected operation, and a call that would change something.
CASES: dict[str, Any] = {
    "POST /api/payouts/{payout_id}/approve": lambda: Case(
        *ADMIN, "POST", "/api/payouts/pay_000000000000000000000/approve", {"note": ""}
    ),
    "PUT /api/admin/fee-rates": lambda: Case(*ADMIN, "PUT", "/api/admin/fee-rates", FEE_RATE),
    "DELETE /api/admin/fee-rates/{method}/{currency}": lambda: Case(
        *ADMIN, "DELETE", "/api/admin/fee-rates/pix/BRL?tenant=acme"
    ),
    "PUT /api/admin/routes": lambda: Case(*ADMIN, "PUT", "/api/admin/routes", ROUTE),
    "DELETE /api/admin/routes/{method}": lambda: Case(*ADMIN, "DELETE", "/api/admin/routes/pix?tenant=acme"),
    "PUT /api/admin/partners/{slug}/fee-floors": lambda: Case(
        *ADMIN, "PUT", "/api/admin/partners/orbita/fee-floors", FEE_FLOOR
    ),
    "DELETE /api/admin/partners/{slug}/fee-floors/{method}/{currency}": lambda: Case(
        *ADMIN, "DELETE", "/api/admin/partners/orbita/fee-floors/pix/BRL"
    ),
    "PUT /api/admin/compliance-rules/{slug}": lambda: Case(
        *ADMIN, "PUT", "/api/admin/compliance-rules/acme", {"currency": "BRL", "auto_approve_up_to": 1}
    ),
    "PUT /api/admin/platform-settings": lambda: Case(*ADMIN, "PUT", "/api/admin/platform-settings", LIMITS),
    # a client owner (no second factor needed to log in) changing a member's role
    "PATCH /api/members/{member_id}": lambda: Case(
        "client", "acme", "PATCH", f"/api/members/{_member_id()}", {"role": "client_user_financial"}
    ),
    # adding a member gives a role: a client owner adding an analyst
    "POST /api/members": lambda: Case(
        "client",
        "acme",
        "POST",
        "/api/members",
        {**BODIES[("POST", "/api/members")], "role": "client_user_analyst"},
    ),
    # confirming an external credit or debit posts it to the ledger (404 past the step-up: no such one)
    "POST /api/statements/adjustments/{adjustment_id}/confirm": lambda: Case(
        *ADMIN, "POST", "/api/statements/adjustments/adj_000000000000000000000/confirm"
    ),
    # a partner's administrator setting a client's fee rate
    "PUT /api/partner/clients/{slug}/fee-rates": lambda: Case(
        "partner_admin", "orbita", "PUT", "/api/partner/clients/beta/fee-rates", PARTNER_FEE
    ),
    # Removing a passkey: a user with no second factor has no passkey (404 before any step-up); the
    # case below gives the user one.
    "DELETE /api/auth/security/passkeys/{passkey_id}": lambda: Case(
        "client", "acme", "DELETE", "/api/auth/security/passkeys/{passkey}"
    ),
}
PASSKEY_REMOVAL = "DELETE /api/auth/security/passkeys/{passkey_id}"


def steps_up(view: Any) -> bool:
    """Guarded by `second_factor.steps_up` anywhere in the view's decorators, or calls the check itself."""
    layer = view
    while layer is not None:
        if getattr(layer, "cofre_step_up", False):
            return True
        layer = getattr(layer, "__wrapped__", None)
    return "second_factor.require_step_up(" in inspect.getsource(inspect.unwrap(view))


def test_the_list_is_every_operation_that_steps_up() -> None:
    found = {str(op) for op in operations() if steps_up(op.view)}
    assert found == set(CASES)


def no_second_factor(email: str) -> User:
    user = User.objects.get(email=email)
    for model in (TotpDevice, Passkey, RecoveryCode):
        model.objects.filter(user=user).delete()
    return user


def signed_in(case: Case, language: str = "en") -> tuple[ApiClient, User]:
    """A session of the case's demo user, who then has no second factor (staff log in with theirs, as
    they must; it is removed afterwards, as if it had been reset)."""
    client = ApiClient(case.slug, language=language)
    client.login_as(case.role)
    return client, no_second_factor(demo_email(case.role))


def send(client: ApiClient, case: Case, passkey: int | None = None) -> Any:
    url = case.url.replace("{passkey}", str(passkey))
    if case.method == "DELETE":
        return client.delete(url)
    send_json = {"POST": client.post_json, "PUT": client.put_json, "PATCH": client.patch_json}[case.method]
    return send_json(url, case.body)


def code(response: Any) -> str | None:
    if not response.content:  # a 204
        return None
    found = response.json().get("code")
    return str(found) if found is not None else None


def enrol_totp(client: ApiClient) -> None:
    """What the dashboard's dialog does: start, then confirm with the app's code."""
    setup = client.post_json("/api/auth/security/totp")
    assert setup.status_code == 200, setup.content
    confirmed = client.post_json(
        "/api/auth/security/totp/confirm", {"code": pyotp.TOTP(setup.json()["secret"]).now()}
    )
    assert confirmed.status_code == 200, confirmed.content
    assert len(confirmed.json()["recovery_codes"]) == second_factor.RECOVERY_CODES


def age_second_factor(client: ApiClient) -> None:
    session = client.session
    session[second_factor.FRESH_KEY] = time.time() - settings.STEP_UP_SECONDS - 1
    session.save()


def add_passkey(user: User) -> int:
    return Passkey.objects.create(
        user=user, name="Notebook", rp_id="acme.localhost", credential_id=f"cred-{user.pk}", public_key=b"x"
    ).pk


@pytest.mark.parametrize("name", sorted(set(CASES) - {PASSKEY_REMOVAL}))
@pytest.mark.parametrize("language", ["en", "pt-BR"])
def test_without_a_second_factor_it_is_refused_until_one_is_enrolled(name: str, language: str) -> None:
    case = CASES[name]()
    client, user = signed_in(case, language)
    schema = "public" if case.slug == "public" else case.slug
    with schema_context(schema):
        before = AuditEntry.objects.filter(action="auth.step_up_enrolment_required").count()

    refused = send(client, case)

    assert refused.status_code == 403, refused.content
    assert refused.json()["code"] == "second_factor_enrolment_required"
    assert refused.json()["message"] == MESSAGES["second_factor_enrolment_required"][language]
    with schema_context(schema):
        entries = AuditEntry.objects.filter(action="auth.step_up_enrolment_required")
        assert entries.count() == before + 1
        entry = entries.order_by("-pk").first()
    assert entry is not None
    assert entry.actor_email == user.email
    assert entry.data["path"] == case.url.split("?")[0]

    enrol_totp(client)  # the session is fresh: the same call passes the step-up now
    answered = send(client, case)
    assert code(answered) not in STEP_UP_CODES, answered.content
    assert answered.status_code < 500, answered.content


@pytest.mark.parametrize("name", sorted(CASES))
def test_with_an_old_second_factor_it_asks_for_a_fresh_one(name: str) -> None:
    case = CASES[name]()
    client, user = signed_in(case)
    second_factor.enrol_known_secret(user, pyotp.random_base32())
    passkey = add_passkey(user) if name == PASSKEY_REMOVAL else None
    age_second_factor(client)

    refused = send(client, case, passkey)

    assert refused.status_code == 403, refused.content
    assert refused.json()["code"] == "step_up_required"
    assert client.get("/api/auth/me").status_code == 200


def test_adding_a_member_with_a_key_is_refused_audited_and_then_added_once() -> None:
    """The step-up guard runs before the idempotent create's transaction: the refusal keeps its audit
    entry and stores no answer under the key, so the dashboard's retry (same key) adds the member."""
    case = CASES["POST /api/members"]()
    client, user = signed_in(case)
    second_factor.enrol_known_secret(user, pyotp.random_base32())
    age_second_factor(client)
    key = {"HTTP_IDEMPOTENCY_KEY": "add-member-step-up-1"}
    with schema_context("acme"):
        before = AuditEntry.objects.filter(action="auth.step_up_required").count()

    refused = client.post_json(case.url, case.body, **key)

    assert refused.status_code == 403, refused.content
    assert refused.json()["code"] == "step_up_required"
    with schema_context("acme"):
        assert AuditEntry.objects.filter(action="auth.step_up_required").count() == before + 1
        assert not Membership.objects.filter(user__email=case.body["email"]).exists()

    session = client.session
    session[second_factor.FRESH_KEY] = (
        time.time()
    )  # as a verified code does (tests/accounts/test_second_factor)
    session.save()
    added = client.post_json(case.url, case.body, **key)
    again = client.post_json(case.url, case.body, **key)

    assert added.status_code == 201, added.content
    assert again.status_code == 201
    assert again.json() == added.json()
    assert Membership.objects.filter(user__email=case.body["email"], tenant__slug="acme").count() == 1
