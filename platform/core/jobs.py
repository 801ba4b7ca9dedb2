"""Enqueue dramatiq messages only when the surrounding transaction commits, durably.

The job is written to the outbox (outbox) in the transaction itself and sent to Redis by the
commit hook: a job is never sent for work that rolled back, and never lost for work that committed
while Redis was unreachable (a relay in the workers sends it when Redis is back).

The schema is captured now, at the call, not at commit time: the message runs in the tenant whose
work enqueued it even if the connection has moved to another schema before the commit.
"""

from __future__ import annotations

from typing import Any

import dramatiq
from django.conf import settings
from django.db import transaction

from outbox import services as outbox
from tenants.tenancy import current_schema


def enqueue_on_commit(actor: dramatiq.Actor[Any, Any], *args: Any, **kwargs: Any) -> None:
    # `tenant_schema` is core.dramatiq_middleware.SCHEMA_OPTION, read by TenantMiddleware.
    row = outbox.store(
        actor.broker,
        actor_name=actor.actor_name,
        args=args,
        kwargs=kwargs,
        options={"tenant_schema": current_schema()},
        # A relay leaves it alone meanwhile: the commit hook below is the normal way out.
        relay_after_seconds=settings.OUTBOX_COMMIT_GRACE_SECONDS,
    )
    pk = row.pk
    transaction.on_commit(lambda: outbox.send_stored(actor, pk))
