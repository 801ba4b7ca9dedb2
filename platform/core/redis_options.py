"""How every Redis connection of Cofre behaves (the cache, sessions, throttles, the job broker).

redis-py's defaults suit a Redis that is always there: ten retries with backoff (about four seconds
per command while Redis is down) and five-second socket timeouts. A request must not hang on Redis:
connections fail fast, and retry once, which is what reopens a pooled connection a Redis restart
broke. What each caller does when Redis is away is its own choice (see ARCHITECTURE.md, Faults).
"""

from __future__ import annotations

import os
from typing import Any

from redis.backoff import ConstantBackoff
from redis.retry import Retry


def connection_options() -> dict[str, Any]:
    timeout = float(os.environ.get("REDIS_SOCKET_TIMEOUT_SECONDS", "2"))
    return {
        "socket_connect_timeout": timeout,
        "socket_timeout": timeout,
        "retry": Retry(ConstantBackoff(0.05), 1),
    }
