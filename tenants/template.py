"""A migrated template schema that new tenants are cloned from (fast provisioning).

Migrating a new schema costs more with every migration added; cloning a migrated template costs
about the same whatever the number of migrations (DESIGN.md: ~150 ms for 40 tables). django-tenants
does the cloning when TENANT_BASE_SCHEMA names an existing schema (TENANT_CREATION_FAKES_MIGRATIONS
then records the migrations as applied). The template must be migrated after every deploy's
migrations: `manage.py sync_tenant_template` (run by `make run` and by the test session).
"""

from __future__ import annotations

from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django_tenants.utils import schema_exists

from core.tenancy import tenant_connection


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
    return name
