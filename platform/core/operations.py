"""What an operator on watch (the `hms` role's screen, hms/) reads of the machinery: the job queues in
Redis and the scheduler's last tick. Platform-wide figures, no tenant data: the keys are the broker's
own and one key under the run's Redis namespace."""

from __future__ import annotations

import time
from dataclasses import dataclass

import dramatiq
from django.conf import settings

from core.broker import namespace
from core.redis import redis_client


def tick_key() -> str:
    return f"{settings.REDIS_NAMESPACE}:scheduler:last_tick"


def record_tick() -> None:
    """The scheduler's clock reached the worker (core.tasks.periodic_tick); kept a day."""
    redis_client().set(tick_key(), f"{time.time():.3f}", ex=86_400)


def seconds_since_tick() -> float | None:
    """Age of the last tick, or None when no tick was seen in a day (no scheduler running)."""
    raw = redis_client().get(tick_key())
    return None if raw is None else max(0.0, time.time() - float(raw))


@dataclass(frozen=True)
class QueueDepth:
    name: str
    waiting: int  # queued, not yet taken by a worker
    dead: int  # given up after their retries (dramatiq's dead-letter set, kept a week)


def queue_depths() -> list[QueueDepth]:
    """Every queue an actor of this process declared, with what waits in it and its dead letters."""
    client = redis_client()
    ns = namespace()
    names = sorted(q for q in dramatiq.get_broker().get_declared_queues() if not q.endswith((".DQ", ".XQ")))
    with client.pipeline(transaction=False) as pipe:
        for name in names:
            pipe.llen(f"{ns}:{name}")
            pipe.zcard(f"{ns}:{name}.XQ")
        counts = pipe.execute()
    return [QueueDepth(name, int(counts[2 * i]), int(counts[2 * i + 1])) for i, name in enumerate(names)]
