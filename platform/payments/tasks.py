"""Payments jobs: the periodic work of one tenant's deposits (registered with core.periodic)."""

from __future__ import annotations

import logging

import dramatiq

from core.periodic import PERIODIC_PRIORITY, PERIODIC_QUEUE
from payments import services

logger = logging.getLogger("cofre.payments")


# No retries: the next tick is the retry. The time limit is far above the run's time budget.
@dramatiq.actor(queue_name=PERIODIC_QUEUE, priority=PERIODIC_PRIORITY, max_retries=0, time_limit=300_000)
def tenant_jobs() -> None:
    """Expire overdue charges, settle what is due, sync charges whose poll is due (idempotent; one
    run per tenant at a time, within a budget: the next tick goes on)."""
    run = services.deposit_jobs()
    if run is not None and run.touched:
        logger.info("deposit jobs: %s", run.summary())
