"""The platform's state for the operator on watch (hms/): the health check's components, the job
queues, the outbox's backlog and the scheduler's clock, each with a verdict the screen shows as is."""

from __future__ import annotations

from typing import Any

from django.conf import settings

from core import operations
from core.api import health_report

# The scheduler ticks every few seconds: a minute without a tick means no clock reaches the workers.
TICK_LATE_SECONDS = 60
# Jobs kept in the outbox wait for Redis or for their time; one waiting this long means the relay is stuck.
OUTBOX_LATE_SECONDS = 300


def platform_status() -> dict[str, Any]:
    """Components up or down, queues with waiting and dead jobs, the clock's age; `problems` names
    every finding an operator should act on (codes the screen translates)."""
    _, health = health_report()
    problems: list[str] = [f"{name}_down" for name in health["down"]]  # type: ignore[attr-defined]
    try:
        queues = [{"name": q.name, "waiting": q.waiting, "dead": q.dead} for q in operations.queue_depths()]
        tick_age = operations.seconds_since_tick()
    except Exception:  # Redis away: already reported as redis_down
        queues, tick_age = [], None
    if any(q["dead"] for q in queues):
        problems.append("dead_jobs")
    if health["redis"] and (tick_age is None or tick_age > TICK_LATE_SECONDS):
        problems.append("scheduler_late")
    oldest = health["oldest_job_waiting_seconds"]
    if isinstance(oldest, float | int) and oldest > OUTBOX_LATE_SECONDS:
        problems.append("outbox_late")
    return {
        "status": "ok" if not problems else ("down" if health["down"] else "attention"),
        "components": {
            "database": health["database"],
            "redis": health["redis"],
            "worker": health["worker"],
            "worker_ms": health["worker_ms"],
        },
        "queues": queues,
        "outbox": {"waiting": health["jobs_waiting"], "oldest_seconds": oldest},
        "scheduler": {
            "seconds_since_tick": None if tick_age is None else round(tick_age, 1),
            "late_after_seconds": TICK_LATE_SECONDS,
        },
        "problems": problems,
        "environment": settings.COFRE_ENV,
    }
