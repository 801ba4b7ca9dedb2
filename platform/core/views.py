"""Non-API views: the single-page app shell and the CSRF failure answer."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.views.decorators.http import require_safe

from core.api_errors import error_body


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
    response = HttpResponse(index.read_bytes(), content_type="text/html; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def root_redirect(request: HttpRequest) -> HttpResponse:
    return HttpResponseRedirect("/plataforma/")


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    return JsonResponse(error_body("csrf_failed"), status=403)
