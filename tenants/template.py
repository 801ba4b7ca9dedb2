"""A migrated template schema that new tenants are cloned from (fast provisioning).

Migrating a new schema costs more with every migration added; cloning a migrated template costs
about the same whatever the number of migrations (DESIGN.md: ~150 ms for 40 tables). The template must
be migrated after every deploy's migrations: `manage.py sync_tenant_template` (run by `make run` and
by the test session).

A new tenant's schema is made by `clone_template` (Tenant.create_schema): Cofre's own
`cofre_clone_schema` (tenants.clone: its cost is the template's objects, not the catalog of every
tenant), and django-tenants' `clone_schema` only when the template holds something that function does
not copy. The clone carries the template's `django_migrations`; the migrations on disk that the
template lacks (a template not synced since the deploy) are then *applied* to the new schema, not
faked as django-tenants does (its `migrate_schemas --fake` per new schema cost 0.1-0.8 s and would
record as applied a migration whose tables the clone lacks).
"""

from __future__ import annotations

import functools
import logging
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.db import DatabaseError, connection, transaction
from django_tenants.clone import CloneSchema
from django_tenants.utils import schema_exists

from tenants import clone
from tenants.tenancy import tenant_connection

log = logging.getLogger(__name__)


def template_schema() -> str:
    return str(settings.TENANT_BASE_SCHEMA)


def sync_template(verbosity: int = 0) -> str:
    """Create the template schema if missing and apply every tenant migration to it."""
    name = template_schema()
    tenant_connection().set_schema_to_public()
    if not schema_exists(name):
        with connection.cursor() as cursor:
            cursor.execute(f'CREATE SCHEMA "{name}"')
    call_command("migrate_schemas", schema_name=name, interactive=False, verbosity=verbosity)
    tenant_connection().set_schema_to_public()
    install_clone_function()
    clone.install()
    from tenants import spares

    spares.drop_all()  # cloned before this sync's migrations: the next top-up clones new ones
    return name


@functools.cache
def _expected_migrations() -> frozenset[str]:
    """Every migration on disk as `app.name` (read once per process: the code does not change)."""
    from tenants.migration_executor import expected_migrations

    return frozenset(expected_migrations())


def _missing_migrations(schema: str) -> bool:
    expected = _expected_migrations()
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT count(*) FROM {connection.ops.quote_name(schema)}.django_migrations "  # noqa: S608
            "WHERE app || '.' || name = ANY(%s)",
            [list(expected)],
        )
        (count,) = cursor.fetchone()
    return int(count) != len(expected)


def clone_template(schema_name: str, verbosity: int = 0, *, spares: bool = True) -> bool:
    """Create `schema_name` as a clone of the template: a spare renamed when one is ready (`spares`),
    else a clone made now; False (nothing done) when there is no template.

    Runs in the caller's transaction (the tenant row's): a failure leaves no schema behind.
    """
    from tenants import spares as spare_schemas

    name = getattr(settings, "TENANT_BASE_SCHEMA", None)
    if not name or not schema_exists(name):
        return False
    tenant_connection().set_schema_to_public()
    if spares and spare_schemas.claim(schema_name):
        _complete(schema_name, verbosity)
        return True
    if not _clone_installed():
        with transaction.atomic():
            clone.install()
    try:
        with transaction.atomic():  # a savepoint: a refusal leaves the transaction usable
            clone.clone(name, schema_name)
    except DatabaseError as error:
        if getattr(getattr(error, "__cause__", None), "sqlstate", None) != clone.UNSUPPORTED:
            raise
        log.warning("cofre_clone_schema refused %s (%s); using django-tenants' clone_schema", name, error)
        CloneSchema().clone_schema(name, schema_name, "DATA")
    tenant_connection().set_schema_to_public()
    _complete(schema_name, verbosity)
    return True


def _complete(schema_name: str, verbosity: int) -> None:
    """Apply to a fresh clone the migrations on disk its template lacked (none after a template sync)."""
    if _missing_migrations(schema_name):
        call_command("migrate_schemas", schema_name=schema_name, interactive=False, verbosity=verbosity)
        tenant_connection().set_schema_to_public()


_clone_checked: set[str] = set()


def _clone_installed() -> bool:
    key = str(connection.settings_dict["NAME"])
    if key not in _clone_checked and clone.installed():
        _clone_checked.add(key)
    return key in _clone_checked


_installed: set[str] = set()
_original_install = CloneSchema._create_clone_schema_function


def install_clone_function() -> None:
    """(Re)install django-tenants' `clone_schema` SQL function: at every template sync (a deploy),
    so an upgraded django-tenants brings its own version."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(hashtext('cofre.clone_schema'))")
    _original_install(CloneSchema())


def install_clone_function_once() -> None:
    """Make provisioning install django-tenants' `clone_schema` SQL function only when the database
    lacks it, not at every provisioning.

    django-tenants runs `CREATE OR REPLACE FUNCTION clone_schema` (4,600 lines of PL/pgSQL) inside
    every provisioning transaction: each tenant pays for the parse and a fresh compilation of the
    function, and the lock it takes on the function until the commit makes provisionings queue behind
    each other (two first installs at once even fail on its types). Here a provisioning installs it
    only if it is missing, under an advisory lock; `sync_template` replaces it at every deploy.
    """

    def create_once(self: Any) -> None:
        key = str(connection.settings_dict["NAME"])
        if key in _installed:
            return
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext('cofre.clone_schema'))")
            cursor.execute("SELECT 1 FROM pg_proc WHERE proname = 'clone_schema'")
            present = cursor.fetchone() is not None
        if not present:
            _original_install(self)
        # Recorded at the commit: a rolled-back provisioning also rolls the function back.
        connection.on_commit(lambda: _installed.add(key))

    CloneSchema._create_clone_schema_function = create_once
