"""Content-Security-Policy on every answer, with a fresh nonce per request.

The policy allows only this origin: no inline script, no eval, no inline style except the `<style>`
elements that carry the request's nonce (Emotion's, for Chakra UI: the React app reads the nonce from
the `<meta property="csp-nonce">` the SPA view writes into index.html). Templates rendered by the
server (the API docs) put `request.csp_nonce` on any inline element they need.
"""

from __future__ import annotations

import base64
import hashlib
import re
import secrets
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

HEADER = "Content-Security-Policy"


def policy(nonce: str) -> str:
    directives = {
        "default-src": "'self'",
        "script-src": f"'self' 'nonce-{nonce}'",
        "style-src": f"'self' 'nonce-{nonce}'",
        # avatars (data: SVG placeholders and uploads served by us), boleto barcodes
        "img-src": "'self' data:",
        "font-src": "'self'",
        "connect-src": "'self'",
        "object-src": "'none'",
        "base-uri": "'self'",
        "form-action": "'self'",
        "frame-ancestors": "'none'",
    }
    return "; ".join(f"{name} {value}" for name, value in directives.items())


_STYLE_ELEMENT = re.compile(rb"<style\b[^>]*>(.*?)</style>", re.DOTALL | re.IGNORECASE)


def document_policy(body: bytes) -> str:
    """The policy of a self-contained document a plugin made (the printable boleto, a PIX QR code):
    nothing loads, no script runs, and only its own `<style>` elements apply, each by its hash (the
    document is a plugin's bytes: no nonce can be put in it)."""
    digests = {
        base64.b64encode(hashlib.sha256(css).digest()).decode() for css in _STYLE_ELEMENT.findall(body)
    }
    styles = " ".join(f"'sha256-{digest}'" for digest in sorted(digests)) or "'none'"
    return "; ".join(
        [
            "default-src 'none'",
            f"style-src {styles}",
            "img-src data:",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'none'",
        ]
    )


def new_nonce() -> str:
    return secrets.token_urlsafe(18)


class ContentSecurityPolicyMiddleware:
    """First in the chain: every answer gets the header, error pages and 404s of unknown hosts included.
    A view that set its own policy keeps it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        nonce = new_nonce()
        request.csp_nonce = nonce  # type: ignore[attr-defined]
        response = self.get_response(request)
        if HEADER not in response:
            response[HEADER] = policy(nonce)
        return response


def request_nonce(request: HttpRequest) -> str:
    """The nonce of this request's policy (a new one if the middleware did not run, e.g. a bare test)."""
    nonce = getattr(request, "csp_nonce", None)
    if nonce is None:
        nonce = new_nonce()
        request.csp_nonce = nonce  # type: ignore[attr-defined]
    return str(nonce)
