"""Identity actions: log in, log out, edit the profile, change the password.

Each validates, applies the change and writes the audit entry; views stay thin.
"""

from __future__ import annotations

import io
import secrets
import time
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib import auth
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest
from PIL import Image, ImageOps

from accounts import passkeys, second_factor, throttle
from accounts.backends import active_membership
from accounts.middleware import SESSION_SCHEMA_KEY
from accounts.models import Language, Membership, User
from audit import services as audit
from audit.services import client_ip
from core.errors import AppError
from tenants.tenancy import current_schema


@dataclass(frozen=True)
class LoginResult:
    """`step`: None when the session is signed in; "verify" when a second factor is awaited; "enrol" when
    a role that requires one has none yet (the session may only enrol)."""

    membership: Membership
    step: str | None = None


def do_login(request: HttpRequest, email: str, password: str, code: str | None = None) -> LoginResult:
    """Log `email` in on the tenant of this host; rotate the session key; audit success and failure.
    With a second factor, the password only opens a pending step (accounts.second_factor) unless a
    `code` comes with it."""
    address = email.strip().lower()
    ip = client_ip(request)
    wait = throttle.locked_for_seconds(address, ip)
    if wait:
        audit.record("auth.login_locked", actor_email=address, request=request)
        raise AppError("too_many_attempts", status=429, minutes=throttle.minutes(wait))
    user = auth.authenticate(request, email=address, password=password)
    if user is None:
        throttle.register_failure(address, ip)
        audit.record("auth.login_failed", actor_email=address, request=request)
        raise AppError("invalid_credentials", status=401)
    membership = active_membership(user.pk, current_schema())
    if membership is None:  # pragma: no cover - authenticate() already required it
        raise AppError("invalid_credentials", status=401)
    if not membership.tenant.is_active:
        audit.record("auth.login_refused_suspended", actor=user, request=request)
        raise AppError("tenant_suspended", status=403)
    throttle.clear_account(address, ip)
    if second_factor.has_second_factor(user):
        if not code:
            second_factor.begin_pending(request, membership, "verify")
            audit.record("auth.second_factor_pending", actor=user, request=request)
            return LoginResult(membership, "verify")
        second_factor.verify(request, user, code, purpose="login")
    elif second_factor.requires_second_factor(membership):
        second_factor.begin_pending(request, membership, "enrol")
        audit.record("auth.second_factor_enrolment_required", actor=user, request=request)
        return LoginResult(membership, "enrol")
    finish_login(request, membership)
    return LoginResult(membership)


def finish_login(request: HttpRequest, membership: Membership) -> None:
    """The session becomes the user's (password and, when needed, second factor verified)."""
    fresh = request.session.get(second_factor.FRESH_KEY)
    request.session.pop(second_factor.PENDING_KEY, None)
    # cycles the session key (no session fixation)
    auth.login(request, membership.user, backend="accounts.backends.MembershipBackend")
    request.session[SESSION_SCHEMA_KEY] = current_schema()
    if fresh is not None:
        request.session[second_factor.FRESH_KEY] = fresh
    request.session[second_factor.LAST_SEEN_KEY] = time.time()
    audit.record("auth.login", actor=membership.user, request=request, data={"role": membership.role})


def pending_membership(request: HttpRequest, *, stage: str | None = None) -> Membership:
    """The membership of this session's pending login (401 when there is none, it expired, or the
    membership or tenant went away meanwhile)."""
    user_id = second_factor.pending(request, current_schema(), stage=stage)
    membership = active_membership(user_id, current_schema())
    if membership is None or not membership.tenant.is_active:
        request.session.pop(second_factor.PENDING_KEY, None)
        raise AppError("second_factor_session_expired", status=401)
    return membership


def do_second_factor(request: HttpRequest, code: str) -> Membership | None:
    """A code for the pending login (answers the membership, now signed in) or, on a signed-in session,
    a step-up (answers None)."""
    membership = getattr(request, "membership", None)
    if request.user.is_authenticated and membership is not None:
        second_factor.verify(request, membership.user, code, purpose="step_up")
        return None
    membership = pending_membership(request, stage="verify")
    second_factor.verify(request, membership.user, code, purpose="login")
    finish_login(request, membership)
    return membership


def factor_user(request: HttpRequest) -> User:
    """Whose second factor is being proved: the signed-in user, else the pending login's."""
    membership: Membership | None = getattr(request, "membership", None)
    if request.user.is_authenticated and membership is not None:
        return membership.user
    return pending_membership(request, stage="verify").user


def do_passkey(request: HttpRequest, credential: dict[str, Any]) -> Membership | None:
    """A passkey's assertion, as `do_second_factor` takes a code."""
    membership = getattr(request, "membership", None)
    if request.user.is_authenticated and membership is not None:
        passkeys.authenticate(request, membership.user, credential, purpose="step_up")
        return None
    membership = pending_membership(request, stage="verify")
    passkeys.authenticate(request, membership.user, credential, purpose="login")
    finish_login(request, membership)
    return membership


def do_logout(request: HttpRequest) -> None:
    user = request.user
    if user.is_authenticated:
        audit.record("auth.logout", actor=user, request=request)
    auth.logout(request)  # flushes the server-side session


INTERFACE_KEYS: dict[str, set[object]] = {
    "layout": {"vertical", "horizontal"},
    "theme": {"light", "dark", "semi-dark"},
    "direction": {"ltr", "rtl"},
    "menuTheme": {"primary", "success", "danger", "info", "warning", "dark"},
    "navbarColor": {"default", "primary", "success", "danger", "info", "warning", "dark"},
    "navbarType": {"hidden", "static", "sticky", "floating"},
    "footerType": {"hidden", "static", "sticky"},
    "hideScrollToTop": {True, False},
    "disableCustomizer": {True, False},
    "sidebarCollapsed": {True, False},
    "toggleSidebar": {True, False},
}


def _allowed(key: str, value: Any) -> bool:
    # Compare type too: True == 1 in Python, and "1" must not pass for a boolean setting.
    return any(type(value) is type(option) and value == option for option in INTERFACE_KEYS[key])


def clean_interface_settings(values: dict[str, Any]) -> dict[str, Any]:
    """Keep only known keys with allowed values; anything else is a field error."""
    errors = {
        key: "unknown setting" if key not in INTERFACE_KEYS else "invalid value"
        for key, value in values.items()
        if key not in INTERFACE_KEYS or not _allowed(key, value)
    }
    if errors:
        raise AppError("invalid_input", fields=errors)
    return dict(values)


@transaction.atomic
def do_update_profile(
    user: User,
    *,
    name: str | None = None,
    language: str | None = None,
    interface_settings: dict[str, Any] | None = None,
) -> User:
    changed: list[str] = []
    if name is not None:
        user.name = name.strip()[:150]
        changed.append("name")
    if language is not None:
        if language not in Language.values:
            raise AppError("invalid_input", fields={"language": "unsupported language"})
        user.language = language
        changed.append("language")
    if interface_settings is not None:
        user.interface_settings = {**user.interface_settings, **clean_interface_settings(interface_settings)}
        changed.append("interface_settings")
    if changed:
        user.save(update_fields=changed)
        audit.record("profile.updated", actor=user, target=user, data={"fields": changed})
    return user


@transaction.atomic
def do_change_password(request: HttpRequest, user: User, current: str, new: str) -> None:
    if not user.check_password(current):
        raise AppError("wrong_password", status=400)
    try:
        validate_password(new, user)
    except ValidationError as exc:
        raise AppError("weak_password", status=400, reasons=" ".join(exc.messages)) from exc
    user.set_password(new)
    user.save(update_fields=["password"])
    auth.update_session_auth_hash(request, user)
    audit.record("profile.password_changed", actor=user, target=user, request=request)


AVATAR_MAX_BYTES = 1024 * 1024
# Decoding costs memory by pixels, not bytes: a 1 MB PNG can declare 100,000 x 100,000 pixels (a
# decompression bomb). The header's size is checked before any pixel is decoded.
AVATAR_MAX_PIXELS = 16_000_000
AVATAR_MAX_SIDE = 512  # stored size: an avatar is shown at most a few hundred pixels wide
# Pillow's format name -> (stored extension, encoder options)
AVATAR_FORMATS: dict[str, tuple[str, dict[str, Any]]] = {
    "PNG": ("png", {"optimize": True}),
    "JPEG": ("jpg", {"quality": 90}),
    "WEBP": ("webp", {"quality": 90}),
}


def check_avatar(content: bytes) -> tuple[bytes, str]:
    """An uploaded image decoded in full and encoded again (at most AVATAR_MAX_SIDE pixels a side, no
    metadata): the bytes to store and their extension. Refused with `invalid_file` unless it is a
    PNG, JPEG or WebP of at most 1 MB that decodes, and with `image_too_large` above
    AVATAR_MAX_PIXELS."""
    if len(content) > AVATAR_MAX_BYTES:
        raise AppError("invalid_file", status=400)
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        too_large = AppError("image_too_large", status=400, megapixels=AVATAR_MAX_PIXELS // 1_000_000)
        try:
            image = Image.open(io.BytesIO(content), formats=list(AVATAR_FORMATS))  # the header only
        except (Image.DecompressionBombWarning, Image.DecompressionBombError) as exc:
            raise too_large from exc  # Pillow's own limit (far above ours) stops it reading the header
        except Exception as exc:  # a hostile file may fail anywhere in a decoder: refused, never a 500
            raise AppError("invalid_file", status=400) from exc
        if image.width * image.height > AVATAR_MAX_PIXELS:
            raise too_large
        image_format = str(image.format)
        try:
            return _reencoded(image, image_format), AVATAR_FORMATS[image_format][0]
        except Exception as exc:
            raise AppError("invalid_file", status=400) from exc


def _reencoded(image: Image.Image, image_format: str) -> bytes:
    image.load()  # every pixel: a truncated or corrupt file fails here
    image = ImageOps.exif_transpose(image)
    alpha = image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info
    image = image.convert("RGBA" if alpha and image_format != "JPEG" else "RGB")
    image.thumbnail((AVATAR_MAX_SIDE, AVATAR_MAX_SIDE))
    out = io.BytesIO()
    image.save(out, format=image_format, **AVATAR_FORMATS[image_format][1])
    return out.getvalue()


def do_set_avatar(user: User, content: bytes) -> User:
    """Store the session user's avatar (checked and re-encoded by check_avatar) under MEDIA_ROOT/avatars."""
    data, extension = check_avatar(content)
    folder = Path(settings.MEDIA_ROOT) / "avatars"
    folder.mkdir(parents=True, exist_ok=True)
    name = f"avatars/{user.pk}-{secrets.token_hex(8)}.{extension}"
    (Path(settings.MEDIA_ROOT) / name).write_bytes(data)
    old = user.avatar
    user.avatar = name
    user.save(update_fields=["avatar"])
    if old:
        (Path(settings.MEDIA_ROOT) / old).unlink(missing_ok=True)
    audit.record("profile.avatar_changed", actor=user, target=user)
    return user


def avatar_path(user: User) -> Path | None:
    if not user.avatar:
        return None
    path = Path(settings.MEDIA_ROOT) / user.avatar
    return path if path.is_file() else None
