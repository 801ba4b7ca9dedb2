"""The KYC periodic review job, per client tenant (ticked by core.tasks.periodic_tick)."""

from __future__ import annotations

import logging

import dramatiq

from core.periodic import PERIODIC_PRIORITY, PERIODIC_QUEUE, periodic_run

logger = logging.getLogger("cofre.kyc")


@dramatiq.actor(queue_name=PERIODIC_QUEUE, priority=PERIODIC_PRIORITY, max_retries=0, time_limit=60_000)
def kyc_jobs() -> None:
    """Reminders before the periodic review (30 and 7 days, each once) and the file reopened as
    `review_due` when the date comes. Idempotent: the next tick is the retry."""
    from kyc import services

    with periodic_run("kyc") as run:
        if run is None:
            return
        done = services.run_periodic_review()
    if done:
        logger.info("kyc periodic review: %s", done)
