"""API authentication: the dashboard's session cookie (with CSRF on unsafe methods)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest
from ninja.security import APIKeyCookie


class SessionAuth(APIKeyCookie):
    """A session bound to this host's tenant by `accounts.middleware.TenantSessionMiddleware`."""

    param_name = settings.SESSION_COOKIE_NAME

    def __init__(self) -> None:
        super().__init__(csrf=True)

    def authenticate(self, request: HttpRequest, key: str | None) -> Any:
        if request.user.is_authenticated and getattr(request, "membership", None) is not None:
            return request.user
        return None


session_auth = SessionAuth()
