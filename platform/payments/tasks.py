"""Payments jobs: the periodic tick fans out to every active client tenant."""

from __future__ import annotations

import logging

import dramatiq

from payments import services
from payouts.tasks import payout_jobs
from tenants.models import Tenant, TenantKind, TenantStatus

logger = logging.getLogger("cofre.payments")


@dramatiq.actor(queue_name="default", max_retries=0, time_limit=60_000)
def periodic_tick() -> None:
    """Runs in the public schema: one `tenant_jobs` and one `payout_jobs` message per active client
    tenant, in its schema."""
    for schema in Tenant.objects.filter(kind=TenantKind.CLIENT, status=TenantStatus.ACTIVE).values_list(
        "schema_name", flat=True
    ):
        tenant_jobs.send_with_options(tenant_schema=schema)
        payout_jobs.send_with_options(tenant_schema=schema)


@dramatiq.actor(queue_name="default", max_retries=3, time_limit=300_000)
def tenant_jobs() -> None:
    """Expire overdue charges, settle what is due, sync charges stuck at the provider (idempotent)."""
    expired = services.expire_overdue()
    settled = services.settle_due()
    synced = services.sync_stuck()
    if expired or settled or synced:
        logger.info("tenant jobs: expired=%d settled=%d synced=%d", expired, settled, synced)
