"""The second factor through the HTTP API: the pending login step, TOTP enrolment and replay, recovery
codes, forced enrolment of staff, throttling, step-up before sensitive changes, the staff idle timeout,
audit and mail, and isolation between tenants."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable
from typing import Any

import pyotp
import pytest
from django.conf import settings
from django.core import mail as django_mail
from django_tenants.utils import schema_context

from accounts import second_factor
from accounts.models import Membership, RecoveryCode, TotpDevice, User
from audit.models import AuditEntry
from core.redis import redis_client
from notifications.tasks import deliver_mail
from ops.demo import DEMO_PASSWORD, DEMO_TOTP_SECRET, demo_email
from outbox.models import OutboxMessage
from tenants.models import Tenant
from tests.payouts.helpers import BB_ACCOUNT, create_payout, fund, logged
from tests.support.http import ApiClient
from tests.support.second_factor import enrol_second_factor, step_up, totp_code

pytestmark = pytest.mark.django_db
Capture = Callable[..., Any]


@pytest.fixture(autouse=True)
def _clean_throttles() -> None:
    client = redis_client()
    for pattern in ("*login-fail*", "*second-factor-fail*"):
        for key in client.scan_iter(f"{settings.REDIS_NAMESPACE}:{pattern}"):
            client.delete(key)


def password_step(client: ApiClient, email: str, password: str = DEMO_PASSWORD) -> Any:
    return client.post_json("/api/auth/login", {"email": email, "password": password})


def new_staff(role: str = "admin") -> User:
    with schema_context("public"):
        user = User.objects.create_user(f"{role}-{uuid.uuid4().hex[:8]}@demo.test", DEMO_PASSWORD)
        Membership.objects.create(user=user, tenant=Tenant.objects.get(slug="platform"), role=role)
    return user


def current_code(secret: str) -> str:
    return pyotp.TOTP(secret).now()


def actions(email: str, prefix: str = "auth.") -> list[str]:
    return list(
        AuditEntry.objects.filter(actor_email=email, action__startswith=prefix)
        .order_by("pk")
        .values_list("action", flat=True)
    )


def delivered(capture: Capture) -> list[Any]:
    before = len(django_mail.outbox)
    with capture(execute=False):
        pass
    for row in OutboxMessage.objects.filter(actor_name=deliver_mail.actor_name).order_by("pk"):
        deliver_mail(*json.loads(row.message)["args"])
        row.delete()
    return django_mail.outbox[before:]


# ----------------------------------------------------------------------------- the login step
def test_a_staff_password_alone_opens_only_the_code_step() -> None:
    client = ApiClient("public")
    totp_code(demo_email("admin"))  # forget the last step used by other tests' logins
    step = password_step(client, demo_email("admin"))
    assert step.status_code == 202, step.content
    assert step.json() == {"step": "verify", "methods": ["totp"]}
    assert client.get("/api/auth/me").status_code == 401
    assert client.get("/api/admin/fee-rates").status_code == 401
    wrong = client.post_json("/api/auth/second-factor", {"code": "000000"})
    assert wrong.status_code == 400
    assert wrong.json()["code"] == "invalid_code"
    assert client.get("/api/auth/me").status_code == 401
    done = client.post_json("/api/auth/second-factor", {"code": current_code(DEMO_TOTP_SECRET)})
    assert done.status_code == 200, done.content
    assert done.json()["role"] == "admin"
    assert client.get("/api/auth/me").status_code == 200
    trail = actions(demo_email("admin"))
    assert trail[-4:] == [
        "auth.second_factor_pending",
        "auth.second_factor_failed",
        "auth.second_factor_verified",
        "auth.login",
    ]


def test_a_code_is_accepted_once_a_replay_is_refused() -> None:
    code = totp_code(demo_email("employee"))
    first = ApiClient("public").post_json(
        "/api/auth/login", {"email": demo_email("employee"), "password": DEMO_PASSWORD, "code": code}
    )
    assert first.status_code == 200, first.content
    replay = ApiClient("public").post_json(
        "/api/auth/login", {"email": demo_email("employee"), "password": DEMO_PASSWORD, "code": code}
    )
    assert replay.status_code == 400
    assert replay.json()["code"] == "invalid_code"


def test_wrong_codes_are_throttled_even_the_right_one_then_waits() -> None:
    client = ApiClient("public", language="pt-BR")
    totp_code(demo_email("financial"))
    assert password_step(client, demo_email("financial")).status_code == 202
    for _ in range(settings.LOGIN_MAX_FAILURES_PER_ACCOUNT):
        assert client.post_json("/api/auth/second-factor", {"code": "123456"}).status_code == 400
    locked = client.post_json("/api/auth/second-factor", {"code": current_code(DEMO_TOTP_SECRET)})
    assert locked.status_code == 429
    assert locked.json()["code"] == "too_many_attempts"
    assert "Muitas tentativas" in locked.json()["message"]
    assert client.get("/api/auth/me").status_code == 401


def test_a_pending_step_is_bound_to_its_host() -> None:
    """A password step taken on acme cannot be finished on beta (nor the platform)."""
    owner = User.objects.get(email=demo_email("client"))
    second_factor.enrol_known_secret(owner, DEMO_TOTP_SECRET)
    acme = ApiClient("acme")
    assert password_step(acme, owner.email).status_code == 202
    for slug in ("beta", "public"):
        other = ApiClient(slug)
        other.cookies = acme.cookies
        code = totp_code(owner.email)
        refused = other.post_json("/api/auth/second-factor", {"code": code})
        assert refused.status_code == 401
        assert refused.json()["code"] == "second_factor_session_expired"


# ----------------------------------------------------------------------------- staff enrolment
def test_a_staff_user_without_a_second_factor_is_sent_to_enrolment_and_can_do_nothing_else(
    django_capture_on_commit_callbacks: Capture,
) -> None:
    user = new_staff("employee")
    client = ApiClient("public")
    step = password_step(client, user.email)
    assert step.status_code == 202
    assert step.json() == {"step": "enrol", "methods": []}
    for path in ("/api/auth/me", "/api/auth/security", "/api/admin/fee-rates"):
        assert client.get(path).status_code == 401, path
    assert client.post_json("/api/auth/second-factor", {"code": "123456"}).status_code == 401
    setup = client.post_json("/api/auth/security/totp")
    assert setup.status_code == 200, setup.content
    secret = setup.json()["secret"]
    assert setup.json()["uri"].startswith("otpauth://totp/Cofre:")
    assert setup.json()["qr_svg"].startswith("data:image/svg+xml")
    assert TotpDevice.objects.get(user=user).sealed_secret != secret  # sealed at rest
    wrong = client.post_json("/api/auth/security/totp/confirm", {"code": "000000"})
    assert wrong.status_code == 400
    assert client.get("/api/auth/me").status_code == 401
    done = client.post_json("/api/auth/security/totp/confirm", {"code": current_code(secret)})
    assert done.status_code == 200, done.content
    codes = done.json()["recovery_codes"]
    assert len(codes) == len(set(codes)) == 10
    assert done.json()["session"]["role"] == "employee"
    assert client.get("/api/auth/me").status_code == 200
    stored = set(RecoveryCode.objects.filter(user=user).values_list("code_hash", flat=True))
    assert not stored & set(codes)  # hashed
    assert "auth.second_factor_enrolled" in actions(user.email)
    sent = delivered(django_capture_on_commit_callbacks)
    assert [m.to for m in sent] == [[user.email]]
    assert "aplicativo autenticador foi ativado" in sent[0].body


def test_a_staff_user_cannot_remove_the_only_second_factor() -> None:
    admin = logged("public", "admin")
    refused = admin.post_json("/api/auth/security/totp/disable", {"code": totp_code(demo_email("admin"))})
    assert refused.status_code == 409
    assert refused.json()["code"] == "second_factor_required"
    assert second_factor.totp_device(User.objects.get(email=demo_email("admin"))) is not None


# ------------------------------------------------------------------- optional: a client's owner
def test_a_client_owner_enrols_uses_a_recovery_code_once_and_disables(
    django_capture_on_commit_callbacks: Capture,
) -> None:
    email = demo_email("client")
    client = ApiClient("acme")
    client.login_as("client")  # no second factor yet: the password is enough
    assert client.get("/api/auth/security").json()["totp"] is False
    secret = client.post_json("/api/auth/security/totp").json()["secret"]
    codes = client.post_json("/api/auth/security/totp/confirm", {"code": current_code(secret)}).json()[
        "recovery_codes"
    ]
    status = client.get("/api/auth/security").json()
    assert (status["required"], status["totp"], status["recovery_codes_left"]) == (False, True, 10)

    again = ApiClient("acme")
    assert password_step(again, email).json()["methods"] == ["totp", "recovery"]
    used = again.post_json("/api/auth/second-factor", {"code": codes[0].lower().replace("-", " ")})
    assert used.status_code == 200, used.content
    third = ApiClient("acme")
    assert password_step(third, email).status_code == 202
    reused = third.post_json("/api/auth/second-factor", {"code": codes[0]})
    assert reused.status_code == 400
    assert reused.json()["code"] == "invalid_code"
    assert client.get("/api/auth/security").json()["recovery_codes_left"] == 9

    TotpDevice.objects.filter(user__email=email).update(last_step=None)
    fresh = client.post_json("/api/auth/security/recovery-codes", {"code": current_code(secret)})
    assert fresh.status_code == 200
    assert not set(fresh.json()["recovery_codes"]) & set(codes)
    wrong = client.post_json("/api/auth/security/totp/disable", {"code": "000000"})
    assert wrong.status_code == 400
    off = client.post_json("/api/auth/security/totp/disable", {"code": fresh.json()["recovery_codes"][0]})
    assert off.status_code == 200, off.content
    assert (off.json()["totp"], off.json()["recovery_codes_left"]) == (False, 0)
    assert (
        ApiClient("acme")
        .post_json("/api/auth/login", {"email": email, "password": DEMO_PASSWORD})
        .status_code
        == 200
    )
    trail = actions(email, "auth.")
    for action in (
        "auth.second_factor_enrolled",
        "auth.recovery_codes_regenerated",
        "auth.second_factor_disabled",
    ):
        assert action in trail
    subjects = [m.subject for m in delivered(django_capture_on_commit_callbacks)]
    assert len(subjects) == 3  # enrolled, new recovery codes, disabled


def test_one_tenants_user_cannot_touch_anothers_factors() -> None:
    beta_owner = User.objects.get(email="owner@beta.demo.test")
    second_factor.enrol_known_secret(beta_owner, DEMO_TOTP_SECRET)
    acme = logged("acme", "client")
    # acme's session means nothing on beta's host
    beta = ApiClient("beta")
    beta.cookies = acme.cookies
    assert beta.get("/api/auth/security").status_code == 401
    assert beta.post_json("/api/auth/security/totp/disable", {"code": "000000"}).status_code == 401
    # (the misplaced cookie ended that session); on its own host a user only ever sees its own factors
    acme = logged("acme", "client")
    assert acme.get("/api/auth/security").json()["totp"] is False
    assert (
        acme.post_json("/api/auth/security/totp/disable", {"code": totp_code(beta_owner.email)}).status_code
        == 404
    )
    assert second_factor.totp_device(beta_owner) is not None


# ---------------------------------------------------------------------------------- step-up
def age_second_factor(client: ApiClient) -> None:
    session = client.session
    session[second_factor.FRESH_KEY] = time.time() - settings.STEP_UP_SECONDS - 1
    session.save()


def test_changing_a_fee_rate_takes_a_fresh_second_factor() -> None:
    admin = logged("public", "admin", language="pt-BR")
    rate = {"tenant": "acme", "method": "pix", "currency": "BRL", "percent_bp": 90, "fixed": 10}
    assert admin.put_json("/api/admin/fee-rates", rate).status_code == 200  # just logged in: fresh
    age_second_factor(admin)
    refused = admin.put_json("/api/admin/fee-rates", {**rate, "percent_bp": 95})
    assert refused.status_code == 403
    assert refused.json()["code"] == "step_up_required"
    assert "verificação em duas etapas" in refused.json()["message"]
    wrong = admin.post_json("/api/auth/second-factor", {"code": "000000"})
    assert wrong.status_code == 400
    assert admin.put_json("/api/admin/fee-rates", {**rate, "percent_bp": 95}).status_code == 403
    step_up = admin.post_json("/api/auth/second-factor", {"code": totp_code(demo_email("admin"))})
    assert step_up.status_code == 200
    assert admin.put_json("/api/admin/fee-rates", {**rate, "percent_bp": 95}).status_code == 200
    trail = actions(demo_email("admin"))
    assert "auth.step_up_required" in trail
    assert trail[-1] == "auth.step_up"


def test_approving_a_payout_takes_a_fresh_second_factor() -> None:
    acme = logged("acme", "client")
    account = acme.post_json("/api/bank-accounts", BB_ACCOUNT).json()["id"]
    fund("acme", 50_000)
    with schema_context("public"):
        from compliance.models import ComplianceRule

        ComplianceRule.objects.filter(tenant__slug="acme").delete()
    payout = create_payout(
        acme, {"amount": 2_000, "currency": "BRL", "method": "pix", "bank_account_id": str(account)}
    ).json()
    admin = logged("public", "admin")
    age_second_factor(admin)
    refused = admin.post_json(f"/api/payouts/{payout['id']}/approve", {})
    assert refused.status_code == 403
    assert refused.json()["code"] == "step_up_required"
    assert acme.get(f"/api/payouts/{payout['id']}").json()["status"] == "waiting"
    assert (
        admin.post_json("/api/auth/second-factor", {"code": totp_code(demo_email("admin"))}).status_code
        == 200
    )
    approved = admin.post_json(f"/api/payouts/{payout['id']}/approve", {})
    assert approved.status_code == 200, approved.content
    assert approved.json()["status"] == "approved"


def test_routes_limits_and_roles_take_a_fresh_second_factor() -> None:
    admin = logged("public", "admin")
    limits = admin.get("/api/admin/platform-settings").json()
    age_second_factor(admin)
    refused = [
        admin.put_json("/api/admin/routes", {"tenant": "acme", "method": "pix", "provider": "sandbox_bank"}),
        admin.put_json("/api/admin/compliance-rules/acme", {"currency": "BRL", "auto_approve_up_to": 1}),
        admin.put_json("/api/admin/platform-settings", limits),
    ]
    assert [(r.status_code, r.json()["code"]) for r in refused] == [(403, "step_up_required")] * 3
    # a client owner with a second factor changing a member's role
    enrol_second_factor(demo_email("client"))
    acme = logged("acme", "client")
    member = Membership.objects.get(user__email=demo_email("client_user_analyst"))
    age_second_factor(acme)
    role = acme.patch_json(f"/api/members/{member.pk}", {"role": "client_user_financial"})
    assert (role.status_code, role.json()["code"]) == (403, "step_up_required")
    step_up(acme, demo_email("client"))
    changed = acme.patch_json(f"/api/members/{member.pk}", {"role": "client_user_financial"})
    assert changed.status_code == 200, changed.content


# --------------------------------------------------------------------------------- idle timeout
def test_a_staff_session_ends_after_the_idle_timeout() -> None:
    admin = logged("public", "admin")
    client = logged("acme", "client")
    assert admin.get("/api/auth/me").status_code == 200
    for signed_in in (admin, client):
        session = signed_in.session
        session[second_factor.LAST_SEEN_KEY] = time.time() - settings.STAFF_IDLE_TIMEOUT_SECONDS - 1
        session.save()
    assert admin.get("/api/auth/me").status_code == 401
    assert admin.get("/api/auth/me").status_code == 401  # the session is gone, not just refused once
    assert "auth.idle_timeout" in actions(demo_email("admin"))
    assert client.get("/api/auth/me").status_code == 200  # a client's session has no idle timeout
