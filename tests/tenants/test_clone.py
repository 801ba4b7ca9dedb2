"""Cloning the template (tenants.clone) and the spare schemas renamed at provisioning (tenants.spares).

A clone must be the template object for object (names included: migrations drop and rename them by
name) and must point at nothing of the template (a foreign key or an identity sequence left there would
tie two tenants' rows together).
"""

from __future__ import annotations

import re

import pytest
from django.db import DatabaseError, connection, transaction
from django.test import override_settings
from django_tenants.utils import schema_context, schema_exists

from core.models import HealthProbe
from tenants import clone, spares
from tenants.models import Tenant
from tenants.services import create_tenant
from tenants.template import sync_template, template_schema

pytestmark = pytest.mark.django_db


def rows(sql: str, params: list[str]) -> set[tuple[object, ...]]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return {tuple(row) for row in cursor.fetchall()}


def without_casts(definition: str) -> str:
    """An index's definition without casts and parentheses: PostgreSQL prints a partial index's
    `status::text = ANY (ARRAY['a'::varchar]::text[])` and parses it back with the cast moved into the
    array (the same index; pg_dump's output changes the same way)."""
    return re.sub(r"::[a-z ]+(\[\])?|[()]", "", definition)


def describe(schema: str) -> dict[str, set[tuple[object, ...]]]:
    """Every object of `schema`, printed with the schema alone on the search path (its own names
    unqualified, anything outside it qualified), so two schemas compare equal when they match."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT set_config('search_path', %s, true)", [connection.ops.quote_name(schema)])
    described: dict[str, set[tuple[object, ...]]] = {
        "columns": rows(
            "SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, "
            "a.attidentity, a.attgenerated, pg_get_expr(d.adbin, d.adrelid), a.attcollation "
            "FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid "
            "LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum "
            "WHERE c.relnamespace = %s::regnamespace AND c.relkind = 'r' AND a.attnum > 0 "
            "AND NOT a.attisdropped",
            [schema],
        ),
        "constraints": rows(
            "SELECT c.relname, k.conname, k.contype, pg_get_constraintdef(k.oid, true) "
            "FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid "
            "WHERE c.relnamespace = %s::regnamespace",
            [schema],
        ),
        "indexes": {
            (name, without_casts(str(definition)))
            for name, definition in rows(
                "SELECT i.relname, pg_get_indexdef(i.oid, 0, true) FROM pg_class i "
                "WHERE i.relnamespace = %s::regnamespace AND i.relkind = 'i'",
                [schema],
            )
        },
        "index_columns": rows(
            "SELECT i.relname, x.indkey::text, x.indclass::text, x.indisunique, x.indpred IS NULL "
            "FROM pg_class i JOIN pg_index x ON x.indexrelid = i.oid WHERE i.relnamespace = %s::regnamespace",
            [schema],
        ),
        "triggers": rows(
            "SELECT t.tgname, pg_get_triggerdef(t.oid, true) FROM pg_trigger t "
            "JOIN pg_class c ON c.oid = t.tgrelid "
            "WHERE c.relnamespace = %s::regnamespace AND NOT t.tgisinternal",
            [schema],
        ),
        "functions": rows(
            "SELECT proname, prosrc FROM pg_proc WHERE pronamespace = %s::regnamespace", [schema]
        ),
        "sequences": rows(
            "SELECT relname FROM pg_class WHERE relnamespace = %s::regnamespace AND relkind = 'S'", [schema]
        ),
        "migrations": rows(
            f"SELECT app, name FROM {connection.ops.quote_name(schema)}.django_migrations",  # noqa: S608
            [],
        ),
    }
    with connection.cursor() as cursor:
        cursor.execute("SELECT set_config('search_path', 'public', true)")
    connection.set_schema_to_public()  # type: ignore[attr-defined]
    return described


def reaches_into(schema: str, other: str) -> set[tuple[object, ...]]:
    """Foreign keys and identity sequences of `schema` that belong to `other`."""
    return rows(
        "SELECT k.conname FROM pg_constraint k JOIN pg_class r ON r.oid = k.confrelid "
        "WHERE k.connamespace = (SELECT oid FROM pg_namespace WHERE nspname = %s) "
        "AND r.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = %s) "
        "UNION ALL "
        "SELECT d.objid::regclass::text FROM pg_depend d JOIN pg_class s ON s.oid = d.objid "
        "JOIN pg_class t ON t.oid = d.refobjid WHERE d.deptype = 'i' AND s.relkind = 'S' "
        "AND t.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = %s) "
        "AND s.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = %s)",
        [schema, other, schema, other],
    )


def test_a_clone_is_the_template_object_for_object_and_points_at_nothing_of_it() -> None:
    template = template_schema()
    clone.clone(template, "clonecheck")
    copy, original = describe("clonecheck"), describe(template)
    assert original["columns"]
    assert original["triggers"]  # the audit trail's append-only rule is among what is compared
    for kind in original:
        assert copy[kind] == original[kind], kind
    assert reaches_into("clonecheck", template) == set()
    # The identity sequences are the clone's own: a row there does not move the template's.
    with connection.cursor() as cursor:
        cursor.execute("SELECT last_value FROM pg_sequences WHERE schemaname = %s", [template])
        before = sorted(row[0] for row in cursor.fetchall() if row[0] is not None)
    with schema_context("clonecheck"):
        HealthProbe.objects.create(token="clone-only")
    with connection.cursor() as cursor:
        cursor.execute("SELECT last_value FROM pg_sequences WHERE schemaname = %s", [template])
        assert sorted(row[0] for row in cursor.fetchall() if row[0] is not None) == before
    with schema_context(template):
        assert not HealthProbe.objects.filter(token="clone-only").exists()


def test_the_clone_refuses_what_it_cannot_copy_before_writing_anything() -> None:
    with connection.cursor() as cursor:
        cursor.execute("CREATE SCHEMA cloneview")
        cursor.execute("CREATE TABLE cloneview.t (id integer)")
        cursor.execute("CREATE VIEW cloneview.v AS SELECT id FROM cloneview.t")
    with pytest.raises(DatabaseError) as refused, transaction.atomic():
        clone.clone("cloneview", "cloneviewcopy")
    assert getattr(refused.value.__cause__, "sqlstate", None) == clone.UNSUPPORTED
    assert not schema_exists("cloneviewcopy")


@override_settings(TENANT_SPARE_SCHEMAS=2)
def test_provisioning_renames_a_spare_and_the_tenant_gets_the_template() -> None:
    assert spares.top_up() == 2
    ready = spares.spare_names()
    assert len(ready) == 2
    assert not Tenant.objects.filter(schema_name__in=ready).exists()  # no host or job reaches a spare

    first = create_tenant(slug="sparea", name="Spare A", kind="client")
    second = create_tenant(slug="spareb", name="Spare B", kind="client")
    assert spares.spare_names() == []  # each took one, a different one
    template = describe(template_schema())
    for tenant in (first, second):
        assert describe(tenant.schema_name) == template
        assert reaches_into(tenant.schema_name, template_schema()) == set()
    # Two tenants made from spares share nothing.
    with schema_context("sparea"):
        HealthProbe.objects.create(token="only-in-a")
    with schema_context("spareb"):
        assert not HealthProbe.objects.filter(token="only-in-a").exists()
    # With the pool empty, provisioning clones.
    third = create_tenant(slug="sparec", name="Spare C", kind="client")
    assert describe(third.schema_name) == template
    assert spares.top_up() == 2


@override_settings(TENANT_SPARE_SCHEMAS=1)
def test_a_provisioning_that_fails_leaves_the_spare_in_the_pool() -> None:
    spares.top_up()
    (spare,) = spares.spare_names()
    claimed: list[str] = []

    def provision_then_fail() -> None:
        with transaction.atomic():
            create_tenant(slug="sparefail", name="Fails", kind="client")
            claimed.extend(spares.spare_names())
            raise RuntimeError("the owner's membership failed")

    with pytest.raises(RuntimeError):
        provision_then_fail()
    assert claimed == []  # the spare was taken inside the transaction
    assert spares.spare_names() == [spare]
    assert not schema_exists("sparefail")


@override_settings(TENANT_SPARE_SCHEMAS=1)
def test_a_template_sync_drops_the_spares_made_before_it() -> None:
    spares.top_up()
    assert len(spares.spare_names()) == 1
    sync_template()
    assert spares.spare_names() == []


@override_settings(TENANT_SPARE_SCHEMAS=1)
def test_the_workers_top_up_fills_the_pool_once() -> None:
    from core.tasks import top_up_spare_schemas

    top_up_spare_schemas.fn()
    top_up_spare_schemas.fn()  # the pool is full: a second message adds nothing
    assert len(spares.spare_names()) == 1
