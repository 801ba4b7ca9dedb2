"""GET /api/operations/status: the platform's machinery for the operator on watch (hms/) and admins."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime.

from typing import Any

from django.http import HttpRequest
from ninja import Router, Schema

from access.guard import requires_route
from backoffice.operations import platform_status
from core.api_errors import ErrorOut

router = Router(tags=["operations"])


class ComponentsOut(Schema):
    database: bool
    redis: bool
    worker: bool
    worker_ms: int | None = None


class QueueOut(Schema):
    name: str
    waiting: int
    dead: int


class OutboxOut(Schema):
    waiting: int | None = None
    oldest_seconds: float | None = None


class SchedulerOut(Schema):
    seconds_since_tick: float | None = None
    late_after_seconds: int


class OperationsStatusOut(Schema):
    status: str  # ok | attention | down
    components: ComponentsOut
    queues: list[QueueOut]
    outbox: OutboxOut
    scheduler: SchedulerOut
    problems: list[str]  # database_down, redis_down, worker_down, dead_jobs, scheduler_late, outbox_late
    environment: str


@router.get(
    "/status",
    response={200: OperationsStatusOut, 401: ErrorOut, 403: ErrorOut},
    summary="Components, job queues, outbox and scheduler, with what needs an operator",
)
@requires_route("hms", "admin/home")
def operations_status(request: HttpRequest) -> dict[str, Any]:
    return platform_status()
