"""Health: database, Redis and a real worker round-trip. 200 only when all are up; otherwise 503 and
`down` names what is down. `jobs_waiting` counts jobs kept in the outbox (not in Redis yet)."""

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
from outbox import services as outbox

router = Router(tags=["health"])


class HealthOut(Schema):
    status: str
    database: bool
    redis: bool
    worker: bool
    worker_ms: int | None = None
    down: list[str] = []
    jobs_waiting: int | None = None
    oldest_job_waiting_seconds: float | None = None


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
        with outbox.straight_to_redis():  # a probe Redis refused is not kept for later
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


def check_backlog() -> tuple[int, float | None] | None:
    try:
        return outbox.backlog()
    except Exception:
        return None


def health_report(*, database_reachable: bool = True) -> tuple[int, dict[str, object]]:
    """The status code and body of /api/health (also answered by core.views.server_error when the
    request could not even reach its tenant)."""
    database = database_reachable and check_database()
    redis_ok = check_redis()
    worker_ms = check_worker() if database and redis_ok else None
    backlog = check_backlog() if database else None
    down = [
        name
        for name, up in (("database", database), ("redis", redis_ok), ("worker", worker_ms is not None))
        if not up
    ]
    report: dict[str, object] = {
        "status": "degraded" if down else "ok",
        "database": database,
        "redis": redis_ok,
        "worker": worker_ms is not None,
        "worker_ms": worker_ms,
        "down": down,
        "jobs_waiting": None if backlog is None else backlog[0],
        "oldest_job_waiting_seconds": None if backlog is None or backlog[1] is None else round(backlog[1], 1),
    }
    return (503 if down else 200), report


@router.get("", response={200: HealthOut, 503: HealthOut}, auth=None, summary="Service health")
def health(request: HttpRequest) -> Status[HealthOut]:
    status, report = health_report()
    return Status(status, HealthOut(**report))  # type: ignore[arg-type]
