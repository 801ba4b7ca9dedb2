"""The MED desk's jobs: the periodic one per client tenant (ticked by core.tasks.periodic_tick), and
the report of a decision to the bank (sent through the outbox when the decision commits)."""

from __future__ import annotations

import logging

import dramatiq

from core.periodic import PERIODIC_PRIORITY, PERIODIC_QUEUE, periodic_run

logger = logging.getLogger("cofre.med")


@dramatiq.actor(
    queue_name="default", max_retries=12, min_backoff=1000, max_backoff=300_000, time_limit=60_000
)
def report_decision(case_id: str) -> None:
    """Tell the provider of the decision on MED case `case_id`. Idempotent (a case already told is not
    told again; the provider keeps one decision per key); a timeout or a provider's error raises and
    dramatiq retries with backoff; after the retries, `med_jobs` tries again every tick."""
    from med import services

    services.report_decision_now(case_id)


@dramatiq.actor(queue_name=PERIODIC_QUEUE, priority=PERIODIC_PRIORITY, max_retries=0, time_limit=300_000)
def med_jobs() -> None:
    """Refund parts of accepted cases as the balance allows, completion once confirmed, the deadline
    warnings (48, 24, 6 hours, overdue) and the decisions the bank has not taken yet. Each step is
    idempotent: the next tick is the retry."""
    from med import services

    with periodic_run("med") as run:
        if run is None:
            return
        advanced = services.advance_refunding()
        warned = services.warn_deadlines()
        reported = services.report_pending_decisions()
    if advanced or warned or reported:
        logger.info("med jobs: advanced=%d warned=%d reported=%d", advanced, warned, reported)
