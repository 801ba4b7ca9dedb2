"""The read-replica router (core.replica) with the `replica` alias pointed at the run's own database
through a second connection, opened read-only (`default_transaction_read_only`): a write sent there
would fail, and a read there sees only what is committed, as on a real replica.

The tests run their bodies in a thread: a thread has its own connections, outside the test's
transaction, as a worker is (the rows they commit are deleted at the end).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any, TypeVar

import pytest
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.utils import timezone
from django_tenants.postgresql_backend.base import DatabaseWrapper
from django_tenants.utils import schema_context

from accounts.models import User
from audit.models import AuditEntry
from core.ids import new_public_id
from core.models import HealthProbe
from core.replica import REPLICA, read_alias, reading_from_replica
from core.text import search_text
from exports.models import Export
from exports.services import run_export
from payments.models import Deposit

pytestmark = pytest.mark.django_db
T = TypeVar("T")


@pytest.fixture
def replica(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    settings = dict(connections[DEFAULT_DB_ALIAS].settings_dict)
    settings["OPTIONS"] = {**settings.get("OPTIONS", {}), "options": "-c default_transaction_read_only=on"}
    connections.settings[REPLICA] = settings
    # Django's test case refuses connections to an alias it was not told about (the alias is added
    # here, after the test case was set up): tell it, for this test only.
    guard = BaseDatabaseWrapper.ensure_connection
    if guard.__code__.co_freevars and "cls" in guard.__code__.co_freevars:
        case = guard.__closure__[guard.__code__.co_freevars.index("cls")].cell_contents  # type: ignore[index]
        monkeypatch.setattr(case, "databases", {*case.databases, REPLICA})
    yield
    del connections.settings[REPLICA]


def in_thread(body: Callable[[], T]) -> T:
    """`body` on connections of its own (autocommit, outside the test's transaction)."""
    result: dict[str, Any] = {}

    def run() -> None:
        try:
            result["value"] = body()
        except BaseException as exc:  # re-raised in the test
            result["error"] = exc
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(120)
    assert not thread.is_alive(), "the thread did not finish"
    if "error" in result:
        raise result["error"]
    return result["value"]  # type: ignore[no-any-return]


class Recorder:
    """The statements each alias ran through Django, and the connections opened per alias (the export's
    rows are read on a raw connection of their own)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.sql: dict[str, list[str]] = {DEFAULT_DB_ALIAS: [], REPLICA: []}
        self.opened: list[str] = []
        original = DatabaseWrapper.get_new_connection
        recorder = self

        def get_new_connection(self: DatabaseWrapper, params: dict[str, Any]) -> Any:
            recorder.opened.append(self.alias)
            return original(self, params)

        monkeypatch.setattr(DatabaseWrapper, "get_new_connection", get_new_connection)

    def watch(self) -> None:
        """Start recording the statements of this thread's connections."""
        for alias in (DEFAULT_DB_ALIAS, REPLICA):
            connections[alias].execute_wrappers.append(self._recorder(alias))

    def _recorder(self, alias: str) -> Callable[..., Any]:
        def record(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
            self.sql[alias].append(sql)
            return execute(sql, params, many, context)

        return record

    def writes(self, alias: str) -> list[str]:
        return [s for s in self.sql[alias] if s.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))]


def test_reads_in_the_scope_go_to_the_replica_in_the_tenants_schema(
    replica: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    recorder = Recorder(monkeypatch)

    def body() -> dict[str, Any]:
        recorder.watch()
        seen: dict[str, Any] = {}
        with schema_context("acme"):
            HealthProbe.objects.create(token="replica-read-check")  # committed: visible on a replica
        try:
            with schema_context("acme"):
                seen["outside"] = HealthProbe.objects.all().db
                with reading_from_replica():
                    probes = HealthProbe.objects.filter(token="replica-read-check")
                    seen["inside"] = probes.db
                    seen["in_acme"] = probes.exists()
                    with connections[read_alias()].cursor() as cursor:
                        cursor.execute("SHOW search_path")
                        seen["search_path"] = cursor.fetchone()[0]
            with schema_context("beta"), reading_from_replica():
                probes = HealthProbe.objects.filter(token="replica-read-check")
                seen["beta_db"] = probes.db
                seen["in_beta"] = probes.exists()
                with connections[read_alias()].cursor() as cursor:
                    cursor.execute("SHOW search_path")
                    seen["beta_search_path"] = cursor.fetchone()[0]
        finally:
            with schema_context("acme"):
                HealthProbe.objects.filter(token="replica-read-check").delete()
        return seen

    seen = in_thread(body)
    assert seen["outside"] == DEFAULT_DB_ALIAS
    assert seen["inside"] == seen["beta_db"] == REPLICA
    assert seen["in_acme"] is True  # acme's committed row, read on the replica in acme's schema
    assert seen["in_beta"] is False  # and not in beta's
    assert seen["search_path"].replace('"', "").startswith("acme")
    assert seen["beta_search_path"].replace('"', "").startswith("beta")
    assert any(
        "core_healthprobe" in sql and sql.lstrip().upper().startswith("SELECT")
        for sql in recorder.sql[REPLICA]
    )
    assert recorder.writes(REPLICA) == []


def test_writes_never_go_to_the_replica_nor_reads_of_a_transaction_that_wrote(
    replica: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    recorder = Recorder(monkeypatch)

    def body() -> dict[str, Any]:
        recorder.watch()
        seen: dict[str, Any] = {}
        with schema_context("acme"), reading_from_replica(), transaction.atomic():
            seen["before_write"] = HealthProbe.objects.all().db
            probe = HealthProbe.objects.create(token="replica-write-check")
            seen["written_on"] = probe._state.db
            seen["after_write"] = HealthProbe.objects.all().db
            # The primary sees its own uncommitted row; the replica could not.
            seen["found"] = HealthProbe.objects.filter(token="replica-write-check").exists()
            transaction.set_rollback(True)
        with schema_context("acme"), reading_from_replica():
            seen["after_rollback"] = HealthProbe.objects.all().db
        return seen

    seen = in_thread(body)
    assert seen["before_write"] == REPLICA
    assert seen["written_on"] == DEFAULT_DB_ALIAS
    assert seen["after_write"] == DEFAULT_DB_ALIAS
    assert seen["found"] is True
    assert seen["after_rollback"] == REPLICA
    assert recorder.writes(REPLICA) == []
    assert recorder.writes(DEFAULT_DB_ALIAS)


def test_an_export_reads_its_rows_through_the_replica_and_writes_on_the_primary(
    replica: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    recorder = Recorder(monkeypatch)
    owner = User.objects.get(email="client@demo.test")

    def setup() -> tuple[int, dict[str, int]]:
        tops: dict[str, int] = {}
        with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
            for table in ("public.notifications_notification", "public.outbox_outboxmessage"):
                cursor.execute(f"SELECT coalesce(max(id), 0) FROM {table}")  # noqa: S608
                tops[table] = cursor.fetchone()[0]
            for table in ("acme.files_storedfile", "acme.exports_export", "acme.payments_deposit"):
                cursor.execute(f"SELECT coalesce(max(id), 0) FROM {table}")  # noqa: S608
                tops[table] = cursor.fetchone()[0]
        with schema_context("acme"):
            Deposit.objects.create(
                public_id=new_public_id("dep"), method="pix", status="confirmed", amount=12_345,
                currency="BRL", fee=123, payer_name="Réplica Leitura",
                search_name=search_text("Réplica Leitura"), payer_document="52998224725",
            )  # fmt: skip
            export = Export.objects.create(
                public_id=new_public_id("exp"), owner_id=owner.pk, type="payments", format="csv",
                filters={}, language="en", expires_at=timezone.now() + timedelta(days=1),
            )  # fmt: skip
        return export.pk, tops

    def run(export_id: int) -> dict[str, Any]:
        recorder.watch()
        with schema_context("acme"):
            outcome = run_export(export_id)
            export = Export.objects.select_related("file").get(pk=export_id)
            return {"outcome": outcome, "rows": export.rows, "status": export.status}

    def cleanup(tops: dict[str, int]) -> None:
        with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
            for table in ("acme.exports_export", "acme.files_storedfile", "acme.payments_deposit",
                          "public.notifications_notification", "public.outbox_outboxmessage"):  # fmt: skip
                cursor.execute(f"DELETE FROM {table} WHERE id > %s", [tops[table]])  # noqa: S608

    export_id, tops = in_thread(setup)
    try:
        done = in_thread(lambda: run(export_id))
    finally:
        in_thread(lambda: cleanup(tops))
    assert done["outcome"] == "done", done
    assert done["rows"] == 1  # the committed deposit, read on the replica
    assert REPLICA in recorder.opened  # the count's connection and the rows' own one
    assert recorder.opened.count(REPLICA) >= 2
    assert any("payments_deposit" in sql for sql in recorder.sql[REPLICA])  # the count
    assert not any("payments_deposit" in sql for sql in recorder.sql[DEFAULT_DB_ALIAS])
    assert recorder.writes(REPLICA) == []
    assert any("exports_export" in sql for sql in recorder.writes(DEFAULT_DB_ALIAS))  # progress, finish


def test_without_a_replica_the_scope_reads_the_primary() -> None:
    with schema_context("acme"), reading_from_replica():
        assert AuditEntry.objects.all().db == DEFAULT_DB_ALIAS
