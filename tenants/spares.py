"""Spare schemas: clones of the template made ahead of time, renamed to a new tenant's name.

Even a clone whose cost does not grow with the tenants (tenants.clone) creates ~200 relations, ~0.5 s
on this machine. `ALTER SCHEMA ... RENAME` changes one catalog row, whatever the schema holds, and
everything inside refers to everything else by OID (foreign keys, identity sequences, the trigger's
function), so a spare renamed is exactly a fresh clone under the new name. Provisioning claims a spare
when one is ready and clones only when none is (tenants.template.clone_template).

- Names: `cofre_spare_<hex>`; a tenant's schema is its slug (letters and digits, no underscore), so
  the two never meet. A spare has no tenant row and no domain: no request or job reaches it.
- Ready: a spare is made in one transaction (schema, tables, rows, constraints, indexes, then the
  marker comment READY on the schema, last): a worker killed mid-clone rolls the whole clone back, and
  a schema named like a spare without the marker (made some other way, or by an older Cofre, and left
  half-made) is never claimed; the next top-up drops it.
- Claiming: in the provisioning transaction, under a transaction-scoped advisory lock per spare; a
  provisioning that rolls back rolls the rename back and the spare is free again; two provisionings
  never get the same spare (the second waits for nothing: it skips a locked spare). The marker is
  removed with the rename.
- Topping up: `top_up()` clones until `TENANT_SPARE_SCHEMAS` are ready, each in its own transaction;
  run by the worker (core.tasks.top_up_spare_schemas, sent by the clock's tick when the pool is low
  and after each provisioning). One top-up at a time: a second one waits for the first's current
  clone, then counts again (a top-up that gave up on a busy lock could miss a claim committed just
  after the first one's last count, and leave the pool short until the next tick).
- Staleness: a deploy's `sync_tenant_template` drops every spare (they were cloned from the template
  before its migrations) and the next top-up clones new ones; a spare claimed in between, lacking a
  migration, has it applied like any clone (clone_template checks `django_migrations`).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import connection, transaction
from django.db.backends.utils import CursorWrapper

PREFIX = "cofre_spare_"
LOCK_CLASS = 0x5C0F  # the first key of the two-key advisory locks taken on spares
TOP_UP_KEY = 0  # second key of the top-up's lock (the spares' are hashtext(name), never 0 in practice)
READY = "cofre spare: ready"  # the comment that marks a finished spare


def target() -> int:
    return int(getattr(settings, "TENANT_SPARE_SCHEMAS", 0))


def _spares() -> list[tuple[str, bool]]:
    """Every schema named like a spare and whether it is marked READY (one catalog read)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT n.nspname, coalesce(d.description = %s, false) FROM pg_namespace n "
            "LEFT JOIN pg_description d ON d.objoid = n.oid AND d.classoid = 'pg_namespace'::regclass "
            "AND d.objsubid = 0 WHERE starts_with(n.nspname, %s) ORDER BY n.nspname",
            [READY, PREFIX],
        )
        return [(row[0], bool(row[1])) for row in cursor.fetchall()]


def spare_names() -> list[str]:
    """Every schema named like a spare, finished or not (a clone under way is invisible: uncommitted)."""
    return [name for name, _ in _spares()]


def ready_names() -> list[str]:
    """The finished spares (marked READY), the ones provisioning may claim."""
    return [name for name, ready in _spares() if ready]


def _lock(cursor: CursorWrapper, name: str) -> bool:
    cursor.execute("SELECT pg_try_advisory_xact_lock(%s, hashtext(%s))", [LOCK_CLASS, name])
    row = cursor.fetchone()
    return bool(row and row[0])


def claim(dest: str) -> str | None:
    """Rename a ready spare to `dest` in the caller's transaction: the spare's name, or None when none
    is ready."""
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        for name in ready_names():
            if not _lock(cursor, name):
                continue  # another provisioning is claiming it
            # Read again under the lock: a claim that committed meanwhile renamed it away.
            cursor.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s", [name])
            if cursor.fetchone() is None:
                continue
            cursor.execute(f"ALTER SCHEMA {quote(name)} RENAME TO {quote(dest)}")
            cursor.execute(f"COMMENT ON SCHEMA {quote(dest)} IS NULL")
            return name
    return None


def top_up(count: int | None = None) -> int:
    """Clone spares until `count` (TENANT_SPARE_SCHEMAS) are ready; how many were made. Drops the
    schemas named like spares that are not marked ready (half-made, never claimed)."""
    from tenants.template import clone_template

    wanted = target() if count is None else count
    quote = connection.ops.quote_name
    made = 0
    while True:
        with transaction.atomic():
            with connection.cursor() as cursor:
                # One top-up at a time (the clock and every provisioning send one): wait for the
                # other's current clone, then count again.
                cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [LOCK_CLASS, TOP_UP_KEY])
                found = _spares()
                for name, ready in found:
                    if not ready and _lock(cursor, name):  # half-made: never claimed, dropped
                        cursor.execute(f"DROP SCHEMA IF EXISTS {quote(name)} CASCADE")
            if sum(ready for _, ready in found) >= wanted:
                return made
            name = PREFIX + secrets.token_hex(6)
            if not clone_template(name, spares=False):
                return made  # no template to clone
            with connection.cursor() as cursor:
                cursor.execute(f"COMMENT ON SCHEMA {quote(name)} IS %s", [READY])
        made += 1


def drop_all() -> int:
    """Drop every spare not being claimed (a deploy's template sync: they predate its migrations)."""
    quote = connection.ops.quote_name
    dropped = 0
    for name in spare_names():
        with transaction.atomic(), connection.cursor() as cursor:
            if _lock(cursor, name):
                cursor.execute(f"DROP SCHEMA IF EXISTS {quote(name)} CASCADE")
                dropped += 1
    return dropped
