"""Webhook jobs: drain one endpoint's queue, resend one delivery by hand, and the periodic safety net.

On their own queue (`webhooks`), so deliveries never wait behind payouts or the health probe, and
each run holds a thread for at most WEBHOOK_RUN_SECONDS plus one timeout: a slow endpoint yields its
thread to the others' jobs, a dead one waits for its retry without holding any."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

import dramatiq
from django.utils import timezone

from core.dramatiq_middleware import SCHEMA_OPTION
from core.periodic import PERIODIC_PRIORITY, PERIODIC_QUEUE, periodic_run
from tenants.tenancy import current_schema

logger = logging.getLogger("cofre.webhooks")
QUEUE = "webhooks"


def _delay_ms(due_at: datetime | None) -> int:
    if due_at is None:
        return 0
    return max(0, int((due_at - timezone.now()).total_seconds() * 1000)) + 50


@dramatiq.actor(queue_name=QUEUE, max_retries=3, min_backoff=1000, max_backoff=30_000, time_limit=120_000)
def deliver_endpoint(endpoint_id: int) -> None:
    from webhooks import services

    result = services.drain(endpoint_id)
    if result.outcome == "yield":  # back of the queue: other endpoints' jobs run first
        send_drain(endpoint_id)
    elif result.outcome == "later":
        send_drain(endpoint_id, _delay_ms(result.due_at))


def send_drain(endpoint_id: int, delay_ms: int = 0) -> None:
    """Send `deliver_endpoint` for this schema's endpoint. The schema is named in the message: a
    delayed message waits in the outbox and is sent by a relay thread, in the public schema."""
    options: dict[str, Any] = {SCHEMA_OPTION: current_schema()}
    deliver_endpoint.send_with_options(args=(endpoint_id,), delay=delay_ms or None, **options)


@dramatiq.actor(queue_name=QUEUE, max_retries=3, min_backoff=1000, max_backoff=30_000, time_limit=60_000)
def resend_delivery(delivery_id: int) -> None:
    from webhooks import services

    services.resend_now(delivery_id)


@dramatiq.actor(queue_name=PERIODIC_QUEUE, priority=PERIODIC_PRIORITY, max_retries=0, time_limit=60_000)
def webhook_jobs() -> None:
    """Per tenant (ticked by core.tasks.periodic_tick): send again the jobs of endpoints whose head is
    overdue (lost with a killed worker)."""
    from webhooks import services

    with periodic_run("webhooks") as run:
        if run is None:
            return
        stuck = services.stuck_endpoints()
        for endpoint_id in stuck:
            send_drain(endpoint_id)
    if stuck:
        logger.info("webhook jobs: %d endpoints sent again", len(stuck))
