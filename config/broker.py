"""The dramatiq broker, configured from REDIS_URL before any actor is declared.

`configure()` runs in `core.apps.CoreConfig.ready()`, so any process that sets Django up (web, worker,
tests, management commands) has the same broker and middleware.
"""

from __future__ import annotations

import dramatiq
from dramatiq.brokers.redis import RedisBroker
from dramatiq.middleware import AgeLimit, Callbacks, Pipelines, Retries, ShutdownNotifications, TimeLimit

_configured = False


def configure() -> dramatiq.Broker:
    global _configured  # noqa: PLW0603  (the broker is process-global by dramatiq's design)
    if _configured:
        return dramatiq.get_broker()
    from django.conf import settings

    from core.dramatiq_middleware import DbConnectionsMiddleware, TenantMiddleware

    middleware = [
        AgeLimit(),
        TimeLimit(),
        ShutdownNotifications(),
        Callbacks(),
        Pipelines(),
        Retries(min_backoff=1000, max_backoff=60_000, max_retries=8),
        TenantMiddleware(),
        DbConnectionsMiddleware(),
    ]
    # dramatiq's RedisBroker.__init__ is unannotated.
    broker = RedisBroker(  # type: ignore[no-untyped-call]
        url=settings.REDIS_URL,
        middleware=middleware,
        namespace=namespace(),
        heartbeat_timeout=settings.DRAMATIQ_HEARTBEAT_TIMEOUT_MS,
        maintenance_chance=settings.DRAMATIQ_MAINTENANCE_CHANCE,
    )
    dramatiq.set_broker(broker)
    _configured = True
    return broker


def namespace() -> str:
    """Redis key namespace of the queues (a test run uses its own, so it never eats a dev worker's jobs)."""
    from django.conf import settings

    return f"{settings.REDIS_NAMESPACE}-jobs"
