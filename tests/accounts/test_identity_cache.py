"""The per-process identity cache (accounts.identity_cache): a change to a membership, a user or a
tenant is seen by the very next request, in this process and in another one (gunicorn)."""

from __future__ import annotations

import http.client
import json
import uuid
from typing import Any
from urllib.parse import urlparse

import pytest
from django.conf import settings

from accounts import identity_cache
from accounts.models import Membership, User
from ops.demo import DEMO_PASSWORD
from tenants.models import TenantStatus
from tenants.services import create_tenant
from tests.support.http import ApiClient
from tests.support.second_factor import login_payload


class Browser:
    """A cookie-keeping HTTP client of the live gunicorn, speaking to one tenant host."""

    def __init__(self, base: str, slug: str) -> None:
        self.port = urlparse(base).port
        self.host = f"{slug}.{settings.BASE_DOMAIN}"
        self.cookies: dict[str, str] = {}

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Host": self.host, "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        payload = None
        if body is not None:
            payload = json.dumps(body)
            headers |= {"Content-Type": "application/json", "X-CSRFToken": self.cookies.get("csrftoken", "")}
        conn.request(method, path, body=payload, headers=headers)
        response = conn.getresponse()
        data = response.read()
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        conn.close()
        return response.status, json.loads(data) if data else None


def test_changes_reach_the_next_request_of_another_process(web: str, django_db_blocker: Any) -> None:
    with django_db_blocker.unblock():
        slug = f"idc{uuid.uuid4().hex[:8]}"
        tenant = create_tenant(slug=slug, name=f"Identity {slug}", kind="client")
        user = User.objects.create_user(f"member@{slug}.test", DEMO_PASSWORD)
        membership = Membership.objects.create(user=user, tenant=tenant, role="client_user_analyst")
        browser = Browser(web, slug)
        browser.call("GET", "/api/auth/csrf")
        status, _ = browser.call("POST", "/api/auth/login", login_payload(user.email, DEMO_PASSWORD))
        assert status == 200
        for _ in range(3):  # every gunicorn thread has had its chance to cache it
            assert browser.call("GET", "/api/auth/me")[1]["role"] == "client_user_analyst"

        membership.role = "client_user_admin"
        membership.save()
        assert browser.call("GET", "/api/auth/me")[1]["role"] == "client_user_admin"

        user.name = "Renamed Member"
        user.save()
        assert browser.call("GET", "/api/auth/me")[1]["userName"] == "Renamed Member"

        tenant.status = TenantStatus.SUSPENDED
        tenant.save()
        assert browser.call("GET", "/api/auth/me")[0] == 401


@pytest.mark.django_db
def test_a_role_change_in_this_process_is_seen_at_once() -> None:
    client = ApiClient("acme")
    client.login_as("client_user_analyst")
    assert client.get("/api/auth/me").json()["role"] == "client_user_analyst"
    membership = Membership.objects.get(user__email="client_user_analyst@demo.test", tenant__slug="acme")
    membership.is_active = False
    membership.save()
    assert client.get("/api/auth/me").status_code == 401


def test_outside_a_request_nothing_is_cached() -> None:
    calls: list[int] = []

    def load() -> int:
        calls.append(1)
        return len(calls)

    identity_cache.end_request()
    assert identity_cache.lookup(("test", 1), load) == 1
    assert identity_cache.lookup(("test", 1), load) == 2


def test_entries_are_handed_out_as_copies_and_dropped_when_the_generation_moves() -> None:
    from core.redis import redis_client

    identity_cache.begin_request()
    try:
        first = identity_cache.lookup(("test", "copy"), lambda: {"role": "client"})
        first["role"] = "admin"  # a request changing its object changes nobody else's
        assert identity_cache.lookup(("test", "copy"), lambda: {"role": "other"}) == {"role": "client"}
        redis_client().incr(identity_cache._key())  # what a change in any process does
        identity_cache.begin_request()  # the next request sees the new generation
        assert identity_cache.lookup(("test", "copy"), lambda: {"role": "reloaded"}) == {"role": "reloaded"}
    finally:
        identity_cache.end_request()


@pytest.mark.django_db
def test_inside_a_transaction_nothing_is_read_from_or_kept_in_the_cache() -> None:
    """A transaction may change identity rows and roll back: what it reads must not outlive it."""
    identity_cache.begin_request()
    try:
        assert identity_cache.lookup(("test", "tx"), lambda: "uncommitted") == "uncommitted"
        assert identity_cache.lookup(("test", "tx"), lambda: "again") == "again"
    finally:
        identity_cache.end_request()
