"""Passkeys (WebAuthn) as a second factor, through py_webauthn.

The relying party is the host being served (`acme.localhost`, `localhost`): a passkey made on one
tenant's host is offered only there. The challenge of a ceremony lives in the session (one at a time,
used once). Registration takes a signed-in user; authentication proves the second factor of a pending
login or of a step-up, exactly like a TOTP code (accounts.second_factor.verified).
"""

from __future__ import annotations

import json
from typing import Any

from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from accounts import second_factor
from accounts.models import Membership, Passkey, User
from audit import services as audit
from core.errors import AppError

REGISTER_CHALLENGE = "passkey_register_challenge"
LOGIN_CHALLENGE = "passkey_login_challenge"


def rp_id(request: HttpRequest) -> str:
    return request.get_host().split(":", 1)[0]


def origin(request: HttpRequest) -> str:
    return f"{request.scheme}://{request.get_host()}"


def _descriptors(user: User, request: HttpRequest) -> list[PublicKeyCredentialDescriptor]:
    return [
        PublicKeyCredentialDescriptor(id=base64url_to_bytes(p.credential_id))
        for p in Passkey.objects.filter(user=user, rp_id=rp_id(request))
    ]


def registration_options(request: HttpRequest, user: User) -> dict[str, Any]:
    options = generate_registration_options(
        rp_id=rp_id(request),
        rp_name="Cofre",
        user_id=str(user.pk).encode(),
        user_name=user.email,
        user_display_name=user.display_name,
        exclude_credentials=_descriptors(user, request),
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.PREFERRED,
            user_verification=UserVerificationRequirement.PREFERRED,
        ),
    )
    request.session[REGISTER_CHALLENGE] = bytes_to_base64url(options.challenge)
    answer: dict[str, Any] = json.loads(options_to_json(options))
    return answer


def register(request: HttpRequest, user: User, credential: dict[str, Any], name: str) -> list[str]:
    """Verify the browser's attestation and keep the passkey; answers new recovery codes when the user
    had none (shown once), else []."""
    challenge = request.session.pop(REGISTER_CHALLENGE, None)
    if not challenge:
        raise AppError("passkey_failed", status=400)
    try:
        checked = verify_registration_response(
            credential=credential,
            expected_challenge=base64url_to_bytes(challenge),
            expected_rp_id=rp_id(request),
            expected_origin=origin(request),
        )
    except Exception as exc:  # a hostile credential may fail anywhere in parsing: refused, never a 500
        raise AppError("passkey_failed", status=400) from exc
    credential_id = bytes_to_base64url(checked.credential_id)
    if Passkey.objects.filter(credential_id=credential_id).exists():
        raise AppError("passkey_failed", status=400)
    with transaction.atomic():
        Passkey.objects.create(
            user=user,
            name=(name.strip() or "Passkey")[:100],
            rp_id=rp_id(request),
            credential_id=credential_id,
            public_key=checked.credential_public_key,
            sign_count=checked.sign_count,
        )
        codes = [] if "recovery" in second_factor.methods(user) else second_factor.new_recovery_codes(user)
        audit.record(
            "auth.second_factor_enrolled",
            actor=user,
            target=user,
            request=request,
            data={"method": "passkey"},
        )
    second_factor.mark_fresh(request)
    return codes


def authentication_options(request: HttpRequest, user: User) -> dict[str, Any]:
    descriptors = _descriptors(user, request)
    if not descriptors:
        raise AppError("not_found", status=404)
    options = generate_authentication_options(
        rp_id=rp_id(request),
        allow_credentials=descriptors,
        user_verification=UserVerificationRequirement.PREFERRED,
    )
    request.session[LOGIN_CHALLENGE] = bytes_to_base64url(options.challenge)
    answer: dict[str, Any] = json.loads(options_to_json(options))
    return answer


def authenticate(request: HttpRequest, user: User, credential: dict[str, Any], *, purpose: str) -> None:
    """Verify an assertion of one of the user's passkeys (throttled and audited like a code)."""
    second_factor.check_throttle(request, user)
    challenge = request.session.pop(LOGIN_CHALLENGE, None)
    raw_id = credential.get("id") if isinstance(credential, dict) else None
    passkey = (
        Passkey.objects.filter(user=user, rp_id=rp_id(request), credential_id=raw_id).first()
        if isinstance(raw_id, str)
        else None
    )
    if not challenge or passkey is None:
        second_factor.failed(request, user, purpose)
    try:
        checked = verify_authentication_response(
            credential=credential,
            expected_challenge=base64url_to_bytes(challenge),
            expected_rp_id=rp_id(request),
            expected_origin=origin(request),
            credential_public_key=bytes(passkey.public_key),
            credential_current_sign_count=passkey.sign_count,
        )
    except Exception:  # a hostile assertion may fail anywhere in parsing: refused, never a 500
        second_factor.failed(request, user, purpose)
    Passkey.objects.filter(pk=passkey.pk).update(
        sign_count=checked.new_sign_count, last_used_at=timezone.now()
    )
    second_factor.verified(request, user, "passkey", purpose)


def access(user: User, passkey_id: int) -> Passkey:
    """One of the user's passkeys (another user's, or none, is not found)."""
    passkey = Passkey.objects.filter(user=user, pk=passkey_id).first()
    if passkey is None:
        raise AppError("not_found", status=404)
    return passkey


def remove(request: HttpRequest, user: User, membership: Membership, passkey_id: int) -> None:
    """Remove one of the user's passkeys (another user's is not found). A role that requires a second
    factor keeps one."""
    passkey = access(user, passkey_id)
    others = Passkey.objects.filter(user=user).exclude(pk=passkey.pk).exists()
    if (
        second_factor.requires_second_factor(membership)
        and not others
        and second_factor.totp_device(user) is None
    ):
        raise AppError("second_factor_required", status=409)
    with transaction.atomic():
        passkey.delete()
        audit.record(
            "auth.second_factor_disabled",
            actor=user,
            target=user,
            request=request,
            data={"method": "passkey", "name": passkey.name},
        )
