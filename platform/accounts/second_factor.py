"""The second factor: TOTP (pyotp), single-use recovery codes, passkeys (accounts.passkeys), the
login's pending step, step-up before sensitive changes, and the idle timeout of staff sessions.

- A user has a second factor when a confirmed TOTP device or a passkey is registered. Staff roles
  (`STAFF_ROLES`: admin, employee, financial) must have one: after the password they are sent to
  enrolment and can do nothing else; others (client owners, ...) may enrol.
- After the password, a user with a factor (or a staff user without one) is *pending*: the session
  carries `PENDING_KEY` and no user, so every other call is a 401 until the code is verified.
- A TOTP code is accepted once: `last_step` moves forward with one conditional UPDATE (a replay, even
  two at once, is refused). Recovery codes are stored as HMACs and marked used the same way.
- Failed codes are throttled per account and per address (accounts.throttle, scope SECOND_FACTOR).
- Step-up: a verified code stamps the session (`FRESH_KEY`); sensitive operations call
  `require_step_up`, which answers 403 `step_up_required` when the stamp is older than
  settings.STEP_UP_SECONDS, and 403 `second_factor_enrolment_required` when the user has no second
  factor at all (enrolling one there stamps the session).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, NoReturn, TypeVar

import pyotp
import segno
from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.http import HttpRequest
from django.utils import timezone

from accounts import throttle
from accounts.models import Membership, Passkey, RecoveryCode, TotpDevice, User
from accounts.roles import STAFF_ROLES
from audit import services as audit
from audit.services import client_ip
from core.crypto import seal, unseal
from core.errors import AppError
from tenants.models import TenantKind

PENDING_KEY = "second_factor_pending"  # {"user", "schema", "stage": "verify" | "enrol", "at"}
FRESH_KEY = "second_factor_at"  # epoch seconds of the last verified second factor
LAST_SEEN_KEY = "last_seen_at"  # epoch seconds of the last request (staff idle timeout)
SECOND_FACTOR = "second-factor-fail"  # throttle scope
PENDING_SECONDS = 600
RECOVERY_CODES = 10
ISSUER = "Cofre"
_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I


def requires_second_factor(membership: Membership) -> bool:
    return membership.role in STAFF_ROLES


def totp_device(user: User) -> TotpDevice | None:
    return TotpDevice.objects.filter(user=user, confirmed_at__isnull=False).first()


def has_second_factor(user: User) -> bool:
    return (
        TotpDevice.objects.filter(user=user, confirmed_at__isnull=False).exists()
        or Passkey.objects.filter(user=user).exists()
    )


def methods(user: User) -> list[str]:
    """How this user can prove the second factor: "totp", "passkey", "recovery"."""
    found = []
    if totp_device(user) is not None:
        found.append("totp")
    if Passkey.objects.filter(user=user).exists():
        found.append("passkey")
    if RecoveryCode.objects.filter(user=user, used_at__isnull=True).exists():
        found.append("recovery")
    return found


def status(user: User, membership: Membership) -> dict[str, Any]:
    device = totp_device(user)
    return {
        "required": requires_second_factor(membership),
        "totp": device is not None,
        "totp_since": device.confirmed_at if device else None,
        "recovery_codes_left": RecoveryCode.objects.filter(user=user, used_at__isnull=True).count(),
        "passkeys": [
            {"id": p.pk, "name": p.name, "created_at": p.created_at, "last_used_at": p.last_used_at}
            for p in Passkey.objects.filter(user=user).order_by("created_at")
        ],
    }


# ------------------------------------------------------------------------------------- TOTP
@dataclass(frozen=True)
class TotpEnrolment:
    secret: str
    uri: str
    qr_svg: str  # a data: URI of an SVG image


def totp_uri(secret: str, email: str) -> str:
    return pyotp.TOTP(secret).provisioning_uri(name=email, issuer_name=ISSUER)


def begin_totp(user: User, *, secret: str | None = None) -> TotpEnrolment:
    """A new secret for the user's authenticator app, shown once; it counts only once confirmed with a
    code (`confirm_totp`). Refused while a confirmed one exists (disable it first)."""
    if totp_device(user) is not None:
        raise AppError("second_factor_exists", status=409)
    secret = secret or pyotp.random_base32()
    TotpDevice.objects.update_or_create(
        user=user, defaults={"sealed_secret": seal(secret), "confirmed_at": None, "last_step": None}
    )
    uri = totp_uri(secret, user.email)
    return TotpEnrolment(secret=secret, uri=uri, qr_svg=segno.make(uri, error="m").svg_data_uri(scale=5))


def enrol_known_secret(user: User, secret: str) -> bool:
    """Give `user` a confirmed authenticator with a secret chosen in advance, with no code: only for the
    demo's staff (a documented secret, README) and the tests' own staff users. Answers False when the
    user already has one (left as it is)."""
    if totp_device(user) is not None:
        return False
    pyotp.TOTP(secret).now()  # a valid base32 secret, or this raises
    TotpDevice.objects.update_or_create(
        user=user, defaults={"sealed_secret": seal(secret), "confirmed_at": timezone.now(), "last_step": None}
    )
    return True


def _matching_step(secret: str, code: str) -> int | None:
    """The time step (one either side of now, for clock drift) whose code is `code`, else None."""
    totp = pyotp.TOTP(secret)
    now = int(time.time()) // totp.interval
    for step in (now, now - 1, now + 1):
        if hmac.compare_digest(totp.at(step * totp.interval), code):
            return step
    return None


def _use_totp(device: TotpDevice, code: str) -> bool:
    step = _matching_step(str(unseal(device.sealed_secret)), code)
    if step is None:
        return False
    # One conditional UPDATE: a step already used (a replayed code) matches no row, even under a race.
    moved = (
        TotpDevice.objects.filter(pk=device.pk)
        .filter(Q(last_step__isnull=True) | Q(last_step__lt=step))
        .update(last_step=step)
    )
    return moved == 1


def confirm_totp(request: HttpRequest | None, user: User, code: str) -> list[str]:
    """Confirm the enrolment with a code of the app; answers the new recovery codes (shown once).
    The code is checked outside the transaction, so a failure's audit entry and count stay."""
    device = TotpDevice.objects.filter(user=user, confirmed_at__isnull=True).first()
    if device is None:
        raise AppError("second_factor_not_started", status=409)
    check_throttle(request, user)
    if not _use_totp(device, _clean(code)):
        failed(request, user, "enrol")
    with transaction.atomic():
        confirmed = TotpDevice.objects.filter(pk=device.pk, confirmed_at__isnull=True).update(
            confirmed_at=timezone.now()
        )
        if confirmed != 1:
            raise AppError("second_factor_not_started", status=409)
        codes = new_recovery_codes(user)
        audit.record(
            "auth.second_factor_enrolled", actor=user, target=user, request=request, data={"method": "totp"}
        )
    if request is not None:
        throttle.clear_account(user.email, client_ip(request), scope=SECOND_FACTOR)
        mark_fresh(request)
    return codes


def disable_totp(request: HttpRequest, user: User, membership: Membership, code: str) -> None:
    """Remove the authenticator app, with a current code (or a recovery code). A role that requires a
    second factor keeps one: refused unless a passkey remains."""
    if totp_device(user) is None:
        raise AppError("not_found", status=404)
    if requires_second_factor(membership) and not Passkey.objects.filter(user=user).exists():
        raise AppError("second_factor_required", status=409)
    verify(request, user, code, purpose="disable")
    with transaction.atomic():
        TotpDevice.objects.filter(user=user).delete()
        if not Passkey.objects.filter(user=user).exists():
            RecoveryCode.objects.filter(user=user).delete()
        audit.record(
            "auth.second_factor_disabled", actor=user, target=user, request=request, data={"method": "totp"}
        )


# ------------------------------------------------------------------------------ recovery codes
def _clean(code: str) -> str:
    return "".join(ch for ch in code.upper() if ch.isalnum())


def _recovery_hash(code: str) -> str:
    key = f"cofre-recovery-code:{settings.SECRET_KEY}".encode()
    return hmac.new(key, _clean(code).encode(), hashlib.sha256).hexdigest()


def new_recovery_codes(user: User) -> list[str]:
    """Replace the user's recovery codes with RECOVERY_CODES new ones (answered once, stored hashed)."""
    RecoveryCode.objects.filter(user=user).delete()
    codes = []
    for _ in range(RECOVERY_CODES):
        raw = "".join(secrets.choice(_ALPHABET) for _ in range(10))
        codes.append(f"{raw[:5]}-{raw[5:]}")
    RecoveryCode.objects.bulk_create([RecoveryCode(user=user, code_hash=_recovery_hash(c)) for c in codes])
    return codes


def regenerate_recovery_codes(request: HttpRequest, user: User, code: str) -> list[str]:
    if not has_second_factor(user):
        raise AppError("second_factor_not_started", status=409)
    verify(request, user, code, purpose="recovery_codes")
    with transaction.atomic():
        codes = new_recovery_codes(user)
        audit.record("auth.recovery_codes_regenerated", actor=user, target=user, request=request)
    return codes


def _use_recovery_code(user: User, code: str) -> bool:
    used = RecoveryCode.objects.filter(
        user=user, code_hash=_recovery_hash(code), used_at__isnull=True
    ).update(used_at=timezone.now())
    return used == 1


# ------------------------------------------------------------------------------ verification
def check_throttle(request: HttpRequest | None, user: User) -> None:
    wait = throttle.locked_for_seconds(user.email, client_ip(request), scope=SECOND_FACTOR)
    if wait:
        audit.record("auth.second_factor_locked", actor=user, request=request)
        raise AppError("too_many_attempts", status=429, minutes=throttle.minutes(wait))


def failed(request: HttpRequest | None, user: User, purpose: str) -> NoReturn:
    throttle.register_failure(user.email, client_ip(request), scope=SECOND_FACTOR)
    audit.record("auth.second_factor_failed", actor=user, request=request, data={"purpose": purpose})
    raise AppError("invalid_code", status=400)


def verify(request: HttpRequest | None, user: User, code: str, *, purpose: str) -> str:
    """Check a TOTP code or a recovery code of `user`; answers the method used. A wrong, used or replayed
    code is 400 `invalid_code` (audited, throttled); too many is 429."""
    check_throttle(request, user)
    clean = _clean(code)
    method = ""
    device = totp_device(user)
    if device is not None and len(clean) == 6 and clean.isdigit():
        if _use_totp(device, clean):
            method = "totp"
    elif len(clean) == 10 and _use_recovery_code(user, clean):
        method = "recovery"
    if not method:
        failed(request, user, purpose)
    verified(request, user, method, purpose)
    return method


def verified(request: HttpRequest | None, user: User, method: str, purpose: str) -> None:
    throttle.clear_account(user.email, client_ip(request), scope=SECOND_FACTOR)
    if request is not None:
        mark_fresh(request)
    audit.record(
        "auth.step_up" if purpose == "step_up" else "auth.second_factor_verified",
        actor=user,
        request=request,
        data={"method": method, "purpose": purpose},
    )


# ------------------------------------------------------------------------- session: pending, fresh
def begin_pending(request: HttpRequest, membership: Membership, stage: str) -> None:
    """The password was right; the session waits for the second factor (or its enrolment)."""
    request.session.cycle_key()
    request.session[PENDING_KEY] = {
        "user": membership.user_id,
        "schema": membership.tenant.schema_name,
        "stage": stage,
        "at": time.time(),
    }


def pending(request: HttpRequest, schema: str, *, stage: str | None = None) -> int:
    """The user id of this session's pending login on `schema` (in `stage` when given), else 401."""
    data = request.session.get(PENDING_KEY)
    if (
        not isinstance(data, dict)
        or data.get("schema") != schema
        or time.time() - float(data.get("at", 0)) > PENDING_SECONDS
        or (stage is not None and data.get("stage") != stage)
    ):
        raise AppError("second_factor_session_expired", status=401)
    return int(data["user"])


def mark_fresh(request: HttpRequest) -> None:
    request.session[FRESH_KEY] = time.time()


def require_step_up(request: HttpRequest) -> None:
    """Before a sensitive change: the session's second factor must be recent (settings.STEP_UP_SECONDS),
    else 403 `step_up_required` (the dashboard asks for a code and retries).

    A user with no second factor at all (a client or partner owner who never enrolled: only staff must
    enrol at login) has nothing to step up with: 403 `second_factor_enrolment_required`, audited; the
    dashboard offers to enrol one right there, and the enrolment itself marks the session fresh. So no
    sensitive change is ever made on a password alone."""
    user = request.user
    membership = getattr(request, "membership", None)
    if not isinstance(user, User) or membership is None:
        raise AppError("step_up_required", status=403)
    if not has_second_factor(user):
        audit.record(
            "auth.step_up_enrolment_required", actor=user, request=request, data={"path": request.path}
        )
        raise AppError("second_factor_enrolment_required", status=403)
    at = request.session.get(FRESH_KEY)
    if isinstance(at, int | float) and time.time() - at <= settings.STEP_UP_SECONDS:
        return
    audit.record("auth.step_up_required", actor=user, request=request, data={"path": request.path})
    raise AppError("step_up_required", status=403)


F = TypeVar("F", bound=Callable[..., Any])


def steps_up(view: F) -> F:
    """`require_step_up` as a route guard, for a create wrapped in `core.idempotency.idempotent`: put it
    above `@idempotent`, so the check (and its audit entry) runs before the create's transaction, whose
    rollback would otherwise take the refusal's audit entry with it."""

    @wraps(view)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        require_step_up(request)
        return view(request, *args, **kwargs)

    guarded.cofre_step_up = True  # type: ignore[attr-defined]
    return guarded  # type: ignore[return-value]


def idle_expired(request: HttpRequest, membership: Membership) -> bool:
    """Staff sessions end after settings.STAFF_IDLE_TIMEOUT_SECONDS without a request. The last request's
    time is written at most once a minute (a session write is not free)."""
    if membership.tenant.kind != TenantKind.PLATFORM:
        return False
    now = time.time()
    last = request.session.get(LAST_SEEN_KEY)
    if isinstance(last, int | float) and now - last > settings.STAFF_IDLE_TIMEOUT_SECONDS:
        return True
    if not isinstance(last, int | float) or now - last >= 60:
        request.session[LAST_SEEN_KEY] = now
    return False
