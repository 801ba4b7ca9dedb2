"""A migrated template schema that new tenants are cloned from (fast provisioning).

Migrating a new schema costs more with every migration added; cloning a migrated template costs
about the same whatever the number of migrations (DESIGN.md: ~150 ms for 40 tables). django-tenants
does the cloning when TENANT_BASE_SCHEMA names an existing schema (TENANT_CREATION_FAKES_MIGRATIONS
then records the migrations as applied). The template must be migrated after every deploy's
migrations: `manage.py sync_tenant_template` (run by `make run` and by the test session).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django_tenants.clone import CloneSchema
from django_tenants.utils import schema_exists

from tenants.tenancy import tenant_connection


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
    return name


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
