"""Benchmark: a thousand tenants (`make bench-tenants-1000`; BENCH_TENANTS to change the number).

In a database of its own (`cofre_bench_tenants` on the DATABASE_URL server or the embedded one; kept,
so a second run only adds what is missing; BENCH_RESET=1 starts again), prints:

1. provisioning: the time to create one more tenant once the thousand exist, with a spare schema ready
   (renamed: tenants/spares.py; the pool is topped up between two, untimed, as the worker does) and
   with none (a clone of the template made then: tenants/clone.py);
2. catalog: relations, catalog bytes and disk bytes each tenant schema adds;
3. `migrate_schemas --tenant` with nothing to apply: Cofre's executor (every schema checked, none
   migrated) in a fresh process, beside django-tenants' standard executor timed on a sample of schemas
   and extrapolated;
4. a migration that adds a column to every tenant (bench/tenantcolumn), applied by
   `migrate_schemas --tenant` with TENANT_MIGRATION_PARALLEL processes (default 2), then removed.
"""

from __future__ import annotations

import multiprocessing
import os
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import config.paths  # noqa: E402,F401
from config import embedded  # noqa: E402

DATABASE = "cofre_bench_tenants"
TENANTS = int(os.environ.get("BENCH_TENANTS", "1000"))
PARALLEL = os.environ.get("TENANT_MIGRATION_PARALLEL", "2")
BUILD_PARALLEL = int(os.environ.get("BENCH_BUILD_PARALLEL", "2"))


def bench_url() -> str:
    base = os.environ.get("DATABASE_URL") or embedded.postgres_url()
    return urlunsplit(urlsplit(base)._replace(path=f"/{DATABASE}"))


def ensure_database(url: str) -> None:
    import psycopg

    admin = urlunsplit(urlsplit(url)._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [DATABASE]).fetchone()
        if exists and os.environ.get("BENCH_RESET") == "1":
            conn.execute(f'DROP DATABASE "{DATABASE}" WITH (FORCE)')
            exists = None
        if not exists:
            conn.execute(f'CREATE DATABASE "{DATABASE}"')


URL = bench_url()
ensure_database(URL)
os.environ["DATABASE_URL"] = URL
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("LOG_LEVEL", "WARNING")
import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402

from tenants import spares  # noqa: E402
from tenants.models import Tenant  # noqa: E402
from tenants.services import create_tenant  # noqa: E402
from tenants.template import sync_template  # noqa: E402


def slug(n: int) -> str:
    return f"scale{n:05d}"


def manage(*args: str, **env: str) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, check=True, env={**os.environ, **env})
    return time.perf_counter() - started


def catalog_bytes() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c "
            "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'pg_catalog' AND c.relkind = 'r'"
        )
        return int(cursor.fetchone()[0])


def schema_footprint(schema: str) -> tuple[int, int]:
    """(relations, bytes on disk) of one schema."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*), coalesce(sum(pg_relation_size(c.oid)), 0) FROM pg_class c "
            "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = %s",
            [schema],
        )
        count, size = cursor.fetchone()
    return int(count), int(size)


def create_some(numbers: list[int]) -> list[float]:
    """Create the tenants numbered `numbers` (in a process of the build pool); their times in ms (each a
    clone made then: no spares while building)."""
    connection.close()  # a forked process opens its own connection
    settings.TENANT_SPARE_SCHEMAS = 0
    times = []
    for n in numbers:
        started = time.perf_counter()
        create_tenant(slug=slug(n), name=f"Scale {n}", kind="client")
        times.append((time.perf_counter() - started) * 1000)
    connection.close()
    return times


def provision() -> list[float]:
    """Create the missing tenants, BUILD_PARALLEL processes at a time (building a thousand is not
    what is measured; the provisioning figure is taken afterwards, one tenant at a time)."""
    existing = set(Tenant.objects.filter(slug__startswith="scale").values_list("slug", flat=True))
    missing = [n for n in range(TENANTS) if slug(n) not in existing]
    if not missing:
        return []
    chunks = [missing[i : i + 25] for i in range(0, len(missing), 25)]
    connection.close()
    times: list[float] = []
    with ProcessPoolExecutor(BUILD_PARALLEL, mp_context=multiprocessing.get_context("fork")) as pool:
        for done in pool.map(create_some, chunks):
            times.extend(done)
            if len(times) % 100 == 0 or len(times) == len(missing):
                print(f"  {len(existing) + len(times):,} tenants", flush=True)
    return times


def extra_tenants(count: int, *, spare: bool) -> tuple[list[float], list[float], int, tuple[int, int]]:
    """Create `count` more tenants at full size, each with a spare schema ready (`spare`; the pool is
    topped up before each, untimed) or with none: their times, the top-ups' times, the catalog bytes
    they added, and the footprint of one; then drop them."""
    spares.drop_all()
    before = catalog_bytes()
    times = []
    top_ups = []
    made = []
    for n in range(count):
        if spare:
            started = time.perf_counter()
            spares.top_up(1)
            top_ups.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        made.append(create_tenant(slug=f"extra{int(time.time())}{n}", name="Extra", kind="client"))
        times.append((time.perf_counter() - started) * 1000)
    added = catalog_bytes() - before
    footprint = schema_footprint(made[0].schema_name)
    for tenant in made:
        tenant.delete(force_drop=True)
    return times, top_ups, added, footprint


def standard_per_schema(sample: int = 20) -> float:
    """Seconds django-tenants' standard executor spends per schema with nothing to apply."""
    started = time.perf_counter()
    for n in range(sample):
        call_command("migrate_schemas", executor="standard", schema_name=slug(n), verbosity=0)
    return (time.perf_counter() - started) / sample


def remove_column(schemas: list[str]) -> None:
    with connection.cursor() as cursor:
        for schema in schemas:
            cursor.execute(f'ALTER TABLE "{schema}".payments_deposit DROP COLUMN IF EXISTS bench_note')
            cursor.execute(f"DELETE FROM \"{schema}\".django_migrations WHERE app = 'bench_tenantcolumn'")  # noqa: S608


def ms(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):.0f} ms, p95 {p95:.0f} ms, max {ordered[-1]:.0f} ms"


def main() -> None:
    print(
        f"Database {DATABASE}; {TENANTS:,} tenants; migrations in parallel: {PARALLEL}; "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start",
        flush=True,
    )
    call_command("migrate_schemas", shared=True, verbosity=0)
    sync_template()
    started = time.perf_counter()
    created = provision()
    total = Tenant.objects.exclude(schema_name="public").count()
    if created:
        print(
            f"\n1. Provisioning: {len(created):,} tenants built in {time.perf_counter() - started:.0f} s "
            f"({BUILD_PARALLEL} at a time: {ms(created)})"
        )
    spared, top_ups, _, _ = extra_tenants(20, spare=True)
    print(
        f"   At {total:,} tenants, 20 more, one at a time, a spare schema ready: {ms(spared)} (goal < 500 ms)"
    )
    print(f"   (each spare cloned beforehand, as the worker does: {ms(top_ups)})")
    extra, _, added, (relations, disk) = extra_tenants(20, spare=False)
    print(f"   At {total:,} tenants, 20 more, no spare (cloned then): {ms(extra)}")
    print(
        f"\n2. Catalog per tenant: {relations} relations (tables, indexes, sequences); "
        f"{added / 20 / 1024:.0f} kB of catalog (pg_catalog, measured over 20 new tenants); "
        f"{disk / 1024:.0f} kB of empty tables and indexes on disk"
    )
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_database_size(current_database())")
        print(f"   Database: {cursor.fetchone()[0] / 1024 / 1024:.0f} MB for {total:,} tenants")

    # Tenants built by an older checkout are brought up to date first (a real migration across them).
    current = manage("migrate_schemas", "--tenant", "-v", "0")
    print(f"\n   Every tenant brought up to date by migrate_schemas --tenant in {current:.1f} s")
    noop = manage("migrate_schemas", "--tenant", "-v", "1")
    per_schema = standard_per_schema()
    print(
        f"\n3. migrate_schemas --tenant, nothing to apply, {total:,} schemas: {noop:.1f} s (goal < 60 s, "
        f"whole process); django-tenants' standard executor: {per_schema * 1000:.0f} ms per schema "
        f"(20 timed) -> about {per_schema * total / 60:.1f} min for {total:,}"
    )

    schemas = list(Tenant.objects.exclude(schema_name="public").values_list("schema_name", flat=True))
    remove_column(schemas)
    applied = manage(
        "migrate_schemas", "--tenant", "-v", "0", COFRE_BENCH_COLUMN="1", TENANT_MIGRATION_PARALLEL=PARALLEL
    )
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM information_schema.columns WHERE column_name = 'bench_note' "
            "AND table_name = 'payments_deposit'"
        )
        (with_column,) = cursor.fetchone()
    print(
        f"\n4. A migration adding a column to every tenant: {applied:.0f} s for {total:,} schemas with "
        f"{PARALLEL} processes ({applied / total * 1000:.0f} ms per schema); {with_column:,} schemas have the column"
    )
    remove_column(schemas)
    print(
        f"\nLoad average {os.getloadavg()[0]:.1f} at the end (the machine is shared: other processes count)."
    )


if __name__ == "__main__":
    main()
