"""Reads of reports, exports and statistics on a read replica (`DATABASE_REPLICA_URL`).

A replica lags its primary, so nothing is sent there by model: only the reads made inside
`reading_from_replica()` (the export job's count and rows, the statistics endpoints), and even there:

- only when a `replica` database is configured (settings: DATABASE_REPLICA_URL); else the primary;
- never inside a transaction that has written on the primary: its rows are not committed, so the
  replica cannot see them (and a read that decides a write belongs with the write). Every statement
  the primary's connection runs inside a transaction is checked (INSERT, UPDATE, DELETE, COPY, DDL,
  SELECT ... FOR UPDATE/SHARE), by an execute wrapper installed only when a replica is configured;
- writes never: `db_for_write` is always the primary (a write inside the scope goes there too), and
  the replica is never migrated;
- in the tenant's schema: the replica's connection takes the primary connection's tenant (django-tenants
  sets the search path from it before the next query), so a tenant's report reads that tenant's rows.

Balances, holds, limits and anything a money decision reads stay on the primary: they are not in
a scope. The router is first in DATABASE_ROUTERS (django-tenants' TenantSyncRouter after it).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.signals import connection_created

REPLICA = "replica"
_scope: ContextVar[bool] = ContextVar("cofre_replica_reads", default=False)
_WRITES = re.compile(
    r"^\s*(INSERT|UPDATE|DELETE|MERGE|COPY|CREATE|ALTER|DROP|TRUNCATE|GRANT|REVOKE|LOCK|CALL|DO)\b"
    r"|\bFOR\s+(NO\s+KEY\s+)?UPDATE\b|\bFOR\s+(KEY\s+)?SHARE\b",
    re.IGNORECASE,
)
_MARKS = "cofre_wrote_in"  # on the primary's DatabaseWrapper: ids of the atomic blocks that wrote


def configured() -> bool:
    return REPLICA in connections.settings


@contextmanager
def reading_from_replica() -> Iterator[None]:
    """Reads inside go to the replica when one is configured and this transaction has not written."""
    token = _scope.set(True)
    try:
        yield
    finally:
        _scope.reset(token)


def _wrote(primary: BaseDatabaseWrapper) -> bool:
    marks: set[int] = primary.__dict__.setdefault(_MARKS, set())
    if not primary.in_atomic_block:
        marks.clear()
        return False
    return any(id(block) in marks for block in primary.atomic_blocks)


def read_alias() -> str:
    """The alias a read made now goes to (see the module's rules)."""
    if not _scope.get() or not configured():
        return DEFAULT_DB_ALIAS
    primary: Any = connections[DEFAULT_DB_ALIAS]  # django-tenants' backend: tenant, set_tenant
    if _wrote(primary):
        return DEFAULT_DB_ALIAS
    replica: Any = connections[REPLICA]
    schema = getattr(primary, "schema_name", None)
    if schema is not None and getattr(replica, "schema_name", None) != schema:
        replica.set_tenant(primary.tenant)
    return REPLICA


def _track_writes(
    execute: Callable[..., Any], sql: str, params: Any, many: bool, context: dict[str, Any]
) -> Any:
    connection = context["connection"]
    if connection.in_atomic_block and _WRITES.search(sql):
        connection.__dict__.setdefault(_MARKS, set()).update(id(b) for b in connection.atomic_blocks)
    return execute(sql, params, many, context)


def _on_connection_created(sender: Any, connection: BaseDatabaseWrapper, **kwargs: Any) -> None:
    wrappers = connection.execute_wrappers
    if connection.alias == DEFAULT_DB_ALIAS and configured() and _track_writes not in wrappers:
        wrappers.append(_track_writes)


connection_created.connect(_on_connection_created, dispatch_uid="cofre-replica-write-tracking")


class ReplicaRouter:
    """settings.DATABASE_ROUTERS: reads in a `reading_from_replica()` scope to the replica."""

    def db_for_read(self, model: Any, **hints: Any) -> str | None:
        alias = read_alias()
        return alias if alias == REPLICA else None

    def db_for_write(self, model: Any, **hints: Any) -> str | None:
        return DEFAULT_DB_ALIAS if configured() else None

    def allow_relation(self, obj1: Any, obj2: Any, **hints: Any) -> bool | None:
        # A row read on the replica may be referenced by a row written on the primary: one database.
        if {obj1._state.db, obj2._state.db} <= {DEFAULT_DB_ALIAS, REPLICA, None}:
            return True
        return None

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool | None:
        return False if db == REPLICA else None
