"""What a valid key may do on a call: its scope (read-only keys only read), the addresses it accepts
(a CIDR allow-list), its rate (429 with Retry-After, counted per key in the tenant's namespace), and
how many usable keys a tenant may hold."""

from __future__ import annotations

import pytest
from django.test import override_settings

from tests.credentials.test_api_keys import DEPOSIT, KEYS, bearer, keyed, new_key, session, stored

pytestmark = pytest.mark.django_db


# ------------------------------------------------------------------------------------------ scope
def test_a_read_only_key_reads_but_cannot_write() -> None:
    created = new_key(scope="read_only")
    assert created["scope"] == "read_only"
    client = keyed()
    assert client.get("/api/deposits", headers=bearer(created["token"])).status_code == 200
    refused = client.post_json("/api/deposits", DEPOSIT, headers=bearer(created["token"]))
    assert refused.status_code == 403, refused.content
    assert refused.json() == {
        "code": "key_read_only",
        "message": "This API key is read-only: it cannot create or change anything.",
    }
    pt = keyed(language="pt-BR").post_json("/api/deposits", DEPOSIT, headers=bearer(created["token"]))
    assert pt.json()["message"].startswith("Esta chave de API é somente leitura")


def test_keys_are_full_by_default_and_a_full_key_writes() -> None:
    created = new_key()
    assert created["scope"] == "full"
    assert created["allowed_ips"] == []
    response = keyed().post_json("/api/deposits", DEPOSIT, headers=bearer(created["token"]))
    assert response.status_code == 201, response.content


def test_an_unknown_scope_is_a_field_error() -> None:
    response = session().post_json(KEYS, {"name": "ERP", "scope": "admin"})
    assert response.status_code == 400
    assert "scope" in response.json()["fields"]


# ------------------------------------------------------------------------------------ allow-list
def test_the_ip_allow_list_refuses_other_addresses() -> None:
    created = new_key(allowed_ips=["203.0.113.0/24", "2001:db8::1"])
    assert stored(created["id"]).allowed_ips == ["203.0.113.0/24", "2001:db8::1/128"]
    token = created["token"]
    client = keyed()
    assert client.get("/api/deposits", headers=bearer(token), REMOTE_ADDR="203.0.113.7").status_code == 200
    assert client.get("/api/deposits", headers=bearer(token), REMOTE_ADDR="2001:db8::1").status_code == 200
    refused = client.get("/api/deposits", headers=bearer(token), REMOTE_ADDR="198.51.100.7")
    assert refused.status_code == 403
    assert refused.json() == {
        "code": "key_ip_not_allowed",
        "message": "This API key does not accept calls from this IP address.",
    }


def test_a_malformed_cidr_is_a_field_error_and_writes_nothing() -> None:
    client = session()
    response = client.post_json(KEYS, {"name": "ERP", "allowed_ips": ["10.0.0.0/33"]})
    assert response.status_code == 400
    assert response.json()["fields"] == {"allowed_ips": "invalid_cidr"}
    assert client.get(KEYS).json() == []


# ------------------------------------------------------------------------------------- rate limit
@override_settings(API_KEY_RATE_LIMIT=3, API_KEY_RATE_WINDOW_SECONDS=60)
def test_a_key_over_its_rate_gets_429_with_retry_after() -> None:
    first, second = new_key(), new_key()
    client = keyed()
    for _ in range(3):
        assert client.get("/api/deposits", headers=bearer(first["token"])).status_code == 200
    limited = client.get("/api/deposits", headers=bearer(first["token"]))
    assert limited.status_code == 429, limited.content
    assert 1 <= int(limited["Retry-After"]) <= 60
    assert limited.json()["code"] == "key_rate_limited"
    # Counted per key: another key of the same tenant is not held back.
    assert client.get("/api/deposits", headers=bearer(second["token"])).status_code == 200


# ------------------------------------------------------------------------------------------- cap
@override_settings(API_KEYS_PER_TENANT=2)
def test_a_tenant_holds_at_most_the_cap_of_usable_keys() -> None:
    client = session()
    first = new_key()
    new_key()
    over = client.post_json(KEYS, {"name": "third"})
    assert over.status_code == 409
    assert over.json() == {
        "code": "api_key_limit_reached",
        "message": "The limit of 2 active API keys has been reached. Revoke one before creating another.",
    }
    # A revoked key frees its place.
    client.post(f"{KEYS}/{first['id']}/revoke")
    assert client.post_json(KEYS, {"name": "third"}).status_code == 201
