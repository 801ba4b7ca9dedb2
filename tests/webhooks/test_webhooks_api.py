"""Webhook endpoints and deliveries through the HTTP API (no worker: nothing here is committed).

The secret is in the creation's answer only; bad input is a 400 with a translated message; private,
loopback and link-local addresses are refused (the setting is off in tests); another tenant's
endpoints and deliveries are a 404; events are written with the money change, and not at all for a
change that rolls back.
"""

from __future__ import annotations

import json
import time
from datetime import timedelta
from typing import Any

import pytest
from django.db import transaction
from django.test import override_settings
from django_tenants.utils import schema_context

from core.errors import AppError
from ops.demo import BETA_OWNER, DEMO_PASSWORD
from outbox.models import OutboxMessage
from payments import services as payments
from payments.models import Deposit
from tests.support.http import ApiClient
from tests.support.second_factor import login_payload
from tests.webhooks.receiver import receiver
from webhooks import services, signing
from webhooks.models import WebhookDelivery, WebhookEndpoint, WebhookEvent

pytestmark = pytest.mark.django_db


class RolledBackError(Exception):
    pass


ENDPOINTS = "/api/webhook-endpoints"
PUBLIC_URL = "https://93.184.215.14/hooks"  # a public address literal: no DNS needed in the sandbox
PAYER = {"name": "João da Silva", "document": "529.982.247-25", "email": "joao@example.com"}


def session(slug: str = "acme", role: str = "client", language: str = "en") -> ApiClient:
    client = ApiClient(slug, language=language)
    if slug == "beta":  # beta's owner (a client) is not one of the per-role demo logins
        response = client.post_json("/api/auth/login", login_payload(BETA_OWNER, DEMO_PASSWORD))
        assert response.status_code == 200, response.content
    else:
        client.login_as(role)
    return client


def create(client: ApiClient, **body: Any) -> Any:
    return client.post_json(ENDPOINTS, {"url": PUBLIC_URL, "events": ["deposit.created"], **body})


def test_the_secret_is_shown_once_and_never_listed() -> None:
    client = session()
    response = create(client, events=["deposit.confirmed", "payout.rejected"])
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["secret"].startswith("whsec_")
    assert response["Cache-Control"] == "no-store"
    assert body["status"] == "active"
    listed = client.get(ENDPOINTS).json()
    assert [row["id"] for row in listed if row["id"] == body["id"]] == [body["id"]]
    assert all("secret" not in row for row in listed)
    one = client.get(f"{ENDPOINTS}/{body['id']}").json()
    assert "secret" not in one
    assert one["events"] == ["deposit.confirmed", "payout.rejected"]
    with schema_context("acme"):
        stored = WebhookEndpoint.objects.get(public_id=body["id"])
        assert body["secret"] not in json.dumps(stored.secret)  # sealed at rest
        assert services.signing_secrets(stored) == [body["secret"]]


def test_patch_pause_resume_and_delete() -> None:
    client = session()
    endpoint = create(client).json()
    url = f"{ENDPOINTS}/{endpoint['id']}"
    changed = client.patch_json(url, {"events": ["payout.confirmed"], "active": False}).json()
    assert changed["events"] == ["payout.confirmed"]
    assert changed["status"] == "paused"
    assert changed["paused_reason"] == "manual"
    assert client.patch_json(url, {"active": True}).json()["status"] == "active"
    assert client.delete(url).status_code == 204
    assert client.get(url).status_code == 404


def test_rotation_signs_with_both_secrets_during_the_overlap() -> None:
    client = session()
    endpoint = create(client).json()
    rotated = client.post_json(f"{ENDPOINTS}/{endpoint['id']}/rotate-secret", {"overlap_hours": 24})
    assert rotated.status_code == 200, rotated.content
    new_secret = rotated.json()["secret"]
    assert new_secret != endpoint["secret"]
    with schema_context("acme"):
        stored = WebhookEndpoint.objects.get(public_id=endpoint["id"])
        secrets = services.signing_secrets(stored)
        assert secrets == [new_secret, endpoint["secret"]]
        body = b'{"id":"evt_1"}'
        now = int(time.time())
        header = signing.header(secrets, now, body)
        assert header.count("v1=") == 2
        assert signing.verify(new_secret, header, body, now)
        assert signing.verify(endpoint["secret"], header, body, now)
        assert not signing.verify("whsec_other", header, body, now)
        assert not signing.verify(new_secret, header, body + b" ", now)  # the body is signed
        # after the overlap only the new one signs
        assert stored.previous_secret_expires_at is not None
        later = stored.previous_secret_expires_at + timedelta(seconds=1)
        assert services.signing_secrets(stored, now=later) == [new_secret]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"url": "ftp://93.184.215.14/x"}, "webhook_url_invalid"),
        ({"url": "not a url"}, "webhook_url_invalid"),
        ({"url": "http://user:pw@93.184.215.14/x"}, "webhook_url_invalid"),
        ({"events": ["deposit.exploded"]}, "webhook_event_unknown"),
        ({"events": []}, "webhook_events_required"),
        ({"url": "http://127.0.0.1:8000/hooks"}, "webhook_url_private"),
        ({"url": "http://10.1.2.3/hooks"}, "webhook_url_private"),
        ({"url": "http://169.254.169.254/latest/meta-data"}, "webhook_url_private"),
        ({"url": "http://[::1]/hooks"}, "webhook_url_private"),
        ({"url": "http://192.168.0.10/hooks"}, "webhook_url_private"),
        ({"url": "http://localhost/hooks"}, "webhook_url_private"),
    ],
)
def test_bad_input_is_a_translated_400_and_nothing_is_written(body: dict[str, Any], code: str) -> None:
    with schema_context("acme"):
        before = WebhookEndpoint.objects.count()
    for language in ("en", "pt-BR"):
        response = create(session(language=language), **body)
        assert response.status_code == 400, response.content
        assert response.json()["code"] == code
        assert response.json()["message"]
    english = create(session(language="en"), **body).json()["message"]
    portuguese = create(session(language="pt-BR"), **body).json()["message"]
    assert english != portuguese
    with schema_context("acme"):
        assert WebhookEndpoint.objects.count() == before


def test_malformed_bodies_are_400_not_500() -> None:
    client = session()
    body: Any
    for body in (
        {"url": 5, "events": "x"},
        {"events": ["deposit.created"]},
        [],
        {"url": "x" * 3000, "events": []},
    ):
        response = client.post_json(ENDPOINTS, body)
        assert response.status_code == 400, response.content
    endpoint = create(client).json()
    assert client.patch_json(f"{ENDPOINTS}/{endpoint['id']}", {"url": "http://10.0.0.1/"}).status_code == 400
    assert (
        client.post_json(f"{ENDPOINTS}/{endpoint['id']}/rotate-secret", {"overlap_hours": 999}).status_code
        == 400
    )
    assert client.get(f"{ENDPOINTS}/{endpoint['id']}/deliveries", {"per_page": 7}).status_code == 400
    assert client.get(f"{ENDPOINTS}/{endpoint['id']}/deliveries", {"cursor": "garbage"}).status_code == 400


def test_the_send_time_check_refuses_private_addresses_without_connecting() -> None:
    with receiver() as local:
        for url in (local.url, "http://10.0.0.1:9/x", "http://169.254.169.254/latest"):
            status, _answer, error = services.post(url, b"{}", {"Content-Type": "application/json"})
            assert (status, error) == (None, "webhook_url_private")
        assert local.received == []
        with override_settings(WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=True):  # the demo's setting
            status, _answer, error = services.post(local.url, b"{}", {"Content-Type": "application/json"})
        assert (status, error) == (200, "")
        assert len(local.received) == 1


def test_another_tenant_cannot_see_or_resend_your_endpoints_or_deliveries() -> None:
    acme = session()
    endpoint = create(acme, events=["deposit.created"]).json()
    deposit = acme.post_json(
        "/api/deposits", {"method": "pix", "amount": 1_000, "currency": "BRL", "payer": PAYER}
    )
    assert deposit.status_code == 201, deposit.content
    deliveries = acme.get(f"{ENDPOINTS}/{endpoint['id']}/deliveries").json()["items"]
    assert [d["type"] for d in deliveries] == ["deposit.created"]
    delivery_id = deliveries[0]["id"]
    beta = session("beta")
    assert all(row["id"] != endpoint["id"] for row in beta.get(ENDPOINTS).json())
    for method, path in (
        ("get", f"{ENDPOINTS}/{endpoint['id']}"),
        ("get", f"{ENDPOINTS}/{endpoint['id']}/deliveries"),
        ("get", f"/api/webhook-deliveries/{delivery_id}"),
        ("post", f"/api/webhook-deliveries/{delivery_id}/resend"),
        ("post", f"{ENDPOINTS}/{endpoint['id']}/rotate-secret"),
        ("delete", f"{ENDPOINTS}/{endpoint['id']}"),
    ):
        response = beta.post_json(path, {}) if method == "post" else getattr(beta, method)(path)
        assert response.status_code == 404, (path, response.content)
    assert acme.post(f"/api/webhook-deliveries/{delivery_id}/resend").status_code == 202


def test_roles_without_the_route_are_refused() -> None:
    assert session(role="client_user_analyst").get(ENDPOINTS).status_code == 403


def test_events_are_written_with_the_money_change_and_not_for_a_rolled_back_one() -> None:
    acme = session()
    endpoint = create(acme, events=["deposit.created", "deposit.confirmed"]).json()
    created = acme.post_json(
        "/api/deposits", {"method": "pix", "amount": 2_500, "currency": "BRL", "payer": PAYER}
    )
    assert created.status_code == 201, created.content
    deposit_id = created.json()["id"]
    with schema_context("acme"):
        events = list(WebhookEvent.objects.filter(object_id=deposit_id).values_list("type", flat=True))
        assert events == ["deposit.created"]
        event = WebhookEvent.objects.get(object_id=deposit_id)
        assert event.data["id"] == deposit_id
        assert event.data["amount"] == 2_500
        assert WebhookDelivery.objects.filter(event=event, endpoint__public_id=endpoint["id"]).count() == 1
        assert OutboxMessage.objects.filter(actor_name="deliver_endpoint").exists()  # sent at commit
        deposit = Deposit.objects.get(public_id=deposit_id)

        def confirm_then_fail() -> None:
            with transaction.atomic():
                payments.transition_deposit(deposit, "confirmed", source="test", paid_amount=2_500)
                assert WebhookEvent.objects.filter(object_id=deposit_id, type="deposit.confirmed").exists()
                raise RolledBackError

        with pytest.raises(RolledBackError):
            confirm_then_fail()
        assert not WebhookEvent.objects.filter(object_id=deposit_id, type="deposit.confirmed").exists()
        payments.transition_deposit(deposit, "confirmed", source="test", paid_amount=2_500)
        assert list(WebhookEvent.objects.filter(object_id=deposit_id).values_list("type", flat=True)) == [
            "deposit.created",
            "deposit.confirmed",
        ]
    page = acme.get(f"{ENDPOINTS}/{endpoint['id']}/deliveries", {"type": "deposit.confirmed"}).json()
    assert [d["type"] for d in page["items"]] == ["deposit.confirmed"]
    assert acme.get(f"{ENDPOINTS}/{endpoint['id']}/deliveries", {"status": "succeeded"}).json()["items"] == []


def test_the_delivery_log_pages_by_keyset() -> None:
    acme = session()
    endpoint = create(acme, events=["refund.failed"]).json()
    with schema_context("acme"):
        for n in range(12):
            services.emit("refund.failed", f"ref_{n}", {"n": n})
    seen: list[str] = []
    cursor = None
    while True:
        params: dict[str, Any] = {"per_page": 10}
        if cursor:
            params["cursor"] = cursor
        page = acme.get(f"{ENDPOINTS}/{endpoint['id']}/deliveries", params).json()
        seen += [d["object_id"] for d in page["items"]]
        cursor = page["next_cursor"]
        if not cursor:
            break
    assert seen == [f"ref_{n}" for n in reversed(range(12))]  # newest first, each once


def test_unknown_event_types_are_not_emitted() -> None:
    with schema_context("acme"):
        assert services.emit("deposit.exploded", "dep_x", {}) is None


def test_app_error_codes_have_messages() -> None:
    from core.messages import MESSAGES

    for code in ("webhook_url_invalid", "webhook_url_unresolvable", "webhook_url_private",
                 "webhook_events_required", "webhook_event_unknown", "webhook_endpoints_limit"):  # fmt: skip
        assert set(MESSAGES[code]) == {"pt-BR", "en"}
    assert isinstance(services.check_events(["deposit.created"]), list)
    with pytest.raises(AppError):
        services.check_events(["nope"])


def test_the_demo_receiver_verifies_what_it_is_sent_and_exists_only_in_the_demo() -> None:
    from ops.demo_webhooks import seed_demo_webhook
    from tenants.models import Tenant

    acme = Tenant.objects.get(slug="acme")
    with schema_context("acme"):
        WebhookEndpoint.objects.all().delete()  # rolled back with the test
    assert seed_demo_webhook(acme) is False  # off outside the demo
    with override_settings(WEBHOOKS_DEMO_RECEIVER=True):
        assert seed_demo_webhook(acme) is True
        assert seed_demo_webhook(acme) is False  # once
    with schema_context("acme"):
        endpoint = WebhookEndpoint.objects.get()
        secret = services.signing_secrets(endpoint)[0]
    assert endpoint.url.endswith(f"/api/webhook-receiver/acme/{endpoint.public_id}")
    assert endpoint.url.startswith("http://127.0.0.1:")
    path = f"/api/webhook-receiver/acme/{endpoint.public_id}"
    body = b'{"id":"evt_demo","type":"deposit.confirmed","created":1,"data":{}}'
    good = {signing.HEADER: signing.header([secret], int(time.time()), body)}
    bad = {signing.HEADER: signing.header(["whsec_wrong"], int(time.time()), body)}
    platform = ApiClient("public")
    assert platform.post(path, body, content_type="application/json", headers=good).status_code == 404
    with override_settings(WEBHOOKS_DEMO_RECEIVER=True):
        answer = platform.post(path, body, content_type="application/json", headers=good)
        assert answer.status_code == 200, answer.content
        assert answer.json() == {
            "received": True,
            "verified": True,
            "event": "evt_demo",
            "type": "deposit.confirmed",
        }
        assert platform.post(path, body, content_type="application/json", headers=bad).status_code == 400
        assert (
            platform.post(
                "/api/webhook-receiver/beta/we_x", body, content_type="application/json"
            ).status_code
            == 404
        )


def test_the_periodic_job_finds_only_endpoints_whose_head_is_overdue() -> None:
    from django.utils import timezone

    acme = session()
    endpoint = create(acme, events=["refund.created"]).json()
    with schema_context("acme"):
        row = WebhookEndpoint.objects.get(public_id=endpoint["id"])
        first = services.emit("refund.created", "ref_a", {})
        second = services.emit("refund.created", "ref_b", {})
        assert first is not None
        assert second is not None
        long_ago = timezone.now() - timedelta(minutes=5)
        WebhookDelivery.objects.filter(endpoint=row).update(next_attempt_at=long_ago)
        assert row.pk in services.stuck_endpoints()  # its head should have gone a while ago
        # a head waiting for its retry holds the later one behind it: nothing is overdue
        WebhookDelivery.objects.filter(endpoint=row, event=first).update(
            status="failed", next_attempt_at=timezone.now() + timedelta(minutes=5)
        )
        assert row.pk not in services.stuck_endpoints()
        row.status = "paused"
        row.save()
        WebhookDelivery.objects.filter(endpoint=row).update(next_attempt_at=long_ago)
        assert row.pk not in services.stuck_endpoints()  # a paused endpoint waits for its resume
