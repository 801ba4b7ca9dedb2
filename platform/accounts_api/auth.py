"""Identity endpoints: /api/auth/*. Thin: parse, call the service, shape the answer."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from typing import Any

from django.http import FileResponse, HttpRequest
from django.middleware.csrf import get_token
from ninja import File, Router
from ninja.files import UploadedFile
from ninja.responses import Status
from ninja.utils import check_csrf

from access.guard import any_member, membership_of
from accounts import passkeys, second_factor, services
from accounts.schemas import (
    CodeIn,
    CsrfOut,
    LoginIn,
    LoginStepOut,
    OkOut,
    PasskeyCredentialIn,
    PasswordIn,
    PasswordResetConfirmIn,
    PasswordResetIn,
    ProfileIn,
    SessionUserOut,
)
from accounts_api import password_reset
from accounts_api.session_user import session_user
from core.api_errors import ErrorOut
from core.errors import AppError, NotFoundError
from core.security import session_auth

router = Router(tags=["auth"])


@router.get("/csrf", response=CsrfOut, auth=None, summary="Set the CSRF cookie")
def csrf(request: HttpRequest) -> dict[str, str]:
    return {"csrfToken": get_token(request)}


@router.post(
    "/login",
    response={
        200: SessionUserOut,
        202: LoginStepOut,
        400: ErrorOut,
        401: ErrorOut,
        403: ErrorOut,
        429: ErrorOut,
    },
    auth=None,
    summary="Log in on this host's tenant (202: a second factor is needed, or its enrolment)",
)
def login(request: HttpRequest, payload: LoginIn) -> Any:
    refused = check_csrf(request)
    if refused is not None:
        raise AppError("csrf_failed", status=403)
    result = services.do_login(request, payload.email, payload.password, payload.code)
    if result.step is not None:
        methods = second_factor.methods(result.membership.user)
        return Status(202, {"step": result.step, "methods": methods})
    return session_user(result.membership)


@router.post(
    "/second-factor",
    response={200: SessionUserOut, 400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 429: ErrorOut},
    auth=None,
    summary="A TOTP or recovery code: completes a pending login, or steps up a signed-in session",
)
def verify_second_factor(request: HttpRequest, payload: CodeIn) -> dict[str, Any]:
    if check_csrf(request) is not None:
        raise AppError("csrf_failed", status=403)
    membership = services.do_second_factor(request, payload.code)
    return session_user(membership or membership_of(request))


@router.post(
    "/second-factor/passkey-options",
    response={200: dict[str, Any], 401: ErrorOut, 403: ErrorOut, 404: ErrorOut},
    auth=None,
    summary="WebAuthn options to prove the second factor with a passkey (pending login or step-up)",
)
def passkey_options(request: HttpRequest) -> dict[str, Any]:
    if check_csrf(request) is not None:
        raise AppError("csrf_failed", status=403)
    return passkeys.authentication_options(request, services.factor_user(request))


@router.post(
    "/second-factor/passkey",
    response={200: SessionUserOut, 400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 429: ErrorOut},
    auth=None,
    summary="A passkey's assertion: completes a pending login, or steps up a signed-in session",
)
def verify_passkey(request: HttpRequest, payload: PasskeyCredentialIn) -> dict[str, Any]:
    if check_csrf(request) is not None:
        raise AppError("csrf_failed", status=403)
    membership = services.do_passkey(request, payload.credential)
    return session_user(membership or membership_of(request))


@router.post(
    "/password-reset",
    response={202: OkOut, 403: ErrorOut, 429: ErrorOut},
    auth=None,
    summary="E-mail a link to set a new password (the same answer whether or not the e-mail is known)",
)
def ask_password_reset(request: HttpRequest, payload: PasswordResetIn) -> Status[dict[str, bool]]:
    if check_csrf(request) is not None:
        raise AppError("csrf_failed", status=403)
    password_reset.ask(request, payload.email)
    return Status(202, {"ok": True})


@router.post(
    "/password-reset/confirm",
    response={200: OkOut, 400: ErrorOut, 403: ErrorOut},
    auth=None,
    summary="Set a new password with the e-mailed link's uid and token (single use)",
)
def confirm_password_reset(request: HttpRequest, payload: PasswordResetConfirmIn) -> dict[str, bool]:
    if check_csrf(request) is not None:
        raise AppError("csrf_failed", status=403)
    password_reset.confirm(request, payload.uid, payload.token, payload.password)
    return {"ok": True}


@router.get("/logout", response=OkOut, auth=None, summary="End the server-side session")
def logout(request: HttpRequest) -> dict[str, bool]:
    services.do_logout(request)
    return {"ok": True}


@router.get("/me", response={200: SessionUserOut, 401: ErrorOut}, auth=session_auth, summary="Session user")
@any_member
def me(request: HttpRequest) -> dict[str, Any]:
    return session_user(membership_of(request))


@router.patch("/profile", response={200: SessionUserOut, 400: ErrorOut}, auth=session_auth)
@any_member
def update_profile(request: HttpRequest, payload: ProfileIn) -> dict[str, Any]:
    membership = membership_of(request)
    services.do_update_profile(
        membership.user,
        name=payload.name,
        language=payload.language,
        interface_settings=payload.interface_settings,
    )
    return session_user(membership)


@router.post("/password", response={200: OkOut, 400: ErrorOut}, auth=session_auth)
@any_member
def change_password(request: HttpRequest, payload: PasswordIn) -> dict[str, bool]:
    membership = membership_of(request)
    services.do_change_password(request, membership.user, payload.current_password, payload.new_password)
    return {"ok": True}


@router.post(
    "/avatar",
    response={200: SessionUserOut, 400: ErrorOut},
    auth=session_auth,
    summary="Upload an avatar image",
)
@any_member
def upload_avatar(request: HttpRequest, file: File[UploadedFile]) -> dict[str, Any]:
    membership = membership_of(request)
    content = file.read(services.AVATAR_MAX_BYTES + 1)
    services.do_set_avatar(membership.user, content)
    return session_user(membership)


@router.get(
    "/avatar",
    response={200: None, 404: ErrorOut},
    auth=session_auth,
    summary="The session user's avatar image",
)
@any_member
def get_avatar(request: HttpRequest) -> FileResponse:
    path = services.avatar_path(membership_of(request).user)
    if path is None:
        raise NotFoundError
    return FileResponse(path.open("rb"))
