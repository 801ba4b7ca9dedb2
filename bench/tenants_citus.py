"""Cofre's tenant schemas on Citus schema-based sharding: what works and what Citus refuses, checked.

Not part of `make bench` (Citus is not in Debian's archive nor on PyPI: it has to be built from its
source, see ARCHITECTURE.md "Past one PostgreSQL"). Needs a Citus cluster (12.0 or later) and
`CITUS_URL`, the coordinator's URL of a database where `CREATE EXTENSION citus` was run on every
node and the workers added (`citus_set_coordinator_host`, `citus_add_node`), and
`citus.enable_unsafe_triggers = on` set on that database (the audit trail's append-only trigger). Run:

    CITUS_URL=postgresql://postgres@127.0.0.1:55432/cofre_citus .venv/bin/python bench/tenants_citus.py

It migrates the public schema, turns the four public tables the tenant schemas' foreign keys point
at into reference tables, syncs the template (a plain schema on the coordinator), seeds the demo once,
then prints one line per check: a clone made with `citus.enable_schema_based_sharding` on; a spare
cloned and distributed (`citus_schema_distribute`) in one transaction, then claimed by provisioning
(`ALTER SCHEMA ... RENAME`); a deposit in that tenant; the audit trail's trigger on the worker;
`migrate_schemas --tenant` with nothing to apply and with a column to add; and the DDL Citus refuses.
"""

# The SQL names only schemas this script made (uuid hex) and constants; the password is a bench owner's.
# ruff: noqa: S608, S105

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import config.paths  # noqa: E402,F401

if not os.environ.get("CITUS_URL"):
    raise SystemExit("CITUS_URL is not set (the coordinator's database; see this file's docstring)")
os.environ["DATABASE_URL"] = os.environ["CITUS_URL"]
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("LOG_LEVEL", "WARNING")
import django  # noqa: E402

django.setup()

from django.db import connection, transaction  # noqa: E402
from django.test.utils import override_settings  # noqa: E402
from django_tenants.utils import schema_context  # noqa: E402

REFERENCED = ("django_content_type", "auth_permission", "auth_group", "accounts_user")
PASSWORD = "Cofre-citus-2026!"


def check(label: str, run: Callable[[], Any]) -> Any:
    started = time.perf_counter()
    try:
        result = run()
    except Exception as exc:  # what Citus refuses is a result here
        print(
            f"- {label}: REFUSED ({(time.perf_counter() - started) * 1000:.0f} ms): {str(exc).splitlines()[0]}"
        )
        return None
    shown = "" if result is None else f": {result}"
    print(f"- {label}: ok ({(time.perf_counter() - started) * 1000:.0f} ms){shown}")
    return result


def one(sql: str, params: list[Any] | None = None) -> Any:
    """The first column of the first row (None for a command that returns no rows)."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params or [])
        row = cursor.fetchone() if cursor.description else None
    return row[0] if row else None


def manage(*args: str, **env: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env={**os.environ, **env},
        capture_output=True, check=True, text=True,
    )  # fmt: skip
    return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""


def placement(schema: str) -> str:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT nodename || ':' || nodeport, count(*) FROM citus_shards "
            "WHERE table_name::text LIKE %s GROUP BY 1",
            [f"{schema}.%"],
        )
        rows = cursor.fetchall()
    return ", ".join(f"{count} tables on {node}" for node, count in rows) or "no table distributed"


def prepare() -> None:
    print(one("SELECT citus_version()"))
    print(f"nodes: {one('SELECT string_agg(nodename || chr(58) || nodeport, chr(32)) FROM pg_dist_node')}")
    manage("migrate_schemas", "--shared", "-v", "0")
    for table in REFERENCED:
        # (Making the first one a reference table turns the tables linked to it by foreign keys into
        # Citus local tables: the next ones are converted again, to reference tables.)
        if not one(
            "SELECT 1 FROM citus_tables WHERE table_name = %s::regclass AND citus_table_type = 'reference'",
            [f"public.{table}"],
        ):
            one("SELECT create_reference_table(%s)", [f"public.{table}"])
    citus_tables = one(
        "SELECT count(*) FROM pg_dist_partition p JOIN pg_class c ON c.oid = p.logicalrelid "
        "WHERE c.relnamespace = 'public'::regnamespace"
    )
    public_tables = one(
        "SELECT count(*) FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'"
    )
    print(
        f"public: {len(REFERENCED)} reference tables; {citus_tables} of {public_tables} public tables are now "
        "Citus tables (the others linked to them by foreign keys become Citus-managed local tables)"
    )
    manage("sync_tenant_template", "-v", "0")
    from tenants.models import Tenant

    if not Tenant.objects.filter(slug="orbita").exists():
        from ops.demo import seed_demo

        seed_demo()  # plugins configured: a deposit can be made
    if not one("SELECT 1 FROM citus_schemas WHERE schema_name = 'orbita'::regnamespace"):
        check(
            "citus_schema_distribute of an existing tenant with its data (the demo's orbita)",
            lambda: one("SELECT citus_schema_distribute('orbita')") or placement("orbita"),
        )


def distributed_spare() -> str:
    """A spare as the worker would make it on Citus: cloned, distributed, marked, in one transaction."""
    from tenants import clone, spares
    from tenants.template import template_schema

    name = spares.PREFIX + uuid.uuid4().hex[:12]
    with transaction.atomic(), connection.cursor() as cursor:
        clone.clone(template_schema(), name)
        cursor.execute("SELECT citus_schema_distribute(%s)", [name])
        cursor.execute(f'COMMENT ON SCHEMA "{name}" IS %s', [spares.READY])
    return name


def deposit(slug: str) -> str:
    from accounts.models import Membership
    from ops.demo_money import PAYERS
    from payments import services as payments
    from payments.models import Deposit
    from tenants.models import Tenant

    tenant = Tenant.objects.get(slug=slug)
    with schema_context(slug):
        member = Membership.objects.select_related("tenant", "user").get(tenant=tenant, role="client")
        data = payments.DepositInput(method="pix", amount=12_345, currency="BRL", payer=PAYERS[0])
        payments.do_create_deposit(member, payments.check_deposit(member, data))
        return f"{Deposit.objects.count()} deposit in the tenant"


def refused_ddl(schema: str) -> None:
    check(
        "ADD COLUMN with an inline CHECK (what Django's AddField of a PositiveIntegerField sends)",
        lambda: one(
            f'ALTER TABLE "{schema}".payouts_refund ADD COLUMN bench_n integer DEFAULT 0 NOT NULL CHECK (bench_n >= 0)'
        ),
    )
    check(
        "one string of two DDL statements (Django's RunSQL with a script, e.g. audit 0002)",
        lambda: one(
            f'CREATE FUNCTION "{schema}".bench_f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$; '
            f'CREATE TRIGGER bench_t BEFORE DELETE ON "{schema}".core_healthprobe '
            f'FOR EACH ROW EXECUTE FUNCTION "{schema}".bench_f()'
        ),
    )


def main() -> None:
    from backoffice.services import do_provision_tenant
    from stats import rollups
    from tenants.models import Tenant
    from tenants.template import template_schema

    prepare()
    print("\nChecks:")
    local = "citlocal" + uuid.uuid4().hex[:6]
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL citus.enable_schema_based_sharding = on")
        cursor.execute("SELECT public.cofre_clone_schema(%s, %s)", [template_schema(), local])
    check(
        "cofre_clone_schema with citus.enable_schema_based_sharding on",
        lambda: (
            f"schema distributed: {bool(one('SELECT 1 FROM citus_schemas WHERE schema_name = %s::regnamespace', [local]))}; "
            f"{placement(local)} (Citus does not turn tables created inside a PL/pgSQL function into the schema's shard: they stay on the coordinator)"
        ),
    )
    spare = check("a spare cloned + citus_schema_distribute, one transaction", distributed_spare)
    slug = "cit" + uuid.uuid4().hex[:6]
    with override_settings(TENANT_SPARE_SCHEMAS=1):
        check(
            "provisioning claims it (ALTER SCHEMA ... RENAME, propagated)",
            lambda: (
                do_provision_tenant(
                    None,
                    slug=slug,
                    name=slug,
                    kind="client",
                    owner_email=f"owner@{slug}.test",
                    owner_password=PASSWORD,
                ).tenant.schema_name
            ),
        )
    print(
        f"  {slug}: {placement(slug)}; the spare {spare} is gone: {one('SELECT to_regnamespace(%s) IS NULL', [spare])}"
    )
    check(
        "a deposit (tenant schema on a worker; index, roll-ups, audit in public; one transaction)",
        lambda: deposit(slug),
    )
    check(
        "roll-ups (public) equal the recount (tenant schema)",
        lambda: (
            rollups.stored(Tenant.objects.get(slug=slug)) == rollups.recount(Tenant.objects.get(slug=slug))
        ),
    )
    check(
        "the audit trail's append-only trigger, on the worker (must refuse)",
        lambda: one(f'UPDATE "{slug}".audit_auditentry SET action = action'),
    )
    check(
        "migrate_schemas --tenant, nothing to apply", lambda: manage("migrate_schemas", "--tenant", "-v", "1")
    )
    check(
        "migrate_schemas --tenant adding a column (bench/tenantcolumn) to every tenant",
        lambda: (
            manage("migrate_schemas", "--tenant", "-v", "0", COFRE_BENCH_COLUMN="1")
            or f"{one('SELECT count(*) FROM information_schema.columns WHERE column_name = %s', ['bench_note'])} schemas have it"
        ),
    )
    for schema in Tenant.objects.exclude(schema_name="public").values_list("schema_name", flat=True):
        with connection.cursor() as cursor:
            cursor.execute(f'ALTER TABLE "{schema}".payments_deposit DROP COLUMN IF EXISTS bench_note')
            cursor.execute(f"DELETE FROM \"{schema}\".django_migrations WHERE app = 'bench_tenantcolumn'")
    refused_ddl(slug)
    check(
        "a join of two tenants' tables (Cofre makes none: cross-tenant reads use the public index)",
        lambda: one(
            f'SELECT count(*) FROM "{slug}".payments_deposit a JOIN orbita.payments_deposit b USING (amount)'
        ),
    )
    check(
        "a join of a tenant's table with a public one (Citus-managed local table)",
        lambda: one(
            f'SELECT count(*) FROM "{slug}".payments_deposit d '
            "JOIN public.gateway_transactionindex i ON i.public_id = d.public_id"
        ),
    )


if __name__ == "__main__":
    main()
