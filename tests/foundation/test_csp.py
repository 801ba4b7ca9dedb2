"""Every answer carries the Content-Security-Policy, with a fresh nonce each time; the app's index.html
carries that nonce (on its tags and the meta Emotion reads) and no placeholder is left."""

from __future__ import annotations

import re

import pytest

from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db

NONCE = re.compile(r"script-src 'self' 'nonce-([A-Za-z0-9_-]{20,})'")


def policy_of(response: object) -> dict[str, str]:
    header = response["Content-Security-Policy"]  # type: ignore[index]
    return {part.split(" ", 1)[0]: part.split(" ", 1)[1] for part in header.split("; ")}


def nonce_of(response: object) -> str:
    match = NONCE.search(response["Content-Security-Policy"])  # type: ignore[index]
    assert match, response["Content-Security-Policy"]  # type: ignore[index]
    return match.group(1)


@pytest.mark.parametrize("host", ["public", "acme"])
@pytest.mark.parametrize(
    "path", ["/plataforma/", "/plataforma/login", "/plataforma/client/deposits", "/api/docs", "/nowhere"]
)
def test_every_html_answer_has_a_strict_policy_with_a_fresh_nonce(host: str, path: str) -> None:
    client = ApiClient(host)
    first, second = client.get(path), client.get(path)
    assert first.status_code in (200, 404)
    policy = policy_of(first)
    nonce = nonce_of(first)
    assert policy == {
        "default-src": "'self'",
        "script-src": f"'self' 'nonce-{nonce}'",
        "style-src": f"'self' 'nonce-{nonce}'",
        "img-src": "'self' data:",
        "font-src": "'self'",
        "connect-src": "'self'",
        "object-src": "'none'",
        "base-uri": "'self'",
        "form-action": "'self'",
        "frame-ancestors": "'none'",
    }
    assert "unsafe" not in first["Content-Security-Policy"]
    assert nonce_of(second) != nonce
    body = first.content.decode()
    if path.startswith("/plataforma"):
        assert first["Cache-Control"] == "no-store"
        assert "__COFRE_CSP_NONCE__" not in body
        assert f'<meta property="csp-nonce" nonce="{nonce}">' in body
        assert f'nonce="{nonce}"' in body.split("<script", 1)[1].split(">", 1)[0]
        assert nonce_of(second) in second.content.decode()
    if path == "/api/docs":
        # Swagger UI's page: its scripts are files of this origin; its settings are JSON data.
        assert re.findall(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>", body) == []


def test_api_answers_and_errors_carry_the_policy_too() -> None:
    client = ApiClient("public")
    for path in ("/api/health", "/api/auth/me", "/api/nowhere"):
        assert "frame-ancestors 'none'" in client.get(path)["Content-Security-Policy"]
