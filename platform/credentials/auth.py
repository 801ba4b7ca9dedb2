"""API-key authentication for ninja: `Authorization: Bearer <token>` or `X-Api-Key: <token>`.

On the NinjaAPI these come *before* the session (config/api.py): a request that presents a key is
judged by the key alone (an invalid one is a 401, never a fall-through to the cookie), and one that
presents none goes on to the session auth, which checks CSRF. Key requests carry no cookie, so CSRF
does not apply to them. A valid key binds `request.user` and `request.membership` the way
`accounts.middleware.TenantSessionMiddleware` does for a session (both decide through
`accounts.backends.acting_membership`), so the route guards work unchanged.

Operations that must never accept a key (log in/out, profile and password, avatar, members, the key
management itself) declare `auth=session_auth`.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja.security import APIKeyHeader, HttpBearer

from accounts.models import User
from credentials.services import authenticate_token

TOKEN_FORMAT = "cofre_<prefix>_<secret>"  # noqa: S105  (a format, not a secret)
DESCRIPTION = (
    "A merchant API key (client/credentials), acting with its creator's current role on the tenant "
    "host it belongs to. No cookie and no CSRF token are needed."
)


def authenticate_key(request: HttpRequest, token: str) -> User:
    """Who this request is, from its key: binds request.user and request.membership (or raises 401)."""
    membership = authenticate_token(token, request=request)
    request.user = membership.user
    request.membership = membership  # type: ignore[attr-defined]
    return membership.user


class ApiKeyBearer(HttpBearer):
    openapi_bearerFormat = TOKEN_FORMAT  # noqa: N815  (the OpenAPI field name)
    openapi_description = DESCRIPTION

    def authenticate(self, request: HttpRequest, token: str) -> Any:
        return authenticate_key(request, token)


class ApiKeyHeader(APIKeyHeader):
    param_name = "X-Api-Key"
    openapi_description = DESCRIPTION

    def authenticate(self, request: HttpRequest, key: str | None) -> Any:
        if not key:
            return None
        return authenticate_key(request, key)


api_key_bearer = ApiKeyBearer()
api_key_header = ApiKeyHeader()
