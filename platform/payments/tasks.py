"""Payments jobs: the periodic work of one tenant's deposits (registered with core.periodic)."""

from __future__ import annotations

import logging

import dramatiq

from payments import services

logger = logging.getLogger("cofre.payments")


@dramatiq.actor(queue_name="default", max_retries=3, time_limit=300_000)
def tenant_jobs() -> None:
    """Expire overdue charges, settle what is due, sync charges stuck at the provider (idempotent)."""
    expired = services.expire_overdue()
    settled = services.settle_due()
    synced = services.sync_stuck()
    if expired or settled or synced:
        logger.info("tenant jobs: expired=%d settled=%d synced=%d", expired, settled, synced)
