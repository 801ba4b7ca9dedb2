"""Per-key call limits: a fixed window counted in Redis, keyed by the key's prefix in the tenant's
namespace. The window starts at a key's first call of the window (INCR, then EXPIRE when the count is
1), so it never resets in the middle of a burst; beyond `API_KEY_RATE_LIMIT` calls the caller gets a
429 with `Retry-After` (the window's remaining seconds).

With Redis unreachable, calls are let through (logged): the limit protects the platform from one noisy
integration, it is not what keeps money safe, and refusing every key call while Redis restarts would be
the worse failure.
"""

from __future__ import annotations

import logging

from django.conf import settings
from redis.exceptions import RedisError

from core.errors import AppError
from core.redis import redis_client, tenant_key

log = logging.getLogger(__name__)


class RateLimitedError(AppError):
    """Too many calls with one key in the window: a 429 whose `Retry-After` says when to try again."""

    status = 429

    def __init__(self, retry_after: int) -> None:
        super().__init__("key_rate_limited", seconds=retry_after)
        self.retry_after = retry_after


def count_call(prefix: str) -> None:
    """Count one call of the key `prefix`; raise RateLimitedError once over the limit of the window."""
    limit, window = settings.API_KEY_RATE_LIMIT, settings.API_KEY_RATE_WINDOW_SECONDS
    key = tenant_key("api-key-rate", prefix)
    try:
        client = redis_client()
        count = int(client.incr(key))
        ttl = int(client.ttl(key))
        if count == 1 or ttl < 0:
            client.expire(key, window)
            ttl = window
    except RedisError as exc:
        log.warning("API key rate limit not counted: Redis unreachable (%s)", exc)
        return
    if count > limit:
        raise RateLimitedError(max(ttl, 1))
