"""An export made by the real dramatiq worker on committed data: requested through the API, its
progress read while it runs, its file downloaded once done, its owner told in the bell."""

from __future__ import annotations

import csv
import io
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from django_tenants.utils import schema_context

from core.ids import new_public_id
from payments.models import Deposit
from tenants.models import Tenant
from tests.notifications.test_mail_worker import mails_to
from tests.payouts.helpers import committed_client

pytestmark = [pytest.mark.worker]


def content(response: Any) -> bytes:
    """The bytes of a streamed download (FileResponse)."""
    return b"".join(response.streaming_content)


@contextmanager
def holding_row_lock(schema: str, pk: int) -> Iterator[Callable[[], bool]]:
    """Locks an export's row from another connection (as a second session would), and yields a check:
    whether another backend now waits for that lock."""
    import psycopg
    from django.db import connection

    params = connection.get_connection_params()
    with psycopg.connect(**{k: v for k, v in params.items() if k != "cursor_factory"}) as other:
        other.execute(
            psycopg.sql.SQL("SELECT 1 FROM {}.exports_export WHERE id = %s FOR UPDATE").format(
                psycopg.sql.Identifier(schema)
            ),
            [pk],
        )
        mine = other.info.backend_pid

        def blocked() -> bool:
            with psycopg.connect(**{k: v for k, v in params.items() if k != "cursor_factory"}) as probe:
                waiting = probe.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                    "AND %s = ANY(pg_blocking_pids(pid))",
                    [mine],
                ).fetchone()
            return bool(waiting and waiting[0])

        yield blocked
        other.rollback()


def wait_until(condition: Callable[[], bool], timeout: float = 60, interval: float = 0.2) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(interval)
    return False


def test_the_worker_writes_the_file_and_the_owner_downloads_it(worker: None, django_db_blocker: Any) -> None:
    with django_db_blocker.unblock():
        slug, owner = committed_client("exw")
        try:
            with schema_context(slug):
                Deposit.objects.bulk_create(
                    Deposit(
                        public_id=new_public_id("dep"),
                        method="pix",
                        amount=100 + i,
                        currency="BRL",
                        payer_name=f"Pagador {i}",
                        payer_document="52998224725",
                        status="confirmed",
                    )
                    for i in range(250)
                )
            ids = {}
            for fmt in ("csv", "xlsx"):
                created = owner.post_json(
                    "/api/exports", {"type": "payments", "format": fmt, "filters": {"status": ["confirmed"]}}
                )
                assert created.status_code == 202, created.content
                ids[fmt] = created.json()["id"]

            def done() -> bool:
                states = [owner.get(f"/api/exports/{i}").json()["status"] for i in ids.values()]
                assert "failed" not in states
                return states == ["done", "done"]

            assert wait_until(done), [owner.get(f"/api/exports/{i}").json() for i in ids.values()]
            answer = owner.get(f"/api/exports/{ids['csv']}").json()
            assert (answer["rows"], answer["progress"]) == (250, 100)
            body = owner.get(answer["url"])
            assert body.status_code == 200
            rows = list(csv.reader(io.StringIO(content(body).decode())))
            assert len(rows) == 251
            assert {r[2] for r in rows[1:]} == {"confirmed"}
            xlsx = owner.get(owner.get(f"/api/exports/{ids['xlsx']}").json()["url"])
            sheet = openpyxl.load_workbook(io.BytesIO(content(xlsx))).worksheets[0]
            assert sheet.max_row == 251
            notes = owner.get("/api/notifications").json()
            items = notes["items"] if isinstance(notes, dict) else notes
            assert (
                sum(
                    1
                    for n in items
                    if n["title"] in ("Arquivo pronto para download", "File download successful")
                )
                == 2
            )
            # and by e-mail, in the run's mail folder (the embedded default), once per export
            address = f"owner@{slug}.test"
            assert wait_until(lambda: len(mails_to(address)) == 2), mails_to(address)
            assert {str(m["Subject"]).strip() for m in mails_to(address)} == {
                "Cofre: sua exportação de depósitos está pronta"
            }
        finally:
            with schema_context("public"):
                Tenant.objects.filter(slug=slug).update(status="suspended")  # out of the periodic jobs


def many_deposits(slug: str, rows: int) -> None:
    """`rows` deposits in `slug` (1,000 made by the ORM, then doubled in SQL)."""
    from django.db import connection

    with schema_context(slug):
        Deposit.objects.bulk_create(
            Deposit(
                public_id=new_public_id("dep"),
                method="pix",
                amount=100 + i,
                currency="BRL",
                payer_name=f"Pagador {i}",
                payer_document="52998224725",
                status="confirmed",
            )
            for i in range(1000)
        )
        fields = [f.column for f in Deposit._meta.concrete_fields if f.column not in ("id", "public_id")]
        columns = ", ".join(f'"{c}"' for c in fields)
        with connection.cursor() as cursor:
            while Deposit.objects.count() < rows:
                cursor.execute(
                    f"INSERT INTO payments_deposit (public_id, {columns}) "  # noqa: S608
                    f"SELECT 'dep_' || substr(md5(random()::text || id::text), 1, 20), {columns} "
                    "FROM payments_deposit"
                )


def test_a_worker_killed_mid_export_leaves_it_to_the_sweep_which_sends_it_again(
    django_db_setup: None, django_db_blocker: Any, artifacts_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed with SIGKILL mid-job (held on its own row's lock, so it cannot finish first): the export
    stays `running` with nobody behind it; once its lease has lapsed and its heartbeat is old, the
    periodic sweep sends it again, and a new worker finishes it (never running forever)."""
    from django.conf import settings
    from django.test import override_settings
    from django.utils import timezone
    from dramatiq.brokers.redis import RedisBroker

    from core.dramatiq_middleware import TenantMiddleware
    from core.redis import redis_client
    from exports import services, tasks
    from exports.models import Export
    from tests.support.stack import kill_tree, worker_process

    namespace = f"{settings.REDIS_NAMESPACE}-expkill{uuid.uuid4().hex[:6]}"
    broker = RedisBroker(  # type: ignore[no-untyped-call]
        url=settings.REDIS_URL, namespace=f"{namespace}-jobs", middleware=[TenantMiddleware()]
    )
    monkeypatch.setattr(tasks.run_export, "broker", broker)
    with django_db_blocker.unblock():
        slug, owner = committed_client("exk")
        try:
            many_deposits(slug, 64_000)
            with ExitStack() as stack:
                with override_settings(REDIS_NAMESPACE=namespace):
                    first = stack.enter_context(worker_process(artifacts_dir / "export-worker-1.log"))
                created = owner.post_json("/api/exports", {"type": "payments", "format": "xlsx"})
                assert created.status_code == 202, created.content
                export_id = created.json()["id"]

                def row() -> Export:
                    with schema_context(slug):
                        return Export.objects.get(public_id=export_id)

                # The run is held mid-job by a lock on its own row, taken by another connection as soon
                # as it is running: its next write of the row (the total, or the progress between
                # batches) waits, so it is killed before it can finish however fast this machine is.
                assert wait_until(lambda: row().status == "running", timeout=90, interval=0.02), (
                    artifacts_dir / "export-worker-1.log"
                ).read_text()[-3000:]
                with holding_row_lock(slug, row().pk) as blocked:
                    assert wait_until(blocked, timeout=90), "the worker never reached its export row again"
                    kill_tree(first)
                stuck = row()
                assert (stuck.status, stuck.attempts) == ("running", 1)
                assert stuck.rows < 64_000

                # Time passes: the dead run's lease lapses (its TTL) and its heartbeat gets old.
                with schema_context(slug), override_settings(REDIS_NAMESPACE=namespace):
                    redis_client().delete(services.run_key(stuck))  # the workers' namespace
                    later = timezone.now() + services.STUCK_AFTER * 2
                    assert services.sweep_stuck(now=later) == 1
                assert row().status == "queued"
                with override_settings(REDIS_NAMESPACE=namespace):
                    stack.enter_context(worker_process(artifacts_dir / "export-worker-2.log"))
                assert wait_until(lambda: row().status == "done", timeout=180), (
                    artifacts_dir / "export-worker-2.log"
                ).read_text()[-3000:]
                final = row()
                assert (final.rows, final.progress, final.attempts) == (64_000, 100, 2)
                sheet = openpyxl.load_workbook(
                    io.BytesIO(content(owner.get(f"/api/exports/{export_id}/file"))), read_only=True
                ).worksheets[0]
                assert sum(1 for _ in sheet.iter_rows(min_row=2)) == 64_000
        finally:
            keys = list(broker.client.scan_iter(f"{namespace}-jobs*"))
            if keys:
                broker.client.delete(*keys)
            with schema_context("public"):
                Tenant.objects.filter(slug=slug).update(status="suspended")
