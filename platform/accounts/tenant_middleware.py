"""django-tenants' host -> tenant middleware, with the tenant of a host cached per process."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django_tenants.middleware.main import TenantMainMiddleware

from accounts import identity_cache


class CachedTenantMiddleware(TenantMainMiddleware):  # type: ignore[misc]
    """Starts the request's identity cache (accounts.identity_cache) and serves the host's tenant
    from it: the domain lookup is a query on every request otherwise."""

    def process_request(self, request: HttpRequest) -> HttpResponse | None:
        identity_cache.begin_request()
        return super().process_request(request)  # type: ignore[no-any-return]

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        identity_cache.end_request()
        return response

    def get_tenant(self, domain_model: Any, hostname: str) -> Any:
        parent = super().get_tenant
        return identity_cache.lookup(("tenant", hostname), lambda: parent(domain_model, hostname))
