"""Sending the sandbox bank's webhooks: apply the event to the bank's own books, sign, POST, log.

`deliver(delivery_id)` is what the dramatiq actor runs; `deliver_now(reference)` does the same
synchronously for tests, without HTTP, and returns what would have been POSTed.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from datetime import datetime

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from cofre_sandbox_bank import webhooks
from cofre_sandbox_bank.models import SandboxCharge, SandboxPayout, SandboxRefund, SandboxWebhookDelivery
from plugin_api import ChargeState

TIMEOUT_SECONDS = 10
USER_AGENT = "cofre-sandbox-bank/1.0"
# Cofre's own endpoint is on this machine: never route it through an HTTP proxy from the environment.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class WebhookDeliveryError(Exception):
    """Cofre did not answer 2xx: dramatiq retries the message (with backoff)."""


def apply_state(delivery: SandboxWebhookDelivery) -> None:
    """Move the bank's own charge, payout or refund to the event's state, once (only events that
    change it)."""
    if not delivery.applies_state or delivery.state_applied_at is not None:
        return
    event = delivery.payload["events"][0]
    with transaction.atomic():
        locked = SandboxWebhookDelivery.objects.select_for_update().get(pk=delivery.pk)
        if locked.state_applied_at is not None:
            return
        if delivery.kind == "charge":
            paid_at = (
                datetime.fromisoformat(event["occurred_at"])
                if event["state"] == ChargeState.CONFIRMED
                else None
            )
            SandboxCharge.objects.filter(reference=delivery.reference).update(
                state=event["state"], reason=event["reason"], paid_at=paid_at, updated_at=timezone.now()
            )
        elif delivery.kind == "refund":
            SandboxRefund.objects.filter(provider_reference=event["provider_reference"]).update(
                state=event["state"], reason=event["reason"], updated_at=timezone.now()
            )
        else:
            SandboxPayout.objects.filter(provider_reference=event["provider_reference"]).update(
                state=event["state"], reason=event["reason"], updated_at=timezone.now()
            )
        locked.state_applied_at = timezone.now()
        locked.save(update_fields=["state_applied_at"])
    delivery.state_applied_at = locked.state_applied_at


def body_of(delivery: SandboxWebhookDelivery) -> bytes:
    """The exact bytes POSTed (and signed) for a delivery."""
    return webhooks.encode_body(delivery.payload["events"])


def _post(url: str, body: bytes, headers: dict[str, str]) -> tuple[int | None, str]:
    if not url.startswith(("http://", "https://")):
        return None, "webhook_url must be http(s)"
    request = urllib.request.Request(  # noqa: S310  (scheme checked above)
        url,
        data=body,
        method="POST",
        headers={**headers, "Host": settings.BASE_DOMAIN, "User-Agent": USER_AGENT},
    )
    try:
        with _OPENER.open(request, timeout=TIMEOUT_SECONDS) as response:
            return int(response.status), ""
    except urllib.error.HTTPError as exc:
        return exc.code, ""
    except (urllib.error.URLError, OSError) as exc:
        return None, str(exc)[:200]


def deliver(delivery_id: int) -> None:
    """Send one webhook (the dramatiq actor's body); raise WebhookDeliveryError to be retried."""
    delivery = SandboxWebhookDelivery.objects.filter(pk=delivery_id).first()
    if delivery is None or delivery.delivered_at is not None:
        return
    apply_state(delivery)
    body = body_of(delivery)
    headers = webhooks.signed_headers(delivery.signing_secret, body)
    status, error = _post(delivery.url, body, headers)
    ok = status is not None and 200 <= status < 300
    SandboxWebhookDelivery.objects.filter(pk=delivery.pk).update(
        attempts=F("attempts") + 1,
        last_status=status,
        last_error=error,
        delivered_at=timezone.now() if ok else None,
    )
    if not ok:
        raise WebhookDeliveryError(f"webhook {delivery.event_id} to {delivery.url}: {status or error}")


def release(reference: str) -> list[tuple[str, dict[str, str], bytes]]:
    """Every undelivered webhook for `reference`, in order, as (url, headers, body), now.

    Does what the actor would (applies the events to the bank's books, signs with the merchant's
    secret, marks them delivered) but hands the requests to the caller instead of POSTing them: the
    bank's test mode (`POST /sandbox-bank/webhooks/release`) for a demo or a test with no web server.
    """
    pending = SandboxWebhookDelivery.objects.filter(reference=reference, delivered_at__isnull=True).order_by(
        "due_at", "id"
    )
    requests = []
    for delivery in pending:
        apply_state(delivery)
        body = body_of(delivery)
        requests.append((delivery.url, webhooks.signed_headers(delivery.signing_secret, body), body))
        SandboxWebhookDelivery.objects.filter(pk=delivery.pk).update(
            attempts=F("attempts") + 1, delivered_at=timezone.now()
        )
    return requests


def deliver_now(reference: str) -> list[tuple[dict[str, str], bytes]]:
    """Test helper: `release(reference)` without the URLs, as (headers, body), so a test can post
    them through Django's test client:

        for headers, body in deliver_now(deposit.public_id):
            client.post("/api/webhooks/sandbox_bank", body, content_type="application/json",
                        headers=headers)
    """
    return [(headers, body) for _, headers, body in release(reference)]
