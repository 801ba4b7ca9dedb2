"""GET /api/operations/status (hms/, admins): components, job queues, outbox and scheduler, with the
findings an operator acts on. Real Redis and, where marked, a real worker."""

from __future__ import annotations

import pytest
from django.test import override_settings

from core import operations
from core.broker import namespace
from core.redis import redis_client
from core.tasks import periodic_tick
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db
PATH = "/api/operations/status"


def status_as(role: str, slug: str = "public") -> dict[str, object]:
    client = ApiClient(slug)
    client.login_as(role)
    response = client.get(PATH)
    assert response.status_code == 200, response.content
    body: dict[str, object] = response.json()
    return body


@pytest.fixture
def no_tick() -> None:
    redis_client().delete(operations.tick_key())


@pytest.mark.worker
def test_the_operator_on_watch_sees_every_part_working_but_a_scheduler_that_never_ticked(
    worker: None, no_tick: None
) -> None:
    with override_settings(HEALTH_WORKER_TIMEOUT_SECONDS=60):
        body = status_as("hms")
    assert body["components"] == {
        "database": True,
        "redis": True,
        "worker": True,
        "worker_ms": body["components"]["worker_ms"],  # type: ignore[index]
    }
    queues = {q["name"]: q for q in body["queues"]}  # type: ignore[attr-defined]
    assert {"default", "periodic"} <= set(queues)
    assert not any(name.endswith((".DQ", ".XQ")) for name in queues)
    # No scheduler runs in the tests: the clock's silence is the one finding.
    assert body["problems"] == ["scheduler_late"]
    assert body["status"] == "attention"
    assert body["scheduler"] == {"seconds_since_tick": None, "late_after_seconds": 60}


def test_a_tick_of_the_clock_is_seen_and_clears_the_finding(no_tick: None) -> None:
    periodic_tick.fn()  # what the worker runs when the scheduler's message arrives
    with override_settings(HEALTH_WORKER_TIMEOUT_SECONDS=0.0):
        body = status_as("admin")
    scheduler = body["scheduler"]
    assert isinstance(scheduler, dict)
    assert 0 <= scheduler["seconds_since_tick"] < 60
    assert "scheduler_late" not in body["problems"]  # type: ignore[operator]
    # No worker answered within no time at all: that is what it reports instead.
    assert body["problems"] == ["worker_down"]
    assert body["status"] == "down"


def test_jobs_that_failed_for_good_are_counted_on_their_queue(no_tick: None) -> None:
    dead_letters = f"{namespace()}:default.XQ"
    redis_client().zadd(dead_letters, {"test-dead-message": 1})
    try:
        with override_settings(HEALTH_WORKER_TIMEOUT_SECONDS=0.0):
            body = status_as("hms")
    finally:
        redis_client().zrem(dead_letters, "test-dead-message")
    queues = {q["name"]: q for q in body["queues"]}  # type: ignore[attr-defined]
    assert queues["default"]["dead"] == 1
    assert "dead_jobs" in body["problems"]  # type: ignore[operator]


@pytest.mark.parametrize(
    ("role", "slug"),
    [
        *(("employee", "public"), ("financial", "public"), ("company", "public")),
        *(("client", "acme"), ("partner", "orbita")),
    ],
)
def test_no_one_else_reads_the_machinery(role: str, slug: str) -> None:
    client = ApiClient(slug)
    client.login_as(role)
    assert client.get(PATH).status_code == 403


def test_the_company_reads_the_figures_of_every_client_and_nothing_else() -> None:
    client = ApiClient("public")
    client.login_as("company")
    figures = client.get("/api/stats/summary?currency=BRL")
    assert figures.status_code == 200, figures.content
    one = client.get("/api/stats/summary?currency=BRL&client=acme")
    assert one.status_code == 200, one.content
    tenants = {t["slug"] for t in client.get("/api/tenants").json()}
    assert {"acme", "beta"} <= tenants
    for path in ("/api/deposits", "/api/payouts", "/api/admin/tenants", "/api/transactions?q=x"):
        assert client.get(path).status_code in (403, 404), path
