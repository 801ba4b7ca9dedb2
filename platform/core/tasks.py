"""Core actors: the worker's proof of life and the clock's tick."""

from __future__ import annotations

import dramatiq
from django.db import IntegrityError, transaction

from core.models import HealthProbe
from core.periodic import periodic_jobs
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


@dramatiq.actor(queue_name="default", max_retries=0, time_limit=60_000)
def periodic_tick() -> None:
    """Runs in the public schema (sent by `manage.py run_scheduler`): one message of every registered
    periodic job (core.periodic) per active client tenant, in its schema."""
    jobs = periodic_jobs()
    for schema in Tenant.objects.filter(kind=TenantKind.CLIENT, status=TenantStatus.ACTIVE).values_list(
        "schema_name", flat=True
    ):
        for job in jobs:
            job.actor.send_with_options(tenant_schema=schema)
