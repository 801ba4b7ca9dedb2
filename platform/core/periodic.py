"""The periodic jobs' registry: each app registers its per-tenant jobs when it starts (its
`AppConfig.ready`), and the clock ticks them all the same way.

`manage.py run_scheduler` (the clock) sends `core.tasks.periodic_tick` every few seconds; the tick
runs in the public schema and sends every registered job once per active client tenant, in that
tenant's schema. So the clock knows no app, and an app adds a job without touching the clock:

    # payments/apps.py
    def ready(self):
        from core.periodic import register_periodic
        from payments.tasks import deposit_jobs

        register_periodic("deposits", deposit_jobs)

A job is a dramatiq actor that takes no arguments, runs in one tenant's schema, and is idempotent
(a tick may overlap the previous one).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import dramatiq


@dataclass(frozen=True)
class PeriodicJob:
    name: str
    actor: dramatiq.Actor[Any, Any]


_jobs: dict[str, PeriodicJob] = {}


def register_periodic(name: str, actor: dramatiq.Actor[Any, Any]) -> None:
    """Tick `actor` in every active client tenant. Registering the same name again replaces it (an
    app's `ready` may run twice in tests); two apps cannot share a name."""
    known = _jobs.get(name)
    if known is not None and known.actor.actor_name != actor.actor_name:
        raise ValueError(f"periodic job {name!r} is already registered by {known.actor.actor_name}")
    _jobs[name] = PeriodicJob(name, actor)


def periodic_jobs() -> list[PeriodicJob]:
    """The registered jobs, in the order their apps started."""
    return list(_jobs.values())
