"""Bind every authenticated request to the tenant whose host it logged in on.

A session is valid only on the schema it was created for and only while its membership and tenant
are active, and (staff) while it is not idle past settings.STAFF_IDLE_TIMEOUT_SECONDS; otherwise the
request continues as anonymous (and the API answers 401).
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth import logout
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse

from accounts import second_factor
from accounts.backends import acting_membership
from audit import services as audit
from tenants.tenancy import current_schema

SESSION_SCHEMA_KEY = "tenant_schema"


class TenantSessionMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request.membership = None  # type: ignore[attr-defined]
        user = request.user
        if user.is_authenticated:
            membership = None
            if request.session.get(SESSION_SCHEMA_KEY) == current_schema():
                membership = acting_membership(user.pk, current_schema())
            if membership is not None and second_factor.idle_expired(request, membership):
                audit.record("auth.idle_timeout", actor=user, request=request)
                membership = None
            if membership is None:
                logout(request)
                request.user = AnonymousUser()
            else:
                request.membership = membership  # type: ignore[attr-defined]
        return self.get_response(request)
