"""HTTP clients that speak to a tenant's host, as a browser would (Host header, session cookie)."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.test import Client

from ops.demo import DEMO_PASSWORD, demo_email
from tests.support.second_factor import login_payload

DEMO_HOSTS = {
    "public": "localhost",
    "acme": "acme.localhost",
    "beta": "beta.localhost",
    "orbita": "orbita.localhost",
}


def host(slug: str) -> str:
    return settings.BASE_DOMAIN if slug in ("public", "platform") else f"{slug}.{settings.BASE_DOMAIN}"


class ApiClient(Client):
    """A Django test client bound to one host; `.json` decodes the last answer."""

    def __init__(self, slug: str, *, language: str = "en", **kwargs: Any) -> None:
        super().__init__(HTTP_HOST=host(slug), HTTP_ACCEPT_LANGUAGE=language, **kwargs)
        self.slug = slug

    def post_json(self, path: str, data: Any = None, **extra: Any) -> Any:
        return self.post(path, data=json.dumps(data or {}), content_type="application/json", **extra)

    def patch_json(self, path: str, data: Any = None, **extra: Any) -> Any:
        return self.patch(path, data=json.dumps(data or {}), content_type="application/json", **extra)

    def put_json(self, path: str, data: Any = None, **extra: Any) -> Any:
        return self.put(path, data=json.dumps(data or {}), content_type="application/json", **extra)

    def login_as(self, role: str, password: str = DEMO_PASSWORD) -> Any:
        response = self.post_json("/api/auth/login", login_payload(demo_email(role), password))
        assert response.status_code == 200, response.content
        return response
