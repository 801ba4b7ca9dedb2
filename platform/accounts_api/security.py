"""The second factor of the session user: /api/auth/security (the "Segurança" section of the profile).

Enrolling (TOTP or a passkey) is open to a signed-in user and to a pending login that must enrol first
(a staff role without a second factor); the rest takes a signed-in session. Logic lives in
accounts.second_factor and accounts.passkeys; every change is audited there and e-mailed here."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime.

from typing import Any

from django.http import HttpRequest
from ninja import Router
from ninja.responses import Status
from ninja.utils import check_csrf

from access.guard import any_member, membership_of
from accounts import passkeys, second_factor, services
from accounts.models import Membership
from accounts.schemas import (
    CodeIn,
    EnrolledOut,
    PasskeyRegisterIn,
    RecoveryCodesOut,
    SecurityOut,
    TotpSetupOut,
)
from accounts_api import factor_mail
from accounts_api.session_user import session_user
from core.api_errors import ErrorOut
from core.errors import AppError
from core.security import session_auth

router = Router(tags=["auth"])


def _enrolling(request: HttpRequest) -> tuple[Membership, bool]:
    """Who enrols: the signed-in member, else the pending login that must enrol (True)."""
    if check_csrf(request) is not None:
        raise AppError("csrf_failed", status=403)
    membership = getattr(request, "membership", None)
    if request.user.is_authenticated and membership is not None:
        return membership, False
    return services.pending_membership(request, stage="enrol"), True


@router.get("", response={200: SecurityOut, 401: ErrorOut}, auth=session_auth, summary="Second factors")
@any_member
def security(request: HttpRequest) -> dict[str, Any]:
    membership = membership_of(request)
    return second_factor.status(membership.user, membership)


@router.post(
    "/totp",
    response={200: TotpSetupOut, 401: ErrorOut, 403: ErrorOut, 409: ErrorOut},
    auth=None,
    summary="Start enrolling an authenticator app: the secret and its QR code, shown once",
)
def begin_totp(request: HttpRequest) -> dict[str, Any]:
    membership, _ = _enrolling(request)
    enrolment = second_factor.begin_totp(membership.user)
    return {"secret": enrolment.secret, "uri": enrolment.uri, "qr_svg": enrolment.qr_svg}


@router.post(
    "/totp/confirm",
    response={200: EnrolledOut, 400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 409: ErrorOut, 429: ErrorOut},
    auth=None,
    summary="Confirm the authenticator app with a code: answers the recovery codes (shown once)",
)
def confirm_totp(request: HttpRequest, payload: CodeIn) -> dict[str, Any]:
    membership, pending = _enrolling(request)
    codes = second_factor.confirm_totp(request, membership.user, payload.code)
    factor_mail.notify(request, membership.user, "totp_enrolled")
    if pending:
        services.finish_login(request, membership)
    return {"recovery_codes": codes, "session": session_user(membership) if pending else None}


@router.post(
    "/totp/disable",
    response={200: SecurityOut, 400: ErrorOut, 404: ErrorOut, 409: ErrorOut, 429: ErrorOut},
    auth=session_auth,
    summary="Remove the authenticator app (a current code or a recovery code)",
)
@any_member
def disable_totp(request: HttpRequest, payload: CodeIn) -> dict[str, Any]:
    membership = membership_of(request)
    second_factor.disable_totp(request, membership.user, membership, payload.code)
    factor_mail.notify(request, membership.user, "totp_disabled")
    return second_factor.status(membership.user, membership)


@router.post(
    "/recovery-codes",
    response={200: RecoveryCodesOut, 400: ErrorOut, 409: ErrorOut, 429: ErrorOut},
    auth=session_auth,
    summary="New recovery codes (the old ones stop working), with a current code",
)
@any_member
def regenerate_recovery_codes(request: HttpRequest, payload: CodeIn) -> dict[str, Any]:
    membership = membership_of(request)
    codes = second_factor.regenerate_recovery_codes(request, membership.user, payload.code)
    factor_mail.notify(request, membership.user, "recovery_codes")
    return {"recovery_codes": codes}


@router.post(
    "/passkeys/options",
    response={200: dict[str, Any], 401: ErrorOut, 403: ErrorOut},
    auth=None,
    summary="WebAuthn options to register a passkey on this host",
)
def passkey_registration_options(request: HttpRequest) -> dict[str, Any]:
    membership, _ = _enrolling(request)
    return passkeys.registration_options(request, membership.user)


@router.post(
    "/passkeys",
    response={201: EnrolledOut, 400: ErrorOut, 401: ErrorOut, 403: ErrorOut},
    auth=None,
    summary="Register a passkey (the browser's attestation)",
)
def register_passkey(request: HttpRequest, payload: PasskeyRegisterIn) -> Status[dict[str, Any]]:
    membership, pending = _enrolling(request)
    codes = passkeys.register(request, membership.user, payload.credential, payload.name)
    factor_mail.notify(request, membership.user, "passkey_added")
    if pending:
        services.finish_login(request, membership)
    return Status(201, {"recovery_codes": codes, "session": session_user(membership) if pending else None})


@router.delete(
    "/passkeys/{passkey_id}",
    response={204: None, 403: ErrorOut, 404: ErrorOut, 409: ErrorOut},
    auth=session_auth,
    summary="Remove one of your passkeys (takes a fresh second factor)",
)
@any_member
def remove_passkey(request: HttpRequest, passkey_id: int) -> Status[None]:
    membership = membership_of(request)
    passkeys.access(membership.user, passkey_id)  # not yours (or none): 404 before any step-up
    second_factor.require_step_up(request)
    passkeys.remove(request, membership.user, membership, passkey_id)
    factor_mail.notify(request, membership.user, "passkey_removed")
    return Status(204, None)
