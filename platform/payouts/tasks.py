"""Money-out jobs: submit one approved payout to its bank, submit one pending refund to its provider;
the periodic sweep of one tenant."""

from __future__ import annotations

import logging

import dramatiq

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


@dramatiq.actor(
    queue_name="default", max_retries=10, min_backoff=1000, max_backoff=60_000, time_limit=120_000
)
def submit_refund(refund_id: int) -> None:
    """Submit refund `refund_id` to its provider (runs in its tenant's schema). Idempotent: skips one
    no longer pending or already at the bank; a TimeoutError propagates so dramatiq retries with the
    same idempotency key."""
    from payouts import refunds

    outcome = refunds.submit_refund(refund_id)
    logger.info("refund %s submission: %s", refund_id, outcome)


@dramatiq.actor(queue_name="default", max_retries=3, time_limit=300_000)
def payout_jobs() -> None:
    """Per tenant (sent by payments.tasks.periodic_tick): resubmit payouts stuck in approved and
    refunds never sent, ask the bank about payouts and refunds pending for long."""
    from payouts import refunds, services

    resubmitted = services.resubmit_stuck()
    synced = services.sync_pending()
    if resubmitted or synced:
        logger.info("payout jobs: resubmitted=%d synced=%d", resubmitted, synced)
    refunds_resubmitted = refunds.resubmit_stuck()
    refunds_synced = refunds.sync_pending()
    if refunds_resubmitted or refunds_synced:
        logger.info("refund jobs: resubmitted=%d synced=%d", refunds_resubmitted, refunds_synced)
