"""Webhooks to merchants: endpoints (check_/do_ as everywhere), events written with the money change,
and the delivery of an endpoint's queue, in order, by the worker.

Ordering: each endpoint's deliveries go out strictly in the order their events were written (the head
of *its* queue: its oldest delivery not yet succeeded). A failing head waits for its retry and holds
the endpoint's later deliveries behind it, so a merchant never sees an object's later state before an
earlier one; other endpoints (and other tenants) have their own queues, run by their own jobs.
"""

from __future__ import annotations

import http.client
import json
import random
import secrets as secrets_module
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction
from django.db.models import OuterRef, QuerySet, Subquery
from django.utils import timezone

from accounts.models import Membership
from audit import services as audit
from core import crypto, idempotency, leases
from core.errors import AppError, NotFoundError
from core.ids import new_public_id
from core.jobs import enqueue_on_commit
from tenants.tenancy import current_schema
from webhooks import catalog, notices, signing
from webhooks.models import (
    DeliveryStatus,
    EndpointStatus,
    WebhookAttempt,
    WebhookDelivery,
    WebhookEndpoint,
    WebhookEvent,
)
from webhooks.safety import UnsafeUrlError, check_url

USER_AGENT = "Cofre-Webhooks/1"
MAX_ENDPOINTS = 20  # per tenant
DRAIN_LEASE_MS = 60_000


# ----------------------------------------------------------------------------------------- secrets
def new_secret() -> str:
    return f"whsec_{secrets_module.token_hex(24)}"


def signing_secrets(endpoint: WebhookEndpoint, now: datetime | None = None) -> list[str]:
    """The secrets that sign now: the current one, and the previous one during a rotation's overlap."""
    moment = now or timezone.now()
    found = [str(crypto.unseal(endpoint.secret))]
    if (
        endpoint.previous_secret
        and endpoint.previous_secret_expires_at is not None
        and endpoint.previous_secret_expires_at > moment
    ):
        found.append(str(crypto.unseal(endpoint.previous_secret)))
    return found


# --------------------------------------------------------------------------------------- endpoints
def endpoints_of_tenant() -> QuerySet[WebhookEndpoint]:
    """The one scoped helper: the endpoints of the schema the connection is in (this host's tenant)."""
    return WebhookEndpoint.objects.all()


def access_endpoint(public_id: str) -> WebhookEndpoint:
    endpoint = endpoints_of_tenant().filter(public_id=public_id).first()
    if endpoint is None:
        raise NotFoundError
    return endpoint


def access_delivery(public_id: str) -> WebhookDelivery:
    delivery = WebhookDelivery.objects.filter(public_id=public_id).select_related("event", "endpoint").first()
    if delivery is None:
        raise NotFoundError
    return delivery


def check_events(events: Sequence[str]) -> list[str]:
    chosen = list(dict.fromkeys(events))
    if not chosen:
        raise AppError("webhook_events_required")
    unknown = [event for event in chosen if event not in catalog.KNOWN]
    if unknown:
        raise AppError("webhook_event_unknown", event=unknown[0][:40])
    return chosen


@dataclass(frozen=True)
class CheckedEndpoint:
    url: str
    events: list[str]


def check_endpoint(url: str, events: Sequence[str]) -> CheckedEndpoint:
    """Validate (writes nothing): a URL a webhook may go to, known event types."""
    url = url.strip()
    checked_events = check_events(events)
    check_url(url)
    return CheckedEndpoint(url=url, events=checked_events)


@dataclass(frozen=True)
class NewEndpoint:
    endpoint: WebhookEndpoint
    secret: str  # the only time the secret leaves the server


def do_create_endpoint(
    membership: Membership,
    checked: CheckedEndpoint,
    *,
    idempotency_key: str | None = None,
    request_hash: str = "",
) -> NewEndpoint:
    with transaction.atomic():
        if endpoints_of_tenant().count() >= MAX_ENDPOINTS:
            raise AppError("webhook_endpoints_limit", status=409, limit=MAX_ENDPOINTS)
        secret = new_secret()
        endpoint = WebhookEndpoint.objects.create(
            public_id=new_public_id("we"), url=checked.url, events=checked.events,
            secret=crypto.seal(secret), created_by_id=membership.user_id,
            idempotency_key=idempotency_key, request_hash=request_hash,
        )  # fmt: skip
        audit.record(
            "webhook_endpoint.created", actor=membership.user, target=endpoint,
            data={"url": endpoint.url, "events": endpoint.events},
        )  # fmt: skip
    return NewEndpoint(endpoint, secret)


def create_endpoint(membership: Membership, url: str, events: Sequence[str]) -> NewEndpoint:
    return do_create_endpoint(membership, check_endpoint(url, events))


def create_endpoint_once(
    membership: Membership, url: str, events: Sequence[str], *, idempotency_key: str | None
) -> tuple[NewEndpoint, bool]:
    """`create_endpoint` honouring an optional Idempotency-Key: (endpoint with its secret, created). A
    repeated call (same key, same body, same user) answers the same endpoint and its signing secret."""

    def create(key: str | None, request_hash: str) -> WebhookEndpoint:
        checked = check_endpoint(url, events)
        return do_create_endpoint(
            membership, checked, idempotency_key=key, request_hash=request_hash
        ).endpoint

    endpoint, created = idempotency.create_once(
        endpoints_of_tenant(),
        idempotency_key,
        {"url": url, "events": sorted(events), "creator": membership.user_id},
        create,
    )
    return NewEndpoint(endpoint, str(crypto.unseal(endpoint.secret))), created


def update_endpoint(
    membership: Membership,
    endpoint: WebhookEndpoint,
    *,
    url: str | None = None,
    events: Sequence[str] | None = None,
    active: bool | None = None,
) -> WebhookEndpoint:
    new_url = url.strip() if url is not None else None
    new_events = check_events(events) if events is not None else None
    if new_url is not None:
        check_url(new_url)
    with transaction.atomic():
        locked = WebhookEndpoint.objects.select_for_update().get(pk=endpoint.pk)
        changed: dict[str, Any] = {}
        if new_url is not None and new_url != locked.url:
            locked.url = changed["url"] = new_url
        if new_events is not None and new_events != locked.events:
            locked.events = changed["events"] = new_events
        locked.save()
        if active is True and locked.status == EndpointStatus.PAUSED:
            _resume(locked)
            changed["status"] = "active"
        elif active is False and locked.status == EndpointStatus.ACTIVE:
            locked.status = EndpointStatus.PAUSED
            locked.paused_reason = "manual"
            locked.save(update_fields=["status", "paused_reason", "updated_at"])
            changed["status"] = "paused"
        if changed:
            audit.record("webhook_endpoint.changed", actor=membership.user, target=locked, data=changed)
    return locked


def _resume(locked: WebhookEndpoint) -> None:
    """Active again: the backlog (every delivery not yet succeeded) is due now, replayed in order."""
    locked.status = EndpointStatus.ACTIVE
    locked.paused_reason = ""
    locked.consecutive_failures = 0
    locked.save(update_fields=["status", "paused_reason", "consecutive_failures", "updated_at"])
    locked.deliveries.exclude(status=DeliveryStatus.SUCCEEDED).update(next_attempt_at=timezone.now())
    from webhooks.tasks import deliver_endpoint

    enqueue_on_commit(deliver_endpoint, locked.pk)


def rotate_secret(membership: Membership, endpoint: WebhookEndpoint, overlap_hours: int) -> NewEndpoint:
    if not 0 <= overlap_hours <= 168:
        raise AppError("invalid_input", fields={"overlap_hours": "invalid"})
    with transaction.atomic():
        locked = WebhookEndpoint.objects.select_for_update().get(pk=endpoint.pk)
        secret = new_secret()
        locked.previous_secret = locked.secret if overlap_hours else None
        locked.previous_secret_expires_at = (
            timezone.now() + timedelta(hours=overlap_hours) if overlap_hours else None
        )
        locked.secret = crypto.seal(secret)
        locked.save()
        audit.record(
            "webhook_endpoint.secret_rotated", actor=membership.user, target=locked,
            data={"overlap_hours": overlap_hours},
        )  # fmt: skip
    return NewEndpoint(locked, secret)


def delete_endpoint(membership: Membership, endpoint: WebhookEndpoint) -> None:
    with transaction.atomic():
        audit.record(
            "webhook_endpoint.deleted", actor=membership.user, target=endpoint, data={"url": endpoint.url}
        )
        endpoint.delete()


# ------------------------------------------------------------------------------------------ events
def emit(event_type: str, object_id: str, data: dict[str, Any]) -> WebhookEvent | None:
    """In the money change's transaction (payments.records.record_change): the event and one delivery
    per endpoint subscribed to its type (paused ones too: their backlog is replayed on resume); the
    active endpoints' jobs are sent when the transaction commits. Nothing when no endpoint listens."""
    if event_type not in catalog.KNOWN:
        return None
    endpoints = list(
        WebhookEndpoint.objects.filter(events__contains=[event_type]).values_list("pk", "status")
    )
    if not endpoints:
        return None
    event = WebhookEvent.objects.create(
        public_id=new_public_id("evt"), type=event_type, object_id=object_id[:40], data=data
    )
    now = timezone.now()
    WebhookDelivery.objects.bulk_create(
        WebhookDelivery(public_id=new_public_id("wd"), endpoint_id=pk, event=event, next_attempt_at=now)
        for pk, _status in endpoints
    )
    from webhooks.tasks import deliver_endpoint

    for pk, status in endpoints:
        if status == EndpointStatus.ACTIVE:
            enqueue_on_commit(deliver_endpoint, pk)
    return event


def event_body(event: WebhookEvent) -> bytes:
    return json.dumps(
        {"id": event.public_id, "type": event.type, "created": int(event.created_at.timestamp()),
         "data": event.data},
        separators=(",", ":"), sort_keys=True,
    ).encode()  # fmt: skip


# -------------------------------------------------------------------------------------- delivering
@dataclass(frozen=True)
class Outcome:
    ok: bool
    status_code: int | None
    latency_ms: int
    error: str
    request_headers: dict[str, str]
    request_body: str
    response_body: str


def _cut(text: str) -> str:
    limit = int(settings.WEBHOOK_BODY_LIMIT)
    return text if len(text) <= limit else text[:limit] + "…"


def post(url: str, body: bytes, headers: dict[str, str]) -> tuple[int | None, bytes, str]:
    """POST `body` to `url` (checked again now: the name may point elsewhere since creation), no
    redirects, no proxies, a short timeout for the whole exchange and at most
    WEBHOOK_RESPONSE_READ_LIMIT bytes of the answer read. (status, answer, error)."""
    try:
        check_url(url)
    except UnsafeUrlError as exc:
        return None, b"", exc.code
    parts = urlsplit(url)
    timeout = float(settings.WEBHOOK_TIMEOUT_SECONDS)
    deadline = time.monotonic() + timeout
    host = parts.hostname or ""
    connection: http.client.HTTPConnection
    if parts.scheme == "https":
        connection = http.client.HTTPSConnection(host, parts.port or 443, timeout=timeout)
    else:
        connection = http.client.HTTPConnection(host, parts.port or 80, timeout=timeout)
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    try:
        connection.request("POST", path, body=body, headers=headers)
        response = connection.getresponse()
        limit = int(settings.WEBHOOK_RESPONSE_READ_LIMIT)
        chunks: list[bytes] = []
        read = 0
        while read < limit:
            if time.monotonic() > deadline:
                return None, b"".join(chunks), "timeout"
            chunk = response.read1(min(8192, limit - read)) if hasattr(response, "read1") else b""
            if not chunk:
                break
            chunks.append(chunk)
            read += len(chunk)
        return response.status, b"".join(chunks), ""
    except TimeoutError:
        return None, b"", "timeout"
    except ConnectionRefusedError:
        return None, b"", "connection_refused"
    except (OSError, http.client.HTTPException) as exc:
        return None, b"", f"connection_error: {type(exc).__name__}"[:200]
    finally:
        connection.close()


def send(endpoint: WebhookEndpoint, event: WebhookEvent) -> Outcome:
    body = event_body(event)
    timestamp = int(time.time())
    headers = {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        signing.HEADER: signing.header(signing_secrets(endpoint), timestamp, body),
        "Cofre-Event-Id": event.public_id,
    }
    started = time.monotonic()
    status, answer, error = post(endpoint.url, body, headers)
    latency_ms = int((time.monotonic() - started) * 1000)
    ok = status is not None and 200 <= status < 300
    if status is not None and not ok:
        error = f"http_{status}"
    shown = {k: v for k, v in headers.items() if k != signing.HEADER}
    shown[signing.HEADER] = headers[signing.HEADER].split(",", 1)[0] + ",v1=…"  # never a usable signature
    return Outcome(
        ok=ok, status_code=status, latency_ms=latency_ms, error=error[:200], request_headers=shown,
        request_body=_cut(body.decode()), response_body=_cut(answer.decode("utf-8", errors="replace")),
    )  # fmt: skip


def backoff_seconds(failures: int) -> float:
    """base * 2^(failures-1), capped, with jitter (half to all of it)."""
    base = float(settings.WEBHOOK_RETRY_BASE_SECONDS)
    delay: float = min(float(settings.WEBHOOK_RETRY_MAX_SECONDS), base * 2 ** max(0, failures - 1))
    return delay * random.uniform(0.5, 1.0)  # noqa: S311  (jitter, not a secret)


def record_attempt(delivery_pk: int, outcome: Outcome, *, manual: bool) -> WebhookDelivery | None:
    """Write the attempt and its effect under the endpoint's row lock: success resets the endpoint's
    run of failures; an automatic failure schedules the retry and, after
    WEBHOOK_PAUSE_AFTER_FAILURES in a row, pauses the endpoint and tells the client's admins."""
    now = timezone.now()
    with transaction.atomic():
        found = WebhookDelivery.objects.filter(pk=delivery_pk).values_list("endpoint_id", flat=True).first()
        if found is None:
            return None
        endpoint = WebhookEndpoint.objects.select_for_update().filter(pk=found).first()
        delivery = (
            WebhookDelivery.objects.select_for_update().select_related("event").filter(pk=delivery_pk).first()
        )
        if endpoint is None or delivery is None:  # deleted with its endpoint meanwhile: nothing to record
            return None
        delivery.attempts += 1
        WebhookAttempt.objects.create(
            delivery=delivery, number=delivery.attempts, manual=manual, status_code=outcome.status_code,
            latency_ms=outcome.latency_ms, error=outcome.error, request_headers=outcome.request_headers,
            request_body=outcome.request_body, response_body=outcome.response_body, succeeded=outcome.ok,
        )  # fmt: skip
        delivery.last_status_code = outcome.status_code
        delivery.last_latency_ms = outcome.latency_ms
        delivery.last_error = outcome.error
        if outcome.ok:
            delivery.status = DeliveryStatus.SUCCEEDED
            delivery.delivered_at = now
            if endpoint.consecutive_failures:
                endpoint.consecutive_failures = 0
                endpoint.save(update_fields=["consecutive_failures", "updated_at"])
        elif delivery.status != DeliveryStatus.SUCCEEDED and not manual:
            delivery.status = DeliveryStatus.FAILED
            failures = WebhookAttempt.objects.filter(delivery=delivery, manual=False, succeeded=False).count()
            delivery.next_attempt_at = now + timedelta(seconds=backoff_seconds(failures))
            endpoint.consecutive_failures += 1
            update = ["consecutive_failures", "updated_at"]
            if endpoint.status == EndpointStatus.ACTIVE and endpoint.consecutive_failures >= int(
                settings.WEBHOOK_PAUSE_AFTER_FAILURES
            ):
                endpoint.status = EndpointStatus.PAUSED
                endpoint.paused_reason = "failures"
                update += ["status", "paused_reason"]
                notices.endpoint_paused(endpoint.url, endpoint.consecutive_failures)
                audit.record(
                    "webhook_endpoint.paused", target=endpoint,
                    data={"reason": "failures", "failures": endpoint.consecutive_failures},
                )  # fmt: skip
            endpoint.save(update_fields=update)
        delivery.save()
    return delivery


def _head(endpoint_id: int) -> WebhookDelivery | None:
    return (
        WebhookDelivery.objects.filter(endpoint_id=endpoint_id)
        .exclude(status=DeliveryStatus.SUCCEEDED)
        .select_related("event")
        .order_by("id")
        .first()
    )


@dataclass(frozen=True)
class Drained:
    outcome: str  # "idle" | "stopped" | "later" | "yield" | "busy"
    due_at: datetime | None = None
    sent: int = 0


def _drain_held(endpoint_id: int) -> Drained:
    """Send the endpoint's due deliveries in order for at most WEBHOOK_RUN_SECONDS."""
    started = time.monotonic()
    sent = 0
    while time.monotonic() - started < float(settings.WEBHOOK_RUN_SECONDS):
        endpoint = WebhookEndpoint.objects.filter(pk=endpoint_id).first()
        if endpoint is None or endpoint.status != EndpointStatus.ACTIVE:
            return Drained("stopped", sent=sent)
        head = _head(endpoint_id)
        if head is None:
            return Drained("idle", sent=sent)
        if head.next_attempt_at > timezone.now():
            return Drained("later", head.next_attempt_at, sent)
        outcome = send(endpoint, head.event)
        delivery = record_attempt(head.pk, outcome, manual=False)
        sent += 1
        if delivery is None:
            return Drained("stopped", sent=sent)
        if not outcome.ok:
            return Drained("later", delivery.next_attempt_at, sent)
    return Drained("yield", sent=sent)


def drain(endpoint_id: int) -> Drained:
    """One run over an endpoint's queue, at most one at a time per endpoint (a Redis lease). After
    releasing the lease it looks once more: a delivery committed while it ran (whose job found the
    lease held and left) is not stranded."""
    key = leases.lease_key("webhook", current_schema(), str(endpoint_id))
    total = 0
    while True:
        token = leases.take(key, DRAIN_LEASE_MS)
        if token is None:
            return Drained("busy", sent=total)
        try:
            result = _drain_held(endpoint_id)
        finally:
            leases.release(key, token)
        total += result.sent
        if result.outcome != "idle":
            return Drained(result.outcome, result.due_at, total)
        if _head(endpoint_id) is None:
            return Drained("idle", sent=total)


def resend(membership: Membership, delivery: WebhookDelivery) -> WebhookDelivery:
    """Send a delivery again by hand, whatever its status (successful ones too), in a job."""
    from webhooks.tasks import resend_delivery

    with transaction.atomic():
        audit.record(
            "webhook_delivery.resent", actor=membership.user, target=delivery,
            data={"event": delivery.event.public_id, "endpoint": delivery.endpoint.public_id},
        )  # fmt: skip
        enqueue_on_commit(resend_delivery, delivery.pk)
    return delivery


def resend_now(delivery_id: int) -> None:
    delivery = WebhookDelivery.objects.select_related("event", "endpoint").filter(pk=delivery_id).first()
    if delivery is None:
        return
    outcome = send(delivery.endpoint, delivery.event)
    record_attempt(delivery.pk, outcome, manual=True)
    if outcome.ok and delivery.endpoint.status == EndpointStatus.ACTIVE:
        from webhooks.tasks import send_drain

        send_drain(delivery.endpoint_id)  # the queue behind it may move now


def stuck_endpoints(older_than: timedelta = timedelta(minutes=1)) -> list[int]:
    """Active endpoints whose *head* (oldest delivery not yet succeeded) is overdue by `older_than`: a
    job lost with a killed worker. The periodic job sends them again. (Deliveries waiting behind a head
    that is itself waiting for its retry are not overdue.)"""
    due = timezone.now() - older_than
    head_due = Subquery(
        WebhookDelivery.objects.filter(endpoint=OuterRef("pk"))
        .exclude(status=DeliveryStatus.SUCCEEDED)
        .order_by("id")
        .values("next_attempt_at")[:1]
    )
    return list(
        WebhookEndpoint.objects.filter(status=EndpointStatus.ACTIVE)
        .annotate(head_due=head_due)
        .filter(head_due__lte=due)
        .values_list("pk", flat=True)[:500]
    )
