"""Core actors: the worker's proof of life and the clock's tick."""

from __future__ import annotations

import dramatiq
from django.conf import settings
from django.db import IntegrityError, transaction
from django_tenants.utils import get_public_schema_name

from core import leases, operations
from core.models import HealthProbe
from core.periodic import (
    PERIODIC_PRIORITY,
    PERIODIC_QUEUE,
    PeriodicJob,
    periodic_jobs,
    periodic_run,
    queued_key,
    run_key,
)
from tenants import spares
from tenants.models import Tenant, TenantKind, TenantStatus


@dramatiq.actor(queue_name="default", max_retries=0, time_limit=10_000)
def probe(token: str) -> None:
    """Record that a worker processed `token`, in the schema the message was sent from.

    Used by /api/health (a real message through Redis to a real worker) and by the isolation tests.
    Idempotent: the same token twice leaves one row.
    """
    try:
        with transaction.atomic():
            HealthProbe.objects.create(token=token)
    except IntegrityError:
        return


@dramatiq.actor(queue_name=PERIODIC_QUEUE, max_retries=0, time_limit=60_000)
def periodic_tick() -> None:
    """Runs in the public schema (sent by `manage.py run_scheduler`): one message of every registered
    periodic job (core.periodic) per active client tenant, in its schema, on the periodic queue.

    A (job, tenant) whose run still holds its lease, or whose last message is still queued, is
    skipped: at most one message per job and tenant waits or runs, so slow ticks never pile up and a
    tenant with a big backlog only ever occupies one run of each job."""
    operations.record_tick()  # hms/ shows how long ago the clock last reached a worker
    tick(periodic_jobs())
    if spares.target() and len(spares.ready_names()) < spares.target():
        top_up_spare_schemas.send()


@dramatiq.actor(queue_name=PERIODIC_QUEUE, max_retries=0, time_limit=120_000)
def top_up_spare_schemas() -> None:
    """Clone the template until TENANT_SPARE_SCHEMAS spare schemas are ready (tenants.spares): what
    provisioning renames to a new tenant's schema. In the public schema; one top-up at a time (an
    advisory lock): a second message waits for the first's current clone, then finds the pool full
    (and returns) or clones what the claims made meanwhile took."""
    spares.top_up()


@dramatiq.actor(queue_name=PERIODIC_QUEUE, priority=PERIODIC_PRIORITY, max_retries=0, time_limit=120_000)
def idempotency_jobs() -> None:
    """Per tenant and in public (ticked by periodic_tick): stored create answers past their keep."""
    from core import idempotency

    with periodic_run("idempotency") as run:
        if run is None:
            return
        idempotency.purge_expired()


def tick(jobs: list[PeriodicJob], schemas: list[str] | None = None) -> dict[str, int]:
    """Send `jobs` to every active client tenant (or those of `schemas` among them), and the jobs
    registered `public` to the public schema too (unless `schemas` leaves it out), not running or
    queued already; counts of messages sent and skipped."""
    sent = skipped = 0
    queued_ms = int(settings.PERIODIC_QUEUED_SECONDS * 1000)
    tenants = Tenant.objects.filter(kind=TenantKind.CLIENT, status=TenantStatus.ACTIVE)
    if schemas is not None:
        tenants = tenants.filter(schema_name__in=schemas)
    targets = [
        (job, schema)
        for schema in tenants.order_by("schema_name").values_list("schema_name", flat=True)
        for job in jobs
    ]
    public = get_public_schema_name()
    if schemas is None or public in schemas:  # the platform's own rows (staff's exports)
        targets += [(job, public) for job in jobs if job.public]
    for job, schema in targets:
        running = leases.held(run_key(job.name, schema))
        if running or not leases.take(queued_key(job.name, schema), queued_ms):
            skipped += 1
            continue
        job.actor.send_with_options(tenant_schema=schema)
        sent += 1
    return {"sent": sent, "skipped": skipped}
