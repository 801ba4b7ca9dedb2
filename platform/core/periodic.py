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

A job is a dramatiq actor on the PERIODIC_QUEUE that takes no arguments, runs in one tenant's schema
inside `periodic_run(name)` (a lease per job and tenant: two runs never overlap), reads its rows with
`keyset`/`sweep` within the run's budget, and is idempotent. The tick skips a tenant whose run of that
job still holds its lease or whose message is still queued, so ticks never pile up.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

import dramatiq
from django.conf import settings
from django.db.models import Model, Q, QuerySet

from core import leases
from core.redis import redis_client
from tenants.tenancy import current_schema

M = TypeVar("M", bound=Model)


@dataclass(frozen=True)
class PeriodicJob:
    name: str
    actor: dramatiq.Actor[Any, Any]
    # Ticked in the public schema too: the platform's own rows of a tenant app also in SHARED_APPS
    # (staff's exports).
    public: bool = False


_jobs: dict[str, PeriodicJob] = {}


def register_periodic(name: str, actor: dramatiq.Actor[Any, Any], *, public: bool = False) -> None:
    """Tick `actor` in every active client tenant. Registering the same name again replaces it (an
    app's `ready` may run twice in tests); two apps cannot share a name."""
    known = _jobs.get(name)
    if known is not None and known.actor.actor_name != actor.actor_name:
        raise ValueError(f"periodic job {name!r} is already registered by {known.actor.actor_name}")
    _jobs[name] = PeriodicJob(name, actor, public)


def periodic_jobs() -> list[PeriodicJob]:
    """The registered jobs, in the order their apps started."""
    return list(_jobs.values())


# ------------------------------------------------------------------------------- one job's run
# Periodic work has its own queue, so a backlog of it never sits in front of what users trigger (a
# payout's submission, the health probe), and a low priority, so a worker busy with both takes the
# users' messages first (dramatiq runs the lowest number first; the default is 0).
PERIODIC_QUEUE = "periodic"
PERIODIC_PRIORITY = 100


@dataclass
class Run:
    """One run of a periodic job in one tenant: its budget and what it did.

    A run reads its rows in batches of `batch` by keyset (never an unbounded query) and stops when a
    step has touched `rows` rows or the run has lasted `seconds`; what is left is taken up by the next
    tick (the rows still match, or the stored cursor says where to go on)."""

    job: str
    schema: str
    rows: int
    seconds: float
    batch: int
    started: float = field(default_factory=time.monotonic)
    touched: int = 0  # rows read, all steps
    calls: int = 0  # calls to an outside system (a provider)
    changed: int = 0  # rows whose state changed
    steps: dict[str, int] = field(default_factory=dict)  # rows read per step
    _step: str = ""
    _lease: tuple[str, str] | None = None
    _lost: bool = False  # the lease expired under the run (another may hold it now): stop

    def step(self, name: str) -> Run:
        """Begin a step: each step has the row budget; the time budget is the run's."""
        self._step = name
        self.steps.setdefault(name, 0)
        return self

    def exhausted(self) -> bool:
        return (
            self._lost
            or self.steps.get(self._step, 0) >= self.rows
            or time.monotonic() - self.started >= self.seconds
        )

    def touch(self) -> None:
        self.touched += 1
        self.steps[self._step] = self.steps.get(self._step, 0) + 1

    def keep_lease(self) -> None:
        """Extend the run's lease (after each batch): a long run keeps it, a dead one lets it go."""
        if self._lease is not None and not leases.renew(*self._lease, _lease_ms(self.seconds)):
            self._lost = True

    def summary(self) -> str:
        return f"touched={self.touched} calls={self.calls} changed={self.changed} steps={self.steps}"


def new_run(job: str) -> Run:
    return Run(
        job,
        current_schema(),
        rows=settings.PERIODIC_RUN_ROWS,
        seconds=settings.PERIODIC_RUN_SECONDS,
        batch=settings.PERIODIC_BATCH_SIZE,
    )


def _lease_ms(seconds: float) -> int:
    return int((seconds * 3 + 30) * 1000)


def run_key(job: str, schema: str) -> str:
    return leases.lease_key("periodic", job, schema)


def queued_key(job: str, schema: str) -> str:
    return leases.lease_key("periodic-queued", job, schema)


def cursor_key(job: str, schema: str, name: str) -> str:
    return leases.lease_key("periodic-cursor", job, schema, name)


@contextmanager
def periodic_run(job: str) -> Iterator[Run | None]:
    """Run job `job` in the current tenant under its lease: yields the Run, or None when another run
    of this job holds the tenant's lease (then do nothing). The lease expires on its own if the
    worker dies; it is renewed after each batch and released at the end."""
    schema = current_schema()
    redis_client().delete(queued_key(job, schema))  # the tick may send the next one
    run = new_run(job)
    key = run_key(job, schema)
    token = leases.take(key, _lease_ms(run.seconds))
    if token is None:
        yield None
        return
    run._lease = (key, token)
    try:
        yield run
    finally:
        leases.release(key, token)


def keyset(qs: QuerySet[M], run: Run, order: tuple[str, ...] = ("pk",)) -> Iterator[M]:
    """The rows of `qs` in `order` (one or two fields, the last unique), in batches of `run.batch`
    read by keyset (each batch starts after the last row of the one before), until the step's budget
    is spent. Memory stays flat: one batch at a time."""
    last: tuple[Any, ...] | None = None
    while not run.exhausted():
        page = qs.order_by(*order)
        if last is not None:
            page = page.filter(_after(order, last))
        batch = list(page[: run.batch])
        for row in batch:
            if run.exhausted():
                return
            run.touch()
            yield row
        if len(batch) < run.batch:
            return
        last = tuple(getattr(batch[-1], name) for name in order)
        run.keep_lease()


def _after(order: tuple[str, ...], last: tuple[Any, ...]) -> Q:
    if len(order) == 1:
        return Q(**{f"{order[0]}__gt": last[0]})
    (first, second), (a, b) = order, last
    return Q(**{f"{first}__gt": a}) | Q(**{first: a, f"{second}__gt": b})


def sweep(qs: QuerySet[M], run: Run, name: str) -> Iterator[M]:
    """Like `keyset` by primary key, for rows that stay in the set after they are handled (a payout
    still pending at the bank): a run that spends its budget stores where it stopped and the next run
    goes on from there; a run that reaches the end starts the next from the beginning."""
    key = cursor_key(run.job, run.schema, name)
    stored = redis_client().get(key)
    start = int(stored) if stored else 0
    last = start
    for row in keyset(qs.filter(pk__gt=start), run):
        last = row.pk
        yield row
    if run.exhausted():
        redis_client().set(key, last, ex=24 * 3600)
    else:
        redis_client().delete(key)
