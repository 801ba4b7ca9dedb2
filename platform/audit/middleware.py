"""Keep the request's origin (address, user agent) for the audit entries it writes (audit.context)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from audit.context import origin_of, reset_origin, set_origin


class RequestOriginMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        token = set_origin(origin_of(request))
        try:
            return self.get_response(request)
        finally:
            reset_origin(token)
