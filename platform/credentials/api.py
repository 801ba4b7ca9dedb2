"""API keys of this host's tenant: /api/credentials/keys (the client/credentials screen).

Session only: a key can neither list, create, rotate nor revoke keys (a leaked key must not mint new ones).
"""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from ninja import Router
from ninja.responses import Status

from access.guard import membership_of, requires_route
from core.idempotency import idempotent
from core.security import session_auth
from credentials import services
from credentials.models import ApiKey
from credentials.schemas import ApiKeyCreatedOut, ApiKeyIn, ApiKeyOut, ApiKeyRotatedOut, ApiKeyRotateIn

router = Router(tags=["credentials"])

CREDENTIAL_ROUTES = ("client/credentials",)


def key_out(key: ApiKey) -> dict[str, Any]:
    return {
        "id": key.prefix,
        "name": key.name,
        "prefix": services.display_prefix(key),
        "status": key.status_at(timezone.now()).value,
        "created_at": key.created_at,
        "created_by": key.created_by_email,
        "last_used_at": key.last_used_at,
        "expires_at": key.expires_at,
        "revoked_at": key.revoked_at,
        "scope": key.scope,
        "allowed_ips": key.allowed_ips,
        "rotated_at": key.rotated_at,
        "previous_secret_expires_at": (
            key.previous_secret_expires_at if key.previous_secret_active(timezone.now()) else None
        ),
    }


@router.get("/keys", response=list[ApiKeyOut], auth=session_auth, summary="API keys (never their secrets)")
@requires_route(*CREDENTIAL_ROUTES)
def list_keys(request: HttpRequest) -> list[dict[str, Any]]:
    membership_of(request)
    return [key_out(key) for key in services.keys_of_tenant()]


@router.post(
    "/keys",
    response={201: ApiKeyCreatedOut},
    auth=session_auth,
    summary="Create an API key (the token is in this answer only)",
)
@requires_route(*CREDENTIAL_ROUTES, write=True)
@idempotent("api_keys.create")
def create_key(request: HttpRequest, payload: ApiKeyIn, response: HttpResponse) -> Status[dict[str, Any]]:
    created = services.create_key(
        membership_of(request),
        name=payload.name,
        expires_at=payload.expires_at,
        scope=payload.scope,
        allowed_ips=payload.allowed_ips,
        request=request,
    )
    response["Cache-Control"] = "no-store"  # the token must not stay in any cache
    return Status(201, {**key_out(created.key), "token": created.token})


@router.post(
    "/keys/{key_id}/revoke",
    response=ApiKeyOut,
    auth=session_auth,
    summary="Revoke an API key (at once and for good)",
)
@requires_route(*CREDENTIAL_ROUTES, write=True)
def revoke_key(request: HttpRequest, key_id: str) -> dict[str, Any]:
    membership = membership_of(request)
    key = services.revoke_key(membership, services.access_key(key_id), request=request)
    return key_out(key)


@router.post(
    "/keys/{key_id}/rotate",
    response=ApiKeyRotatedOut,
    auth=session_auth,
    summary="Rotate an API key: a new token (in this answer only); the old one works for the overlap",
)
@requires_route(*CREDENTIAL_ROUTES, write=True)
def rotate_key(
    request: HttpRequest, key_id: str, payload: ApiKeyRotateIn, response: HttpResponse
) -> dict[str, Any]:
    membership = membership_of(request)
    rotated = services.rotate_key(
        membership, services.access_key(key_id), overlap_hours=payload.overlap_hours, request=request
    )
    response["Cache-Control"] = "no-store"  # the token must not stay in any cache
    return {**key_out(rotated.key), "token": rotated.token}
