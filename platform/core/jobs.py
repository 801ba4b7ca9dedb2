"""Enqueue dramatiq messages only when the surrounding transaction commits.

The schema is captured now, at the call, not at commit time: the message runs in the tenant whose
work enqueued it even if the connection has moved to another schema before the commit.
"""

from __future__ import annotations

from typing import Any

import dramatiq
from django.db import transaction

from core.tenancy import current_schema


def enqueue_on_commit(actor: dramatiq.Actor[Any, Any], *args: Any, **kwargs: Any) -> None:
    schema = current_schema()

    def send() -> None:
        # `tenant_schema` is core.dramatiq_middleware.SCHEMA_OPTION, read by TenantMiddleware.
        actor.send_with_options(args=args, kwargs=kwargs, tenant_schema=schema)

    transaction.on_commit(send)
