"""`migrate_schemas` for many tenants: only the schemas with something to apply, in bounded parallel.

django-tenants runs Django's `migrate` in every tenant schema, one after the other, even when there is
nothing to apply: each run loads the migration graph and renders the models' state, so a deploy with
no tenant migration costs a good fraction of a second per tenant (users report 12 minutes for 900).
This executor (settings.GET_EXECUTOR_FUNCTION) first reads every schema's `django_migrations` in a few
queries (batches of UNION ALL) and compares it with the migrations on disk; only the schemas missing
one are migrated, by django-tenants' multiprocessing executor with TENANT_MIGRATION_PARALLEL processes
(each with one database connection) when there are several. The public schema, a single schema
(`--schema`), and runs that name an app or a target migration, fake, plan, prune or check go through
django-tenants' standard executor unchanged.
"""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django_tenants.migration_executors import get_executor as tenants_get_executor
from django_tenants.migration_executors.base import MigrationExecutor
from django_tenants.migration_executors.multiproc import MultiprocessingExecutor
from django_tenants.migration_executors.standard import StandardExecutor

BATCH = 200  # schemas per catalog query


def expected_migrations() -> list[str]:
    """Every migration on disk, as `app.name` (what a migrated schema's django_migrations lists)."""
    loader = MigrationLoader(None, ignore_no_migrations=True)
    return sorted(f"{app}.{name}" for app, name in loader.graph.nodes)


def schemas_to_migrate(schemas: list[str]) -> list[str]:
    """The schemas whose django_migrations lacks a migration on disk (or that have no such table)."""
    expected = expected_migrations()
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT n.nspname FROM pg_namespace n JOIN pg_class c ON c.relnamespace = n.oid "
            "WHERE c.relname = 'django_migrations' AND n.nspname = ANY(%s)",
            [schemas],
        )
        with_table = {row[0] for row in cursor.fetchall()}
        complete: set[str] = set()
        ready = [s for s in schemas if s in with_table]
        for start in range(0, len(ready), BATCH):
            batch = ready[start : start + BATCH]
            # Schema names come from the tenants table and are quoted as identifiers.
            union = " UNION ALL ".join(
                f"SELECT %s, count(*) FROM {connection.ops.quote_name(schema)}.django_migrations "  # noqa: S608
                "WHERE app || '.' || name = ANY(%s)"
                for schema in batch
            )
            cursor.execute(union, [value for schema in batch for value in (schema, expected)])
            complete |= {schema for schema, count in cursor.fetchall() if count == len(expected)}
    return [s for s in schemas if s not in complete]


# django-tenants is untyped: its executor base class is Any to mypy.
class PendingOnlyExecutor(MigrationExecutor):  # type: ignore[misc]
    codename = "cofre"

    def _selective(self) -> bool:
        options = self.options
        return not (
            self.args
            or options.get("app_label")
            or options.get("migration_name")
            or any(options.get(flag) for flag in ("fake", "fake_initial", "plan", "prune", "check_unapplied"))
        )

    def run_migrations(self, tenants: Any = None) -> None:
        schemas = list(tenants or [])
        if self.PUBLIC_SCHEMA_NAME in schemas or len(schemas) <= 1 or not self._selective():
            StandardExecutor(self.args, self.options).run_migrations(schemas)
            return
        started = time.monotonic()
        pending = schemas_to_migrate(schemas)
        verbosity = int(self.options.get("verbosity", 1))
        if verbosity >= 1:
            self._say(
                f"{len(pending)} of {len(schemas)} tenant schemas have migrations to apply "
                f"(checked in {time.monotonic() - started:.2f} s)"
            )
        if not pending:
            return
        parallel = int(getattr(settings, "TENANT_MULTIPROCESSING_MAX_PROCESSES", 1))
        if parallel > 1 and len(pending) > 1:
            MultiprocessingExecutor(self.args, self.options).run_migrations(pending)
        else:
            StandardExecutor(self.args, self.options).run_migrations(pending)

    def run_multi_type_migrations(self, tenants: Any) -> None:  # pragma: no cover - no multi-type tenants
        StandardExecutor(self.args, self.options).run_multi_type_migrations(tenants)

    def _say(self, text: str) -> None:
        import sys

        sys.stdout.write(f"[{self.codename}] {text}\n")


def get_executor(codename: str | None = None) -> type[MigrationExecutor]:
    """settings.GET_EXECUTOR_FUNCTION: this executor by default; `--executor NAME` still picks
    one of django-tenants' own."""
    if codename in (None, PendingOnlyExecutor.codename):
        return PendingOnlyExecutor
    return tenants_get_executor(codename)  # type: ignore[no-any-return]
