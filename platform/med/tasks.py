"""The MED desk's periodic job, per client tenant (ticked by core.tasks.periodic_tick)."""

from __future__ import annotations

import logging

import dramatiq

from core.periodic import PERIODIC_PRIORITY, PERIODIC_QUEUE, periodic_run

logger = logging.getLogger("cofre.med")


@dramatiq.actor(queue_name=PERIODIC_QUEUE, priority=PERIODIC_PRIORITY, max_retries=0, time_limit=300_000)
def med_jobs() -> None:
    """Refund parts of accepted cases as the balance allows, completion once confirmed, and the
    deadline warnings (48, 24, 6 hours, overdue). Each step is idempotent: the next tick is the retry."""
    from med import services

    with periodic_run("med") as run:
        if run is None:
            return
        advanced = services.advance_refunding()
        warned = services.warn_deadlines()
    if advanced or warned:
        logger.info("med jobs: advanced=%d warned=%d", advanced, warned)
