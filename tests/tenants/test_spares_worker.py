"""Spare schemas topped up by a real dramatiq worker while tenants are provisioned (committed data).

- A burst of provisionings at once, from threads, while the worker tops the pool up: every tenant is
  the template object for object and holds its own deposit, no spare goes to two tenants, and the pool
  is back to TENANT_SPARE_SCHEMAS afterwards.
- A worker killed with SIGKILL in the middle of a clone: the clone was one transaction, so nothing of
  it is left; a schema named like a spare but never finished is not handed out, and the next worker's
  top-up drops it and fills the pool.

The workers consume a Redis namespace of their own (the session's worker runs with no spares and
would take the top-ups otherwise).
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import psycopg
import pytest
from django.conf import settings
from django.db import connection, connections, transaction
from django.test import override_settings
from django_tenants.utils import schema_context
from dramatiq.brokers.redis import RedisBroker

from accounts.models import Membership
from backoffice.services import do_provision_tenant
from core import tasks
from core.dramatiq_middleware import TenantMiddleware
from core.periodic import PERIODIC_QUEUE
from ops.demo import DEMO_PASSWORD
from payments.models import Deposit
from tenants import spares
from tenants.models import Tenant, TenantStatus
from tenants.template import template_schema
from tests.stats.helpers import new_deposit
from tests.support import stack
from tests.support.stack import kill_tree, worker_process
from tests.tenants.helpers import describe, reaches_into

pytestmark = [pytest.mark.worker]

POOL = 2
BURST = 10


def wait_until(condition: Callable[[], bool], timeout: float = 90, interval: float = 0.1) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(interval)
    return False


def pool_full() -> bool:
    """TENANT_SPARE_SCHEMAS spares ready, and no other schema named like one."""
    with schema_context("public"):
        ready = spares.ready_names()
        return len(ready) == POOL and spares.spare_names() == ready


def complete(schema: str) -> None:
    """`schema` is the template object for object (tables, constraints, indexes, triggers, applied
    migrations) and points at nothing of it."""
    with transaction.atomic():  # describe() sets the search path for its transaction
        assert describe(schema) == describe(template_schema()), schema
        assert reaches_into(schema, template_schema()) == set(), schema


@contextmanager
def spare_workers(monkeypatch: pytest.MonkeyPatch, artifacts_dir: Path) -> Iterator[Callable[[str], Any]]:
    """Yields `start(log_name)`: a worker with TENANT_SPARE_SCHEMAS=POOL on a namespace of its own,
    which the top-up actor sends to. On exit: workers stopped, spares dropped, queues emptied."""
    namespace = f"{settings.REDIS_NAMESPACE}-spares{uuid.uuid4().hex[:6]}"
    # A killed worker's unacknowledged message goes to the next worker within seconds.
    monkeypatch.setenv("DRAMATIQ_HEARTBEAT_TIMEOUT_MS", "3000")
    monkeypatch.setenv("DRAMATIQ_MAINTENANCE_CHANCE", "1000000")
    broker = RedisBroker(  # type: ignore[no-untyped-call]
        url=settings.REDIS_URL, namespace=f"{namespace}-jobs", middleware=[TenantMiddleware()]
    )
    broker.declare_queue(PERIODIC_QUEUE)
    monkeypatch.setattr(tasks.top_up_spare_schemas, "broker", broker)
    with ExitStack() as stack:

        def start(name: str) -> Any:
            with override_settings(REDIS_NAMESPACE=namespace):
                return stack.enter_context(
                    worker_process(artifacts_dir / name, env={"TENANT_SPARE_SCHEMAS": str(POOL)})
                )

        try:
            with override_settings(TENANT_SPARE_SCHEMAS=POOL):
                yield start
        finally:
            stack.close()
            with schema_context("public"):
                spares.drop_all()  # the other tests of this database start with no spare
            keys = list(broker.client.scan_iter(f"{namespace}-jobs*"))
            if keys:
                broker.client.delete(*keys)


def provision(slug: str) -> Tenant:
    """The admin's provisioning (tenant, owner, audit; a top-up sent at the commit)."""
    with schema_context("public"):
        done = do_provision_tenant(
            None, slug=slug, name=f"Spares {slug}", kind="client",
            owner_email=f"owner@{slug}.test", owner_password=DEMO_PASSWORD,
        )  # fmt: skip
    return done.tenant


def holds_its_own_deposit(tenants: list[Tenant]) -> None:
    """Each tenant takes a deposit of its own amount and sees that one only."""
    for n, tenant in enumerate(tenants):
        with schema_context(tenant.schema_name):
            member = Membership.objects.select_related("tenant", "user").get(tenant=tenant, role="client")
            new_deposit(member, "pix", 1_000 + n)
    for n, tenant in enumerate(tenants):
        with schema_context(tenant.schema_name):
            assert list(Deposit.objects.values_list("amount", flat=True)) == [1_000 + n], tenant.slug


def retire(tenants: list[Tenant]) -> None:
    """Out of the periodic jobs of the rest of the session."""
    with schema_context("public"):
        Tenant.objects.filter(pk__in=[t.pk for t in tenants]).update(status=TenantStatus.SUSPENDED)


def test_a_burst_of_provisionings_while_the_worker_tops_up(
    django_db_setup: None, django_db_blocker: Any, artifacts_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    claimed: dict[str, str | None] = {}
    original_claim = spares.claim

    def recording_claim(dest: str) -> str | None:
        claimed[dest] = name = original_claim(dest)
        return name

    with django_db_blocker.unblock(), spare_workers(monkeypatch, artifacts_dir) as start_worker:
        start_worker("spares-worker.log")
        with schema_context("public"):
            spares.drop_all()
            tasks.top_up_spare_schemas.send()
        assert wait_until(pool_full), (artifacts_dir / "spares-worker.log").read_text()[-3000:]

        monkeypatch.setattr(spares, "claim", recording_claim)
        prefix = f"burst{uuid.uuid4().hex[:6]}"
        slugs = [f"{prefix}{n}" for n in range(BURST)]
        made: dict[str, Tenant] = {}
        errors: list[BaseException] = []
        barrier = threading.Barrier(BURST)

        def run(slug: str) -> None:
            try:
                barrier.wait()
                made[slug] = provision(slug)
            except BaseException as exc:  # reported below
                errors.append(exc)
            finally:
                connections.close_all()

        threads = [threading.Thread(target=run, args=(slug,)) for slug in slugs]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert not errors, errors
        tenants = [made[slug] for slug in slugs]
        try:
            # No spare went to two tenants; the ready pool was used (the rest cloned then).
            found = [name for name in claimed.values() if name is not None]
            assert sorted(claimed) == sorted(slugs)
            assert len(set(found)) == len(found)
            assert len(found) >= POOL, claimed
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT count(DISTINCT oid) FROM pg_namespace WHERE nspname = ANY(%s)",
                    [slugs],
                )
                assert cursor.fetchone() == (BURST,)
            for tenant in tenants:
                complete(tenant.schema_name)
            holds_its_own_deposit(tenants)

            # The worker brings the pool back to TENANT_SPARE_SCHEMAS, finished spares only.
            assert wait_until(pool_full), (artifacts_dir / "spares-worker.log").read_text()[-3000:]
            with schema_context("public"):
                for name in spares.ready_names():
                    complete(name)
        finally:
            retire(tenants)


def test_a_worker_killed_mid_clone_leaves_no_spare_to_hand_out(
    django_db_setup: None, django_db_blocker: Any, artifacts_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    half = spares.PREFIX + "halfmade"
    template = template_schema()
    tenants: list[Tenant] = []
    with django_db_blocker.unblock(), spare_workers(monkeypatch, artifacts_dir) as start_worker:
        try:
            with schema_context("public"):
                spares.drop_all()
                with connection.cursor() as cursor:
                    # What an interrupted clone made outside a transaction would leave: named like a
                    # spare, part of the template, no READY mark.
                    cursor.execute(f'CREATE SCHEMA "{half}"')
                    cursor.execute(
                        f'CREATE TABLE "{half}".core_healthprobe (LIKE "{template}".core_healthprobe)'
                    )
                    # The template's last table: the worker's clone has made the schema and most
                    # tables when it reaches this one.
                    cursor.execute(
                        "SELECT relname FROM pg_class WHERE relnamespace = %s::regnamespace "
                        "AND relkind = 'r' ORDER BY oid DESC LIMIT 1",
                        [template],
                    )
                    (last,) = cursor.fetchone()

            with psycopg.connect(stack.test_database_url()) as blocker:
                blocker.execute(f'LOCK TABLE "{template}"."{last}" IN ACCESS EXCLUSIVE MODE')
                first = start_worker("spares-killed-worker.log")
                with schema_context("public"):
                    tasks.top_up_spare_schemas.send()

                def cloning_backend() -> int | None:
                    with connection.cursor() as cursor:
                        cursor.execute(
                            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                            "AND wait_event_type = 'Lock' AND query LIKE %s",
                            ["%cofre_clone_schema%"],
                        )
                        row = cursor.fetchone()
                    return int(row[0]) if row else None

                assert wait_until(lambda: cloning_backend() is not None), (
                    artifacts_dir / "spares-killed-worker.log"
                ).read_text()[-3000:]
                backend = cloning_backend()
                with schema_context("public"):  # its schema and tables so far: uncommitted, unseen
                    assert spares.spare_names() == [half]
                kill_tree(first)
                blocker.rollback()  # the clone goes on in its backend, which then finds its client gone

            def backend_gone() -> bool:
                with connection.cursor() as cursor:
                    cursor.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", [backend])
                    return cursor.fetchone() is None

            assert wait_until(backend_gone, timeout=60)
            with schema_context("public"):
                assert spares.spare_names() == [half]  # nothing of the killed clone was committed
                assert spares.ready_names() == []

            # Provisioning meanwhile does not take the half-made one: it clones.
            tenants.append(provision(f"afterkill{uuid.uuid4().hex[:6]}"))
            complete(tenants[-1].schema_name)

            # The next worker (the killed one's message redelivered, and the provisioning's) drops the
            # half-made spare and fills the pool; the next tenant gets a finished spare.
            start_worker("spares-next-worker.log")
            assert wait_until(pool_full), (artifacts_dir / "spares-next-worker.log").read_text()[-3000:]
            claimed: list[str | None] = []
            original_claim = spares.claim

            def recording_claim(dest: str) -> str | None:
                claimed.append(original_claim(dest))
                return claimed[-1]

            monkeypatch.setattr(spares, "claim", recording_claim)
            tenants.append(provision(f"fromspare{uuid.uuid4().hex[:6]}"))
            assert len(claimed) == 1
            assert claimed[0] is not None
            assert claimed[0] != half
            complete(tenants[-1].schema_name)
            holds_its_own_deposit(tenants)
        finally:
            retire(tenants)
