"""Helpers of the tenant tests: a schema described object by object, to compare a clone with the
template."""

from __future__ import annotations

import re

from django.db import connection


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
