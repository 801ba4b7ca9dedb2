"""Webhook deliveries through a real dramatiq worker on committed data, to receivers on local HTTP
servers (threads of the test: outside our system).

The worker is this module's own, on a Redis namespace no other worker consumes, with the demo's
setting on (the receivers are on 127.0.0.1), retries in fractions of a second and a pause after 3
failures in a row, so a day of backoff plays out in seconds. Every wait is for a condition.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.db import transaction
from django.test import override_settings
from django_tenants.utils import schema_context
from dramatiq.brokers.redis import RedisBroker

from core.dramatiq_middleware import TenantMiddleware
from notifications.models import Notification
from notifications.services import rendered
from tenants.models import Tenant
from tests.payouts.helpers import committed_client
from tests.support.http import ApiClient
from tests.support.stack import worker_process
from tests.webhooks.receiver import event_ids, receiver
from webhooks import services, signing, tasks
from webhooks.models import DeliveryStatus, WebhookDelivery, WebhookEndpoint

pytestmark = [pytest.mark.worker]

ENDPOINTS = "/api/webhook-endpoints"
PAUSE_AFTER = 3


def wait_until(condition: Callable[[], bool], timeout: float = 30, interval: float = 0.05) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(interval)
    return False


@pytest.fixture(scope="module")
def hook_worker(django_db_setup: None, django_db_blocker: Any, artifacts_dir: Path) -> Iterator[Path]:
    namespace = f"{settings.REDIS_NAMESPACE}-wh{uuid.uuid4().hex[:6]}"
    broker = RedisBroker(  # type: ignore[no-untyped-call]
        url=settings.REDIS_URL, namespace=f"{namespace}-jobs", middleware=[TenantMiddleware()]
    )
    env = {
        "COFRE_WEBHOOKS_ALLOW_PRIVATE": "1",
        "COFRE_WEBHOOK_RETRY_BASE_SECONDS": "0.2",
        "COFRE_WEBHOOK_RETRY_MAX_SECONDS": "0.5",
        "COFRE_WEBHOOK_PAUSE_AFTER_FAILURES": str(PAUSE_AFTER),
        "COFRE_WEBHOOK_TIMEOUT_SECONDS": "3",
        "OUTBOX_RELAY_INTERVAL_SECONDS": "0.2",
    }
    log = artifacts_dir / "webhook-worker.log"
    with pytest.MonkeyPatch.context() as patch, ExitStack() as stack:
        patch.setattr(tasks.deliver_endpoint, "broker", broker)
        patch.setattr(tasks.resend_delivery, "broker", broker)
        with override_settings(REDIS_NAMESPACE=namespace):
            stack.enter_context(worker_process(log, env=env))
        with django_db_blocker.unblock():
            try:
                yield log
            finally:
                Tenant.objects.filter(slug__startswith="wh").update(status="suspended")
                keys = list(broker.client.scan_iter(f"{namespace}-jobs*"))
                if keys:
                    broker.client.delete(*keys)


def new_endpoint(owner: ApiClient, url: str, events: list[str]) -> dict[str, Any]:
    with override_settings(WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=True):  # the receivers are on this machine
        response = owner.post_json(ENDPOINTS, {"url": url, "events": events})
    assert response.status_code == 201, response.content
    created: dict[str, Any] = response.json()
    return created


def emit(slug: str, event_type: str, object_id: str, **data: Any) -> str:
    """One money change's event, committed in its own transaction (as record_change writes it)."""
    with schema_context(slug), transaction.atomic():
        event = services.emit(event_type, object_id, {"id": object_id, **data})
        assert event is not None
        return event.public_id


def delivery(slug: str, event_id: str, endpoint_id: str) -> WebhookDelivery:
    with schema_context(slug):
        return WebhookDelivery.objects.get(event__public_id=event_id, endpoint__public_id=endpoint_id)


def log_tail(log: Path) -> str:
    return log.read_text(errors="replace")[-3000:]


def test_deliveries_are_signed_and_in_order_per_object(hook_worker: Path) -> None:
    slug, owner = committed_client("wh")
    with receiver() as merchant:
        endpoint = new_endpoint(owner, merchant.url, ["deposit.created", "deposit.confirmed"])
        sent = [
            emit(slug, "deposit.created", "dep_a", amount=1000),
            emit(slug, "deposit.created", "dep_b", amount=2000),
            emit(slug, "deposit.confirmed", "dep_a", amount=1000),
            emit(slug, "deposit.confirmed", "dep_b", amount=2000),
        ]
        arrived = merchant.wait_for(4, timeout=30)
        assert event_ids(arrived) == sent, log_tail(hook_worker)
        for request in arrived:
            header = request.headers[signing.HEADER]
            assert signing.verify(endpoint["secret"], header, request.body, int(time.time()))
            body = json.loads(request.body)
            assert set(body) == {"id", "type", "created", "data"}
            assert request.headers["Content-Type"] == "application/json"
        per_object: dict[str, list[str]] = {}
        for request in arrived:
            body = json.loads(request.body)
            per_object.setdefault(body["data"]["id"], []).append(body["type"])
        assert per_object == {"dep_a": ["deposit.created", "deposit.confirmed"],
                              "dep_b": ["deposit.created", "deposit.confirmed"]}  # fmt: skip
    assert wait_until(lambda: delivery(slug, sent[-1], endpoint["id"]).status == DeliveryStatus.SUCCEEDED)
    log = owner.get(f"{ENDPOINTS}/{endpoint['id']}/deliveries").json()["items"]
    assert [row["status"] for row in log] == ["succeeded"] * 4
    assert all(row["last_status_code"] == 200 and row["attempts"] == 1 for row in log)
    assert all(row["last_latency_ms"] is not None for row in log)


def test_a_failure_is_retried_with_backoff_then_succeeds(hook_worker: Path) -> None:
    slug, owner = committed_client("wh")
    with receiver(answer=lambda n: 500 if n < 2 else 200) as merchant:
        endpoint = new_endpoint(owner, merchant.url, ["payout.confirmed", "payout.rejected"])
        first = emit(slug, "payout.confirmed", "pay_1", amount=700)
        second = emit(slug, "payout.rejected", "pay_2", amount=800)
        arrived = merchant.wait_for(4, timeout=30)
        # the failing head is retried (same event id) and holds the endpoint's later delivery behind it
        assert event_ids(arrived) == [first, first, first, second], log_tail(hook_worker)
        assert [r.status for r in arrived] == [500, 500, 200, 200]
    assert wait_until(lambda: delivery(slug, second, endpoint["id"]).status == DeliveryStatus.SUCCEEDED)
    row = delivery(slug, first, endpoint["id"])
    assert row.attempts == 3
    detail = owner.get(f"/api/webhook-deliveries/{row.public_id}").json()
    assert [a["status_code"] for a in detail["attempt_log"]] == [200, 500, 500]  # newest first
    assert detail["attempt_log"][0]["response_body"] == '{"ok": true}'
    assert json.loads(detail["attempt_log"][0]["request_body"])["id"] == first
    with schema_context(slug):
        assert WebhookEndpoint.objects.get(public_id=endpoint["id"]).consecutive_failures == 0


def test_a_run_of_failures_pauses_the_endpoint_notifies_the_admins_and_resume_replays_in_order(
    hook_worker: Path,
) -> None:
    slug, owner = committed_client("wh")
    healthy = {"on": False}
    with receiver(answer=lambda n: 200 if healthy["on"] else 503) as merchant:
        endpoint = new_endpoint(owner, merchant.url, ["refund.created", "refund.confirmed"])
        first = emit(slug, "refund.created", "ref_1", amount=100)

        def paused() -> bool:
            with schema_context(slug):
                return WebhookEndpoint.objects.get(public_id=endpoint["id"]).status == "paused"

        assert wait_until(paused, timeout=30), log_tail(hook_worker)
        assert len(merchant.received) == PAUSE_AFTER
        shown = owner.get(f"{ENDPOINTS}/{endpoint['id']}").json()
        assert shown["paused_reason"] == "failures"
        assert shown["consecutive_failures"] == PAUSE_AFTER
        notices = Notification.objects.filter(tenant__slug=slug, kind="webhook.endpoint_paused")
        assert notices.count() == 1
        assert notices[0].link == "clients/webhooks"
        english, portuguese = rendered(notices[0], "en"), rendered(notices[0], "pt-BR")
        assert "paused" in english[1]
        assert "pausado" in portuguese[1]
        # while paused, events wait in its backlog
        backlog = [emit(slug, "refund.confirmed", "ref_1"), emit(slug, "refund.created", "ref_2")]
        healthy["on"] = True
        response = owner.patch_json(f"{ENDPOINTS}/{endpoint['id']}", {"active": True})
        assert response.json()["status"] == "active"
        arrived = merchant.wait_for(PAUSE_AFTER + 3, timeout=30)
        assert event_ids(arrived)[PAUSE_AFTER:] == [first, *backlog], log_tail(hook_worker)
    assert wait_until(lambda: delivery(slug, backlog[-1], endpoint["id"]).status == DeliveryStatus.SUCCEEDED)


def test_a_successful_delivery_can_be_resent_by_hand(hook_worker: Path) -> None:
    slug, owner = committed_client("wh")
    with receiver() as merchant:
        endpoint = new_endpoint(owner, merchant.url, ["deposit.refunded"])
        event_id = emit(slug, "deposit.refunded", "dep_r", amount=300)
        merchant.wait_for(1)
        assert wait_until(lambda: delivery(slug, event_id, endpoint["id"]).status == DeliveryStatus.SUCCEEDED)
        row = delivery(slug, event_id, endpoint["id"])
        assert owner.post(f"/api/webhook-deliveries/{row.public_id}/resend").status_code == 202
        arrived = merchant.wait_for(2)
        assert event_ids(arrived) == [event_id, event_id]  # the same id: the merchant dedupes on it
    assert wait_until(lambda: delivery(slug, event_id, endpoint["id"]).attempts == 2)
    detail = owner.get(f"/api/webhook-deliveries/{row.public_id}").json()
    assert [a["manual"] for a in detail["attempt_log"]] == [True, False]
    assert detail["status"] == "succeeded"


def test_a_slow_endpoint_does_not_delay_another(hook_worker: Path) -> None:
    slow_slug, slow_owner = committed_client("wh")
    slug, owner = committed_client("wh")
    with receiver(delay=1.0) as slow, receiver() as quick:
        new_endpoint(slow_owner, slow.url, ["payout.pending"])
        new_endpoint(owner, quick.url, ["payout.pending"])
        for n in range(5):
            emit(slow_slug, "payout.pending", f"pay_s{n}")
        sent = [emit(slug, "payout.pending", f"pay_q{n}") for n in range(5)]
        assert event_ids(quick.wait_for(5, timeout=20)) == sent
        assert len(slow.received) < 5  # the slow merchant is still being served, one by one
        slow.wait_for(5, timeout=30)
