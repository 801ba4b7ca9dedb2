"""Payout jobs: submit one approved payout to its bank; the periodic sweep of one tenant's payouts
(registered with core.periodic)."""

from __future__ import annotations

import logging

import dramatiq

from core.periodic import PERIODIC_PRIORITY, PERIODIC_QUEUE, periodic_run

logger = logging.getLogger("cofre.payouts")


@dramatiq.actor(
    queue_name="default", max_retries=10, min_backoff=1000, max_backoff=60_000, time_limit=120_000
)
def submit_payout(payout_id: int) -> None:
    """Submit payout `payout_id` (runs in its tenant's schema). Idempotent: skips one no longer
    approved; a TimeoutError propagates so dramatiq retries with the same idempotency key."""
    from payouts import services

    outcome = services.submit_payout(payout_id)
    logger.info("payout %s submission: %s", payout_id, outcome)


@dramatiq.actor(queue_name=PERIODIC_QUEUE, priority=PERIODIC_PRIORITY, max_retries=0, time_limit=300_000)
def payout_jobs() -> None:
    """Per tenant (ticked by core.tasks.periodic_tick): resubmit payouts stuck in approved, ask the
    bank about payouts pending for long."""
    from payouts import services

    with periodic_run("payouts") as run:
        if run is None:
            return
        resubmitted = services.resubmit_stuck(run=run)
        synced = services.sync_pending(run=run)
    if resubmitted or synced:
        logger.info("payout jobs: resubmitted=%d synced=%d (%s)", resubmitted, synced, run.summary())
