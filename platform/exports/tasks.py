"""Export jobs: make one export's file; the periodic sweep of one tenant's exports (stuck runs sent
again or failed, expired files deleted), registered with core.periodic."""

from __future__ import annotations

import logging

import dramatiq

from core.periodic import PERIODIC_PRIORITY, PERIODIC_QUEUE, periodic_run

logger = logging.getLogger("cofre.exports")


@dramatiq.actor(
    queue_name="default",
    max_retries=2,
    min_backoff=2000,
    max_backoff=30_000,
    time_limit=3_600_000,
)
def run_export(export_id: int) -> None:
    """Write export `export_id`'s file (runs in its tenant's schema). Idempotent: an export that is
    no longer queued or running, or whose run holds its lease elsewhere, is left alone."""
    from exports import services

    outcome = services.run_export(export_id)
    logger.info("export %s: %s", export_id, outcome)


@dramatiq.actor(queue_name=PERIODIC_QUEUE, priority=PERIODIC_PRIORITY, max_retries=0, time_limit=300_000)
def export_jobs() -> None:
    """Per tenant (ticked by core.tasks.periodic_tick): stuck exports sent again or failed, expired
    files deleted."""
    from exports import services

    with periodic_run("exports") as run:
        if run is None:
            return
        stuck = services.sweep_stuck()
        purged = services.purge_expired()
    if stuck or purged:
        logger.info("export jobs: stuck=%d purged=%d", stuck, purged)
