"""The dramatiq broker, configured from REDIS_URL before any actor is declared.

`configure()` runs in `core.apps.CoreConfig.ready()`, so any process that sets Django up (web, worker,
tests, management commands) has the same broker and middleware.
"""

from __future__ import annotations

import logging
from typing import Any

import dramatiq
import redis
from django.db import DatabaseError
from dramatiq.brokers.redis import RedisBroker
from dramatiq.middleware import AgeLimit, Callbacks, Pipelines, Retries, ShutdownNotifications, TimeLimit

from core.redis_options import connection_options

log = logging.getLogger("cofre.jobs")
_configured = False


class DurableRedisBroker(RedisBroker):
    """A Redis broker that loses no message to Redis being away (outbox keeps them, a relay in
    the workers sends them): a message Redis refuses is kept instead of failing its sender, and a
    delayed message waits in the outbox until it is due instead of in dramatiq's delay queue."""

    def enqueue(self, message: dramatiq.Message[Any], *, delay: int | None = None) -> dramatiq.Message[Any]:
        from core.dramatiq_middleware import SCHEMA_OPTION
        from outbox.services import outbox_allowed, store_message
        from tenants.tenancy import current_schema

        # A message kept in the outbox skips the middleware's before_enqueue until the relay sends it,
        # from the public schema: name the sender's schema now, or the job would run in public.
        message.options.setdefault(SCHEMA_OPTION, current_schema())
        if delay and outbox_allowed():
            try:
                store_message(self, message, delay)
                return message
            except DatabaseError as exc:  # PostgreSQL away: dramatiq's delay queue, in Redis, then
                log.warning("delayed job %s to Redis, not the outbox: %s", message.actor_name, exc)
        try:
            return super().enqueue(message, delay=delay)
        except redis.RedisError as exc:
            if not outbox_allowed():
                raise
            store_message(self, message, delay)  # a database error here reaches the sender
            log.warning("Redis refused job %s (%s): kept in the outbox", message.actor_name, exc)
            return message


def configure() -> dramatiq.Broker:
    global _configured  # noqa: PLW0603  (the broker is process-global by dramatiq's design)
    if _configured:
        return dramatiq.get_broker()
    from django.conf import settings

    from core.dramatiq_middleware import DbConnectionsMiddleware, TenantMiddleware
    from outbox.relay import OutboxRelayMiddleware

    middleware = [
        AgeLimit(),
        TimeLimit(),
        ShutdownNotifications(),
        Callbacks(),
        Pipelines(),
        Retries(min_backoff=1000, max_backoff=60_000, max_retries=8),
        TenantMiddleware(),
        DbConnectionsMiddleware(),
        OutboxRelayMiddleware(),
    ]
    # dramatiq's RedisBroker.__init__ is unannotated. Its `url` argument would build a pool with
    # redis-py's defaults (ten retries with backoff: seconds per command while Redis is down).
    broker = DurableRedisBroker(  # type: ignore[no-untyped-call]
        connection_pool=redis.ConnectionPool.from_url(settings.REDIS_URL, **connection_options()),
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
