"""Health: database, Redis and a real worker round-trip. 200 only when all are up."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

import time
import uuid

from django.conf import settings
from django.db import connection
from django.http import HttpRequest
from ninja import Router, Schema
from ninja.responses import Status

from core import tasks
from core.models import HealthProbe
from core.redis import redis_client

router = Router(tags=["health"])


class HealthOut(Schema):
    status: str
    database: bool
    redis: bool
    worker: bool
    worker_ms: int | None = None


def check_database() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return bool(cursor.fetchone() == (1,))
    except Exception:
        return False


def check_redis() -> bool:
    try:
        return bool(redis_client().ping())
    except Exception:
        return False


def check_worker() -> int | None:
    """Send a real message and wait for a worker to record it; the round trip in ms, or None."""
    token = uuid.uuid4().hex
    started = time.monotonic()
    try:
        tasks.probe.send(token)  # runs in this host's schema
    except Exception:
        return None
    deadline = started + settings.HEALTH_WORKER_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        if HealthProbe.objects.filter(token=token).exists():
            HealthProbe.objects.filter(token=token).delete()
            return int((time.monotonic() - started) * 1000)
        time.sleep(0.02)
    return None


@router.get("", response={200: HealthOut, 503: HealthOut}, auth=None, summary="Service health")
def health(request: HttpRequest) -> Status[HealthOut]:
    database = check_database()
    redis_ok = check_redis()
    worker_ms = check_worker() if database and redis_ok else None
    ok = database and redis_ok and worker_ms is not None
    out = HealthOut(
        status="ok" if ok else "degraded",
        database=database,
        redis=redis_ok,
        worker=worker_ms is not None,
        worker_ms=worker_ms,
    )
    return Status(200 if ok else 503, out)
