"""Spare schemas: clones of the template made ahead of time, renamed to a new tenant's name.

Even a clone whose cost does not grow with the tenants (tenants.clone) creates ~200 relations, ~0.5 s
on this machine. `ALTER SCHEMA ... RENAME` changes one catalog row, whatever the schema holds, and
everything inside refers to everything else by OID (foreign keys, identity sequences, the trigger's
function), so a spare renamed is exactly a fresh clone under the new name. Provisioning claims a spare
when one is ready and clones only when none is (tenants.template.clone_template).

- Names: `cofre_spare_<hex>`; a tenant's schema is its slug (letters and digits, no underscore), so
  the two never meet. A spare has no tenant row and no domain: no request or job reaches it.
- Claiming: in the provisioning transaction, under a transaction-scoped advisory lock per spare; a
  provisioning that rolls back rolls the rename back and the spare is free again; two provisionings
  never get the same spare (the second waits for nothing: it skips a locked spare).
- Topping up: `top_up()` clones until `TENANT_SPARE_SCHEMAS` are ready, each in its own transaction;
  run by the worker (core.tasks.top_up_spare_schemas, sent by the clock's tick when the pool is low
  and after each provisioning).
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


def target() -> int:
    return int(getattr(settings, "TENANT_SPARE_SCHEMAS", 0))


def spare_names() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT nspname FROM pg_namespace WHERE starts_with(nspname, %s) ORDER BY nspname", [PREFIX]
        )
        return [row[0] for row in cursor.fetchall()]


def _lock(cursor: CursorWrapper, name: str) -> bool:
    cursor.execute("SELECT pg_try_advisory_xact_lock(%s, hashtext(%s))", [LOCK_CLASS, name])
    row = cursor.fetchone()
    return bool(row and row[0])


def claim(dest: str) -> bool:
    """Rename a ready spare to `dest` in the caller's transaction; False when none is ready."""
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        for name in spare_names():
            if not _lock(cursor, name):
                continue  # another provisioning is claiming it
            # Read again under the lock: a claim that committed meanwhile renamed it away.
            cursor.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s", [name])
            if cursor.fetchone() is None:
                continue
            cursor.execute(f"ALTER SCHEMA {quote(name)} RENAME TO {quote(dest)}")
            return True
    return False


def top_up(count: int | None = None) -> int:
    """Clone spares until `count` (TENANT_SPARE_SCHEMAS) are ready; how many were made."""
    from tenants.template import clone_template

    wanted = target() if count is None else count
    made = 0
    while True:
        with transaction.atomic():
            with connection.cursor() as cursor:
                # One top-up at a time (the clock and a provisioning may both send one).
                cursor.execute("SELECT pg_try_advisory_xact_lock(%s, 0)", [LOCK_CLASS])
                row = cursor.fetchone()
                if not (row and row[0]):
                    return made
            if len(spare_names()) >= wanted:
                return made
            if not clone_template(PREFIX + secrets.token_hex(6), spares=False):
                return made  # no template to clone
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
