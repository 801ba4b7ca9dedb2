"""Core actors."""

from __future__ import annotations

import dramatiq
from django.db import IntegrityError, transaction

from core.models import HealthProbe


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
