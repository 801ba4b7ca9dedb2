"""Cloning the template schema in time that does not grow with the number of tenants.

django-tenants' `clone_schema` (4,600 lines of PL/pgSQL) asks `information_schema` about every table,
column, sequence and grant of the template, one question at a time. Those views read the catalog of
the whole database (every schema's tables, with a privilege check per row), so each question costs
more with every tenant: 0.6 s at 100 tenants, about 5 s at 1,000.

`cofre_clone_schema(source, dest)` copies the template with a few dozen statements that each look the
template's objects up by OID (indexed), so its cost is the number of objects in the template, not the
size of the catalog:

- tables: `CREATE TABLE dest.t (LIKE source.t INCLUDING DEFAULTS, IDENTITY, GENERATED, STORAGE,
  COMPRESSION, COMMENTS)`: columns, types, collations, NOT NULL, defaults; identity columns get
  sequences of their own in `dest`, set to the template's values;
- the template's rows (its `django_migrations`), copied with the columns that are not generated;
- constraints (primary keys, unique, exclusion, checks, then foreign keys) and indexes with their own
  names (migrations drop and rename them by name), from `pg_get_constraintdef`, printed while the
  search path is the template alone: the template's own tables come out unqualified and are created
  under a search path of `dest` alone, so they resolve to the new schema; anything outside
  (public.django_content_type) comes out qualified and stays where it is. `pg_get_indexdef` and
  `pg_get_triggerdef` always qualify their table: that one ` ON source.` becomes ` ON dest.`. (Not the
  "pretty" forms: they print expressions that parse back different, e.g. a partial index's casts.)
- functions (`cofre_refuse_change`) and triggers (the audit trail's append-only rule).

What it does not know how to copy (views, partitioned tables, free-standing sequences, defaults
reading a sequence, enum or domain types, row-level policies, rules, extended statistics, functions
naming the template) makes it refuse with SQLSTATE `CF001` before anything is written; the caller then
falls back to django-tenants' `clone_schema` (tenants.template.clone_template). tests/tenants compares
a clone with the template, object by object.
"""

from __future__ import annotations

from django.db import connection

UNSUPPORTED = "CF001"

FUNCTION_SQL = r"""
CREATE OR REPLACE FUNCTION public.cofre_clone_schema(source text, dest text) RETURNS integer
LANGUAGE plpgsql AS $fn$
DECLARE
    src oid;
    old_path text := current_setting('search_path');
    q_src text := quote_ident(source);
    q_dest text := quote_ident(dest);
    tables text[];
    functions text[];
    constraints text[];
    foreign_keys text[];
    indexes text[];
    triggers text[];
    identities text[][];
    statement text;
    tbl text;
    columns text;
    i integer;
    seq_value bigint;
    seq_called boolean;
    marker text := ' ON ' || quote_ident(source) || '.';
    at integer;
BEGIN
    SELECT oid INTO src FROM pg_namespace WHERE nspname = source;
    IF src IS NULL THEN
        RAISE EXCEPTION 'cofre_clone_schema: no schema %', source USING ERRCODE = 'invalid_schema_name';
    END IF;

    -- Refuse what is not copied below (the caller falls back to django-tenants' clone_schema).
    IF EXISTS (SELECT 1 FROM pg_class WHERE relnamespace = src AND relkind NOT IN ('r', 'i', 'S'))
       OR EXISTS (SELECT 1 FROM pg_class s WHERE s.relnamespace = src AND s.relkind = 'S'
                  AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
                                  AND d.objid = s.oid AND d.deptype = 'i'))
       OR EXISTS (SELECT 1 FROM pg_attrdef ad JOIN pg_class c ON c.oid = ad.adrelid
                  WHERE c.relnamespace = src AND pg_get_expr(ad.adbin, ad.adrelid) LIKE '%nextval(%')
       OR EXISTS (SELECT 1 FROM pg_type WHERE typnamespace = src AND typtype IN ('e', 'd', 'r', 'm', 'b')
                  AND typelem = 0)
       OR EXISTS (SELECT 1 FROM pg_policy p JOIN pg_class c ON c.oid = p.polrelid WHERE c.relnamespace = src)
       OR EXISTS (SELECT 1 FROM pg_rewrite r JOIN pg_class c ON c.oid = r.ev_class WHERE c.relnamespace = src)
       OR EXISTS (SELECT 1 FROM pg_statistic_ext WHERE stxnamespace = src)
       OR EXISTS (SELECT 1 FROM pg_proc WHERE pronamespace = src
                  AND (prokind <> 'f' OR position(source IN prosrc) > 0))
       OR EXISTS (SELECT 1 FROM pg_class WHERE relnamespace = src AND relkind = 'r'
                  AND (relrowsecurity OR reloptions IS NOT NULL))
    THEN
        RAISE EXCEPTION 'cofre_clone_schema: % holds objects this function does not copy', source
            USING ERRCODE = 'CF001';
    END IF;

    -- Definitions printed with the template alone on the search path: its own objects unqualified.
    PERFORM set_config('search_path', q_src, true);

    SELECT coalesce(array_agg(c.relname::text ORDER BY c.oid), '{}') INTO tables
      FROM pg_class c WHERE c.relnamespace = src AND c.relkind = 'r';

    SELECT coalesce(array_agg(pg_get_functiondef(p.oid) ORDER BY p.oid), '{}') INTO functions
      FROM pg_proc p WHERE p.pronamespace = src;

    SELECT coalesce(array_agg(format('ALTER TABLE %I ADD CONSTRAINT %I %s', c.relname, k.conname,
                                     pg_get_constraintdef(k.oid)) ORDER BY k.oid), '{}')
      INTO constraints
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
     WHERE c.relnamespace = src AND k.contype IN ('p', 'u', 'x', 'c');

    SELECT coalesce(array_agg(format('ALTER TABLE %I ADD CONSTRAINT %I %s', c.relname, k.conname,
                                     pg_get_constraintdef(k.oid)) ORDER BY k.oid), '{}')
      INTO foreign_keys
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
     WHERE c.relnamespace = src AND k.contype = 'f';

    SELECT coalesce(array_agg(pg_get_indexdef(i.indexrelid) ORDER BY i.indexrelid), '{}')
      INTO indexes
      FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
     WHERE c.relnamespace = src
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid
                       AND k.conrelid = i.indrelid AND k.contype IN ('p', 'u', 'x'));

    SELECT coalesce(array_agg(pg_get_triggerdef(t.oid) ORDER BY t.oid), '{}') INTO triggers
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE c.relnamespace = src AND NOT t.tgisinternal;

    SELECT coalesce(array_agg(ARRAY[c.relname::text, a.attname::text] ORDER BY c.oid, a.attnum), '{}')
      INTO identities
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
     WHERE c.relnamespace = src AND c.relkind = 'r' AND a.attidentity <> '' AND NOT a.attisdropped;

    -- Everything below is created in dest, named as in the template.
    EXECUTE format('CREATE SCHEMA %I', dest);
    PERFORM set_config('search_path', q_dest, true);

    FOREACH statement IN ARRAY functions LOOP
        IF position('CREATE OR REPLACE FUNCTION ' || q_src || '.' IN statement) <> 1 THEN
            RAISE EXCEPTION 'cofre_clone_schema: unexpected function definition' USING ERRCODE = 'CF001';
        END IF;
        EXECUTE 'CREATE FUNCTION ' || q_dest || '.'
            || substr(statement, length('CREATE OR REPLACE FUNCTION ' || q_src || '.') + 1);
    END LOOP;

    FOREACH tbl IN ARRAY tables LOOP
        EXECUTE format(
            'CREATE %sTABLE %I.%I (LIKE %I.%I INCLUDING DEFAULTS INCLUDING IDENTITY INCLUDING GENERATED '
            'INCLUDING STORAGE INCLUDING COMPRESSION INCLUDING COMMENTS)',
            CASE WHEN (SELECT relpersistence FROM pg_class WHERE relnamespace = src AND relname = tbl) = 'u'
                 THEN 'UNLOGGED ' ELSE '' END,
            dest, tbl, source, tbl);
        SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) INTO columns
          FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
         WHERE c.relnamespace = src AND c.relname = tbl AND a.attnum > 0 AND NOT a.attisdropped
           AND a.attgenerated = '';
        EXECUTE format('INSERT INTO %I.%I (%s) OVERRIDING SYSTEM VALUE SELECT %s FROM %I.%I',
                       dest, tbl, columns, columns, source, tbl);
    END LOOP;

    FOR i IN 1 .. coalesce(array_length(identities, 1), 0) LOOP
        EXECUTE format('SELECT last_value, is_called FROM %s',
                       pg_get_serial_sequence(format('%I.%I', source, identities[i][1]), identities[i][2]))
           INTO seq_value, seq_called;
        PERFORM setval(pg_get_serial_sequence(format('%I.%I', dest, identities[i][1]), identities[i][2]),
                       seq_value, seq_called);
    END LOOP;

    FOREACH statement IN ARRAY constraints LOOP EXECUTE statement; END LOOP;
    FOREACH statement IN ARRAY foreign_keys LOOP EXECUTE statement; END LOOP;
    -- Index and trigger definitions always name their table with its schema: the first " ON source."
    -- becomes " ON dest.".
    FOREACH statement IN ARRAY indexes || triggers LOOP
        at := position(marker IN statement);
        IF at = 0 THEN
            RAISE EXCEPTION 'cofre_clone_schema: unexpected definition %', statement USING ERRCODE = 'CF001';
        END IF;
        EXECUTE overlay(statement PLACING ' ON ' || q_dest || '.' FROM at FOR length(marker));
    END LOOP;

    PERFORM set_config('search_path', old_path, true);
    RETURN coalesce(array_length(tables, 1), 0);
END;
$fn$;
"""


def install() -> None:
    """(Re)install `public.cofre_clone_schema` (at every template sync, i.e. every deploy)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(hashtext('cofre.cofre_clone_schema'))")
        cursor.execute(FUNCTION_SQL)


def installed() -> bool:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT 1 FROM pg_proc WHERE proname = 'cofre_clone_schema' "
            "AND pronamespace = 'public'::regnamespace"
        )
        return cursor.fetchone() is not None


def clone(source: str, dest: str) -> int:
    """Create schema `dest` as a copy of `source` (tables, rows, constraints, indexes, functions,
    triggers); the number of tables copied. Raises django.db.Error (SQLSTATE CF001) when `source`
    holds what the function does not copy, before anything is written."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT public.cofre_clone_schema(%s, %s)", [source, dest])
        (tables,) = cursor.fetchone()
    return int(tables)
