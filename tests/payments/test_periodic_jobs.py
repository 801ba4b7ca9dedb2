"""Periodic jobs that scale with the data (core.periodic, payments.polling): the poll schedule backs
off with a charge's age and stops at its cutoff; a run reads bounded batches by keyset within its
budget and the next run goes on from where it stopped; one run per job and tenant at a time; a tenant
with a big backlog does not hold up another's job."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from django_tenants.utils import schema_context

from core import leases
from core.periodic import Run, keyset, periodic_jobs, periodic_run, queued_key, run_key, sweep
from core.redis import redis_client
from payments import polling, services
from payments.models import Deposit
from payments.tasks import tenant_jobs
from tenants.tenancy import current_schema
from tests.support.servers import wait_for

MIN, HOUR, DAY = timedelta(minutes=1), timedelta(hours=1), timedelta(days=1)
T0 = datetime(2026, 3, 2, 15, 0, tzinfo=UTC)


# ------------------------------------------------------------------------------ the schedule
def test_the_poll_schedule_backs_off_with_the_charge_age() -> None:
    far = T0 + 365 * DAY
    ages = [0 * MIN, 5 * MIN, 10 * MIN, 15 * MIN, 30 * MIN, HOUR, 3 * HOUR, 6 * HOUR, 7 * HOUR, 30 * HOUR]
    nexts = [polling.next_poll(T0, far, T0 + age) - T0 for age in ages]  # type: ignore[operator]
    assert nexts == [5 * MIN, 15 * MIN, 15 * MIN, HOUR, HOUR, 6 * HOUR, 6 * HOUR,
                     6 * HOUR + DAY, 6 * HOUR + DAY, 6 * HOUR + 2 * DAY]  # fmt: skip
    # polls made on schedule: 5 min, 15 min, 1 h, 6 h, then one a day
    seen, when = [], T0
    for _ in range(7):
        when = polling.next_poll(T0, far, when)  # type: ignore[assignment]
        seen.append(when - T0)
    assert seen == [5 * MIN, 15 * MIN, HOUR, 6 * HOUR, 6 * HOUR + DAY, 6 * HOUR + 2 * DAY, 6 * HOUR + 3 * DAY]


def test_polling_stops_where_the_due_date_makes_a_payment_implausible() -> None:
    due = (T0 + 2 * DAY).date()
    billet = polling.poll_until("billet", T0, due, None)
    assert billet == timezone.make_aware(datetime.combine(due, datetime.max.time())) + polling.BILLET_GRACE
    pix = polling.poll_until("pix", T0, None, T0 + HOUR)
    assert pix == T0 + HOUR
    card = polling.poll_until("card", T0, None, None)
    assert card == T0 + polling.MAX_POLL_AGE
    # the last poll falls on the cutoff itself, then none
    assert polling.next_poll(T0, pix, T0 + 20 * MIN) == pix
    assert polling.next_poll(T0, pix, pix) is None
    assert polling.next_poll(T0, pix, pix + MIN) is None
    assert polling.worth_asking(pix, pix + MIN)
    assert not polling.worth_asking(pix, pix + 2 * DAY)


# ------------------------------------------------------------------------------ the sync job
def make_deposits(count: int, **fields: Any) -> list[Deposit]:
    """Open deposits at the sandbox bank under references it does not know (it answers
    `unknown_charge`: a provider call that changes nothing)."""
    tag = uuid.uuid4().hex[:10]
    values = {"method": "pix", "amount": 1_000, "currency": "BRL", "payer_name": "Ana Lima",
              "payer_document": "52998224725", "provider": "sandbox_bank", **fields}  # fmt: skip
    return Deposit.objects.bulk_create(
        Deposit(public_id=f"dep_t{tag}{i:06d}", provider_reference=f"sbx_missing_{tag}_{i}", **values)
        for i in range(count)
    )


def small_run(rows: int, batch: int) -> Run:
    return Run("deposits", current_schema(), rows=rows, seconds=60, batch=batch)


@pytest.mark.django_db
def test_the_sync_follows_the_schedule_and_drops_charges_past_their_cutoff() -> None:
    now = timezone.now()
    with schema_context("acme"):
        young, expired_long_ago = make_deposits(2, next_poll_at=now - MIN)
        Deposit.objects.filter(pk=young.pk).update(created_at=now - 20 * MIN, expires_at=now + DAY)
        Deposit.objects.filter(pk=expired_long_ago.pk).update(
            created_at=now - 9 * DAY, expires_at=now - 8 * DAY
        )
        not_due = make_deposits(1, next_poll_at=now + HOUR)[0]
        run = small_run(100, 10)
        services.sync_stuck(now=now, run=run)
        assert run.calls == 1  # the young one only: the other is days past its expiry
        young.refresh_from_db()
        assert young.next_poll_at == young.created_at + HOUR  # 20 min old: next at 1 h
        expired_long_ago.refresh_from_db()
        assert expired_long_ago.next_poll_at is None  # never again
        not_due.refresh_from_db()
        assert not_due.next_poll_at == now + HOUR  # untouched


@pytest.mark.django_db
def test_a_run_reads_bounded_batches_within_its_budget_and_the_next_goes_on() -> None:
    now = timezone.now()
    with schema_context("acme"):
        rows = make_deposits(12)
        for i, row in enumerate(rows):  # due in this order, the oldest poll first
            Deposit.objects.filter(pk=row.pk).update(next_poll_at=now - HOUR + i * MIN)
        first = small_run(5, 2)
        with CaptureQueriesContext(connection) as queries:
            services.sync_stuck(now=now, run=first)
        assert first.touched == 5
        assert first.calls == 5
        selects = [q["sql"] for q in queries.captured_queries if q["sql"].lstrip().startswith("SELECT")]
        reads = [sql for sql in selects if 'FROM "payments_deposit"' in sql and '."next_poll_at" <=' in sql]
        assert len(reads) == 3  # batches of 2, 2 and 1 (the budget's last row)
        assert all(sql.rstrip().endswith("LIMIT 2") for sql in reads), reads  # never an unbounded read
        polled = set(
            Deposit.objects.filter(pk__in=[r.pk for r in rows], next_poll_at__gt=now).values_list(
                "pk", flat=True
            )
        )
        assert polled == {r.pk for r in rows[:5]}
        second = small_run(5, 2)
        services.sync_stuck(now=now, run=second)
        polled = set(
            Deposit.objects.filter(pk__in=[r.pk for r in rows], next_poll_at__gt=now).values_list(
                "pk", flat=True
            )
        )
        assert polled == {r.pk for r in rows[:10]}  # went on where the first stopped


@pytest.mark.django_db
def test_a_sweep_stores_its_cursor_and_the_next_run_resumes_from_it() -> None:
    job = f"sweep{uuid.uuid4().hex[:6]}"
    with schema_context("acme"):
        rows = make_deposits(7)
        qs = Deposit.objects.filter(pk__in=[r.pk for r in rows])
        runs = [Run(job, "acme", rows=3, seconds=60, batch=2) for _ in range(4)]
        walked = [[d.pk for d in sweep(qs, run.step("s"), "s")] for run in runs]
    ids = [r.pk for r in rows]
    assert walked == [ids[0:3], ids[3:6], ids[6:7], ids[0:3]]  # the end reached: from the start again
    redis_client().delete(leases.lease_key("periodic-cursor", job, "acme", "s"))


@pytest.mark.django_db
def test_keyset_on_two_fields_visits_ties_once() -> None:
    now = timezone.now()
    with schema_context("acme"):
        rows = make_deposits(5, next_poll_at=now)  # all the same poll time: the id breaks the tie
        qs = Deposit.objects.filter(pk__in=[r.pk for r in rows])
        seen = [d.pk for d in keyset(qs, small_run(100, 2).step("k"), ("next_poll_at", "id"))]
    assert seen == [r.pk for r in rows]


# ------------------------------------------------------------------------------ the lease
@pytest.fixture
def free_leases() -> Iterator[None]:
    def clear() -> None:
        for job in periodic_jobs():
            for schema in ("acme", "beta"):
                redis_client().delete(run_key(job.name, schema), queued_key(job.name, schema))

    clear()
    yield
    clear()


@pytest.mark.django_db
def test_two_runs_at_once_for_one_tenant_only_one_works(free_leases: None) -> None:
    now = timezone.now()
    with schema_context("acme"):
        due = make_deposits(1, next_poll_at=now - MIN)[0]
        with periodic_run("deposits") as first:
            assert first is not None
            assert services.deposit_jobs() is None  # the second finds the lease held: does nothing
            due.refresh_from_db()
            assert due.next_poll_at == now - MIN
        with schema_context("beta"), periodic_run("deposits") as other_tenant:
            assert other_tenant is not None  # the lease is per tenant
        run = services.deposit_jobs()  # released: the next run works
        assert run is not None
        assert run.steps["sync"] >= 1
        due.refresh_from_db()
        assert due.next_poll_at is not None
        assert due.next_poll_at > now


def test_a_lease_whose_holder_died_expires_on_its_own() -> None:
    key = leases.lease_key("test", uuid.uuid4().hex)
    token = leases.take(key, 300)  # a worker killed now never releases it
    assert token is not None
    assert leases.take(key, 300) is None
    wait_for(lambda: not leases.held(key), "the lease to expire", timeout=10)
    assert leases.take(key, 300) is not None
    assert not leases.release(key, token)  # the dead holder's token frees nothing of the new holder
    assert leases.held(key)
    redis_client().delete(key)


@pytest.mark.django_db
def test_the_tick_skips_a_tenant_whose_run_is_going_or_whose_message_is_queued(
    monkeypatch: pytest.MonkeyPatch, free_leases: None
) -> None:
    from core.tasks import tick

    sent: list[str] = []
    monkeypatch.setattr(tenant_jobs, "send_with_options", lambda **kw: sent.append(kw["tenant_schema"]))
    (deposits,) = [job for job in periodic_jobs() if job.name == "deposits"]
    with schema_context("acme"), periodic_run("deposits") as run:
        assert run is not None
        tick([deposits], schemas=["acme", "beta"])
    assert sent == ["beta"]  # acme's run holds its lease
    tick([deposits], schemas=["acme", "beta"])
    assert sent == ["beta", "acme"]  # beta's message is still queued: not sent twice
    with schema_context("beta"), periodic_run("deposits"):
        pass  # the run starts: its tenant may be sent again
    tick([deposits], schemas=["acme", "beta"])
    assert sent == ["beta", "acme", "beta"]


def test_periodic_work_has_its_own_queue_behind_user_triggered_jobs() -> None:
    from core.periodic import PERIODIC_PRIORITY, PERIODIC_QUEUE
    from core.tasks import periodic_tick, probe
    from payouts.tasks import submit_payout

    for job in periodic_jobs():
        assert job.actor.queue_name == PERIODIC_QUEUE
        assert job.actor.priority == PERIODIC_PRIORITY > submit_payout.priority
    assert periodic_tick.queue_name == PERIODIC_QUEUE
    assert probe.queue_name == submit_payout.queue_name != PERIODIC_QUEUE  # health waits on users' queue


# ------------------------------------------------------------------------------ through a worker
def due_count(schema: str, now: datetime) -> int:
    with schema_context(schema):
        return Deposit.objects.filter(next_poll_at__lte=now).count()


@pytest.mark.worker
def test_a_tenant_with_a_big_backlog_does_not_hold_up_another(
    worker: None, django_db_blocker: pytest.FixtureRequest
) -> None:
    from django.conf import settings

    from core.tasks import tick
    from tenants.services import create_tenant, set_status

    (deposits,) = [job for job in periodic_jobs() if job.name == "deposits"]
    backlog = settings.PERIODIC_RUN_ROWS * 2 + 500  # more than two runs' budget (the worker's is the same)
    with django_db_blocker.unblock():  # type: ignore[attr-defined]
        big = create_tenant(slug=f"big{uuid.uuid4().hex[:8]}", name="Big backlog", kind="client")
        small = create_tenant(slug=f"small{uuid.uuid4().hex[:8]}", name="Small", kind="client")
        schemas = [big.schema_name, small.schema_name]
        try:
            now = timezone.now()
            with schema_context(big.schema_name):
                make_deposits(backlog, next_poll_at=now - HOUR)
            with schema_context(small.schema_name):
                make_deposits(1, next_poll_at=now - HOUR)
            # 1. big's run is going (its lease held, as a worker holds it): the tick serves small alone
            big_lease = run_key("deposits", big.schema_name)
            token = leases.take(big_lease, 60_000)
            assert token is not None
            assert tick([deposits], schemas=schemas) == {"sent": 1, "skipped": 1}
            wait_for(lambda: due_count(small.schema_name, now) == 0, "the small tenant's charge to be polled")
            # ... and for its run to end: it writes its rows before it lets go of its lease
            small_lease = run_key("deposits", small.schema_name)
            wait_for(lambda: not leases.held(small_lease), "the small tenant's run to release its lease")
            assert due_count(big.schema_name, now) == backlog
            leases.release(big_lease, token)
            # 2. big's own run reads one budget of rows and stops; the next tick goes on from there
            with schema_context(small.schema_name):
                make_deposits(1, next_poll_at=now - HOUR)
            assert tick([deposits], schemas=schemas) == {"sent": 2, "skipped": 0}
            wait_for(lambda: due_count(small.schema_name, now) == 0, "the small tenant's new charge")

            def big_run_over() -> bool:
                return not leases.held(run_key("deposits", big.schema_name)) and not leases.held(
                    queued_key("deposits", big.schema_name)
                )

            wait_for(big_run_over, "big's run to end", timeout=120)
            left = due_count(big.schema_name, now)
            assert backlog - settings.PERIODIC_RUN_ROWS <= left < backlog  # at most one budget
            tick([deposits], schemas=[big.schema_name])
            wait_for(lambda: due_count(big.schema_name, now) < left, "the next run to go on")
            wait_for(big_run_over, "big's second run to end", timeout=120)
            assert due_count(big.schema_name, now) >= backlog - 2 * settings.PERIODIC_RUN_ROWS
        finally:
            for tenant in (big, small):
                set_status(tenant, "suspended")  # later ticks leave them alone


@pytest.mark.worker
@pytest.mark.django_db
def test_health_answers_while_the_periodic_queue_has_a_backlog(worker: None, free_leases: None) -> None:
    """The health probe runs on the users' queue at a higher priority: it goes by a backlog of
    periodic messages instead of waiting for it (the issue: the backlog made /api/health 503)."""
    from django.test import override_settings

    from core.periodic import PERIODIC_QUEUE
    from tests.support.http import ApiClient

    broker: Any = tenant_jobs.broker
    queue = f"{broker.namespace}:{PERIODIC_QUEUE}"

    def waiting() -> int:
        return int(broker.client.llen(queue))

    with schema_context("acme"):
        for _ in range(1000):
            tenant_jobs.send()
    assert waiting() > 0
    # a generous timeout: what is proven is that the probe does not wait for the backlog
    with override_settings(HEALTH_WORKER_TIMEOUT_SECONDS=60):
        response = ApiClient("acme").get("/api/health")
    left = waiting()
    assert response.status_code == 200, response.content
    assert left > 0, "the backlog drained before the probe ran: nothing was shown"
    wait_for(lambda: waiting() == 0, "the periodic backlog to drain", timeout=300)
