"""One shared Redis client per process (REDIS_URL). Keys of tenant data must carry the tenant schema."""

from __future__ import annotations

from functools import cache

import redis
from django.conf import settings

from core.redis_options import connection_options
from tenants.tenancy import current_schema


@cache
def redis_client() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL, **connection_options())


def tenant_key(*parts: str) -> str:
    """A Redis key namespaced by the current tenant schema."""
    return ":".join((settings.REDIS_NAMESPACE, current_schema(), *parts))
