"""Refund jobs: submit one pending refund to its provider; the periodic sweep of one tenant's refunds
(registered with core.periodic)."""

from __future__ import annotations

import logging

import dramatiq

from core.periodic import PERIODIC_PRIORITY, PERIODIC_QUEUE, periodic_run

logger = logging.getLogger("cofre.refunds")


@dramatiq.actor(
    queue_name="default", max_retries=10, min_backoff=1000, max_backoff=60_000, time_limit=120_000
)
def submit_refund(refund_id: int) -> None:
    """Submit refund `refund_id` to its provider (runs in its tenant's schema). Idempotent: skips one
    no longer pending or already at the bank; a TimeoutError propagates so dramatiq retries with the
    same idempotency key."""
    from refunds import services

    outcome = services.submit_refund(refund_id)
    logger.info("refund %s submission: %s", refund_id, outcome)


@dramatiq.actor(queue_name=PERIODIC_QUEUE, priority=PERIODIC_PRIORITY, max_retries=0, time_limit=300_000)
def refund_jobs() -> None:
    """Per tenant (ticked by core.tasks.periodic_tick): resubmit refunds never sent, ask the provider
    about refunds pending for long."""
    from refunds import services

    with periodic_run("refunds") as run:
        if run is None:
            return
        resubmitted = services.resubmit_stuck(run=run)
        synced = services.sync_pending(run=run)
    if resubmitted or synced:
        logger.info("refund jobs: resubmitted=%d synced=%d (%s)", resubmitted, synced, run.summary())
