"""Identity endpoints: /api/auth/*. Thin: parse, call the service, shape the answer."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.middleware.csrf import get_token
from ninja import Router
from ninja.utils import check_csrf

from accounts import services
from accounts.models import Membership
from accounts.schemas import CsrfOut, ErrorOut, LoginIn, OkOut, PasswordIn, ProfileIn, SessionUserOut
from accounts.session_user import session_user
from core.errors import AppError
from core.security import session_auth

router = Router(tags=["auth"])


def current_membership(request: HttpRequest) -> Membership:
    membership: Membership | None = getattr(request, "membership", None)
    if membership is None:  # pragma: no cover - session_auth already refused the request
        raise AppError("not_authenticated", status=401)
    return membership


@router.get("/csrf", response=CsrfOut, auth=None, summary="Set the CSRF cookie")
def csrf(request: HttpRequest) -> dict[str, str]:
    return {"csrfToken": get_token(request)}


@router.post(
    "/login",
    response={200: SessionUserOut, 401: ErrorOut, 403: ErrorOut, 429: ErrorOut},
    auth=None,
    summary="Log in on this host's tenant",
)
def login(request: HttpRequest, payload: LoginIn) -> dict[str, Any]:
    refused = check_csrf(request)
    if refused is not None:
        raise AppError("csrf_failed", status=403)
    membership = services.do_login(request, payload.email, payload.password)
    return session_user(membership)


@router.get("/logout", response=OkOut, auth=None, summary="End the server-side session")
def logout(request: HttpRequest) -> dict[str, bool]:
    services.do_logout(request)
    return {"ok": True}


@router.get("/me", response={200: SessionUserOut, 401: ErrorOut}, auth=session_auth, summary="Session user")
def me(request: HttpRequest) -> dict[str, Any]:
    return session_user(current_membership(request))


@router.patch("/profile", response={200: SessionUserOut, 400: ErrorOut}, auth=session_auth)
def update_profile(request: HttpRequest, payload: ProfileIn) -> dict[str, Any]:
    membership = current_membership(request)
    services.do_update_profile(
        membership.user,
        name=payload.name,
        language=payload.language,
        interface_settings=payload.interface_settings,
    )
    return session_user(membership)


@router.post("/password", response={200: OkOut, 400: ErrorOut}, auth=session_auth)
def change_password(request: HttpRequest, payload: PasswordIn) -> dict[str, bool]:
    membership = current_membership(request)
    services.do_change_password(request, membership.user, payload.current_password, payload.new_password)
    return {"ok": True}
