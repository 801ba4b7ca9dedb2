"""Non-API views: the single-page app shell and the CSRF failure answer."""

from __future__ import annotations

import sys

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.utils import translation
from django.views import defaults
from django.views.decorators.http import require_safe

from core.api_errors import UNAVAILABLE, error_body, unavailable_response
from core.csp import request_nonce

# frontend/vite.config.ts (html.cspNonce) writes this on every tag of index.html and on a
# <meta property="csp-nonce">: each answer replaces it with the request's nonce.
NONCE_PLACEHOLDER = b"__COFRE_CSP_NONCE__"


@require_safe
def spa(request: HttpRequest) -> HttpResponse:
    """Every /plataforma/* path the React app owns answers its index.html (the app routes itself)."""
    index = settings.FRONTEND_DIST / "plataforma" / "index.html"
    if not index.is_file():
        return HttpResponse(
            "The frontend is not built. Run `make build` (or `make run`, which builds it).",
            status=503,
            content_type="text/plain; charset=utf-8",
        )
    html = index.read_bytes().replace(NONCE_PLACEHOLDER, request_nonce(request).encode())
    response = HttpResponse(html, content_type="text/html; charset=utf-8")
    # A nonce is good for one answer only: never stored by a cache.
    response["Cache-Control"] = "no-store"
    return response


@require_safe
def root_redirect(request: HttpRequest) -> HttpResponse:
    return HttpResponseRedirect("/plataforma/")


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    return JsonResponse(error_body("csrf_failed"), status=403)


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500 of both URLconfs: what no view handled (e.g. a middleware that could not reach
    PostgreSQL or Redis). A data store away is a 503 with a translated message, and the health
    endpoint still says what is down; anything else is the usual 500."""
    exc = sys.exc_info()[1]
    language = translation.get_language_from_request(request)
    if exc is not None and isinstance(exc, UNAVAILABLE):
        if request.path.rstrip("/") == "/api/health":
            from core.api import health_report

            status, report = health_report(database_reachable=False)
            return JsonResponse(report, status=status)
        with translation.override(language):
            return unavailable_response(request, exc)
    if request.path.startswith("/api/"):
        with translation.override(language):
            return JsonResponse(error_body("internal_error"), status=500)
    return defaults.server_error(request)
