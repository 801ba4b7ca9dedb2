"""Rotating an API key: a new token shown once, the same key (id, name, scope, allow-list); the old
token keeps working for the overlap the user picked, then answers 401. Time is moved by writing the
overlap's end (`previous_secret_expires_at`) into the past, never by sleeping."""

from __future__ import annotations

import hashlib
from datetime import timedelta

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from credentials.models import ApiKey
from tests.credentials.test_api_keys import (
    KEYS,
    TOKEN,
    bearer,
    keyed,
    new_key,
    refused,
    session,
    stored,
    trail,
)
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db


def works(token: str) -> bool:
    status = keyed().get("/api/deposits", headers=bearer(token)).status_code
    assert status in {200, 401}, status
    return status == 200


def test_the_old_token_works_during_the_overlap_and_is_refused_after_it() -> None:
    created = new_key(scope="read_only", allowed_ips=["127.0.0.0/8"])
    old = created["token"]
    response = session().post_json(f"{KEYS}/{created['id']}/rotate", {"overlap_hours": 24})
    assert response.status_code == 200, response.content
    assert response["Cache-Control"] == "no-store"
    body = response.json()
    match = TOKEN.match(body["token"])
    assert match
    assert body["token"] != old
    # The same key: its id, name, scope and allow-list are kept.
    assert (match.group(1), body["id"], body["name"], body["scope"], body["allowed_ips"]) == (
        created["id"], created["id"], "ERP", "read_only", ["127.0.0.0/8"]
    )  # fmt: skip
    expires = stored(created["id"]).previous_secret_expires_at
    assert expires is not None
    assert timedelta(hours=23, minutes=59) < expires - timezone.now() <= timedelta(hours=24)
    assert body["previous_secret_expires_at"] is not None
    assert stored(created["id"]).secret_hash == hashlib.sha256(match.group(2).encode()).hexdigest()

    # Before the overlap ends both tokens work.
    assert works(old)
    assert works(body["token"])

    # One second after the end: the old token is refused, the new one still works.
    with schema_context("acme"):
        ApiKey.objects.filter(prefix=created["id"]).update(
            previous_secret_expires_at=timezone.now() - timedelta(seconds=1)
        )
    assert refused(old)["code"] == "invalid_api_key"
    assert works(body["token"])
    listed = session().get(KEYS).json()[0]
    assert listed["previous_secret_expires_at"] is None  # the overlap is over
    assert listed["rotated_at"] is not None


def test_an_overlap_of_zero_stops_the_old_token_at_once_and_rotation_is_audited() -> None:
    created = new_key()
    rotated = session().post_json(f"{KEYS}/{created['id']}/rotate", {"overlap_hours": 0}).json()
    assert rotated["previous_secret_expires_at"] is None
    assert not works(created["token"])
    assert works(rotated["token"])
    [entry] = trail("api_key.rotated")
    assert entry.actor_email == "client@demo.test"
    assert entry.data["overlap_hours"] == 0
    assert entry.data["prefix"] == f"cofre_{created['id']}"
    assert rotated["token"].split("_")[2] not in str(entry.data)  # never the secret


def test_rotating_again_ends_the_first_overlap() -> None:
    created = new_key()
    client = session()
    second = client.post_json(f"{KEYS}/{created['id']}/rotate", {"overlap_hours": 168}).json()
    third = client.post_json(f"{KEYS}/{created['id']}/rotate", {"overlap_hours": 1}).json()
    assert not works(created["token"])  # at most two secrets work at any moment
    assert works(second["token"])
    assert works(third["token"])


def test_bad_overlaps_revoked_keys_keys_and_read_only_roles_are_refused() -> None:
    created = new_key()
    client = session()
    for overlap in (-1, 169, "day"):
        bad = client.post_json(f"{KEYS}/{created['id']}/rotate", {"overlap_hours": overlap})
        assert bad.status_code == 400, (overlap, bad.content)
        assert "overlap_hours" in bad.json()["fields"]
    assert works(created["token"])  # nothing written

    # A key cannot rotate keys (session only), and a read-only role cannot either.
    by_key = keyed().post_json(f"{KEYS}/{created['id']}/rotate", {}, headers=bearer(created["token"]))
    assert by_key.status_code in {401, 403}
    assert session("client_user_analyst").post_json(f"{KEYS}/{created['id']}/rotate", {}).status_code == 403

    client.post(f"{KEYS}/{created['id']}/revoke")
    gone = client.post_json(f"{KEYS}/{created['id']}/rotate", {"overlap_hours": 1})
    assert gone.status_code == 409
    assert gone.json() == {
        "code": "api_key_not_active",
        "message": "Only an active key can be rotated (this one is revoked or expired).",
    }
    portuguese = ApiClient("acme", language="pt-BR")
    portuguese.login_as("client")
    pt = portuguese.post_json(f"{KEYS}/{created['id']}/rotate", {"overlap_hours": 1})
    assert pt.json()["message"].startswith("Só é possível rotacionar")
    assert client.post_json(f"{KEYS}/000000000000/rotate", {}).status_code == 404
    assert trail("api_key.rotated") == []


def test_a_revoked_key_refuses_its_old_token_even_during_an_overlap() -> None:
    created = new_key()
    client = session()
    rotated = client.post_json(f"{KEYS}/{created['id']}/rotate", {"overlap_hours": 24}).json()
    client.post(f"{KEYS}/{created['id']}/revoke")
    assert not works(created["token"])
    assert not works(rotated["token"])
