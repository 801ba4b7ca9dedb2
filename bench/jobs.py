"""Benchmark: one periodic tick over a tenant with 1,000,000 deposits (about 210,000 open), beside the
same tick over the demo tenant.

    make bench-jobs                 (BENCH_JOBS_ROWS=1000000 by default)

1. Generates BENCH_JOBS_ROWS deposits in the tenant `benchjobs` with bench/deposits.py's generator
   (inside PostgreSQL; skipped when already loaded): 21 % of them waiting or pending, spread over a
   year. Seeds the demo (acme) when absent.
2. Two states of the open deposits of `benchjobs`:
   - backlog: every open deposit due for a poll now (the first tick after the migration that added
     `next_poll_at`, or after the worker was down for a day): the worst case;
   - steady: each open deposit's next poll on its schedule (payments.polling), as the job leaves it.
3. For each state, and for acme, runs one tick of that tenant (every registered periodic job, what a
   worker runs for one tenant) in a fresh process, and prints the wall time, the rows the run read,
   the provider calls, and the process's RSS before the tick and at its peak.
Also prints what the job before this change read and asked per tick (every open deposit older than five
minutes). Uses DATABASE_URL / REDIS_URL or the embedded servers. Provider calls go to the sandbox bank,
in process (a query each): a real bank's latency would add to the wall time, not to the rows or memory.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ROWS = int(os.environ.get("BENCH_JOBS_ROWS", "1000000"))
SLUG = os.environ.get("BENCH_JOBS_TENANT", "benchjobs")
OPEN = "('waiting', 'pending')"


def tick(schema: str) -> None:
    """In a fresh process: one tick of every periodic job in `schema`; prints JSON figures."""
    import config.paths  # noqa: F401

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    import psutil  # type: ignore[import-untyped]
    from django_tenants.utils import schema_context

    from core.periodic import periodic_jobs
    from payments import services
    from payments.models import Deposit

    with schema_context("beta"):  # warm, as a worker that has run jobs: imports, plugins, connection
        services.deposit_jobs()
    with schema_context(schema):
        Deposit.objects.exists()
    process = psutil.Process()
    before = process.memory_info().rss
    peak = before
    done = threading.Event()

    def sample() -> None:  # the tick's own peak (ru_maxrss would report the process start's)
        nonlocal peak
        while not done.wait(0.005):
            peak = max(peak, process.memory_info().rss)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    started = time.perf_counter()
    with schema_context(schema):
        run = services.deposit_jobs()
        for job in periodic_jobs():
            if job.name != "deposits":
                job.actor.fn()
    wall = time.perf_counter() - started
    done.set()
    sampler.join()
    peak = max(peak, process.memory_info().rss)
    figures = {
        "wall_s": round(wall, 2),
        "touched": run.touched if run else None,
        "steps": run.steps if run else None,
        "calls": run.calls if run else None,
        "changed": run.changed if run else None,
        "rss_before_mb": round(before / 2**20, 1),
        "rss_peak_mb": round(peak / 2**20, 1),
    }
    print(json.dumps(figures))


def run_tick(schema: str) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, __file__, "--tick", schema],
        check=False,
        cwd=ROOT,
        env=os.environ,
        capture_output=True,
        text=True,
    )
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-3000:])
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def main() -> None:
    import random

    from django.core.management import call_command
    from django.db import connection

    from bench.deposits import ensure_tenant, load  # sets Django up (bench settings)
    from payments import polling
    from tenants.models import Tenant
    from tenants.template import sync_template

    call_command("migrate_schemas", shared=True, verbosity=0)
    call_command("migrate_schemas", tenant=True, verbosity=0)
    sync_template()
    if not Tenant.objects.filter(schema_name="acme").exists():
        call_command("seed_demo", "--money", verbosity=0)
    print(f"Loading {ROWS:,} deposits in {SLUG} (once)", flush=True)
    tenant = ensure_tenant(SLUG)
    load(tenant, ROWS, random.Random(20261123), {"document": [], "transaction": [], "id": []})
    schema = tenant.schema_name
    table = f'"{schema}".payments_deposit'
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*), count(*) FILTER (WHERE status IN {OPEN}) FROM {table}")  # noqa: S608
        total, open_rows = cursor.fetchone()
        cursor.execute(
            f"SELECT count(*) FROM {table} WHERE status IN {OPEN} AND created_at < now() - interval '5 minutes'"  # noqa: S608
        )
        (old_job_rows,) = cursor.fetchone()
    print(f"  {SLUG}: {total:,} deposits, {open_rows:,} open")
    print(
        f"\nBefore this change, every 10 s tick read all {old_job_rows:,} open deposits older than 5 minutes "
        f"into memory and asked the provider about each ({old_job_rows:,} calls a tick)."
    )

    schedule_sql = (
        # payments.polling.next_poll in SQL, for deposits with no due date nor expiry (the generator's):
        # 5 min, 15 min, 1 h, 6 h, then daily, none once 30 days old (MAX_POLL_AGE)
        f"UPDATE {table} SET next_poll_at = CASE "  # noqa: S608
        "WHEN now() - created_at >= %(max_age)s THEN NULL "
        "WHEN now() - created_at < interval '5 minutes' THEN created_at + interval '5 minutes' "
        "WHEN now() - created_at < interval '15 minutes' THEN created_at + interval '15 minutes' "
        "WHEN now() - created_at < interval '1 hour' THEN created_at + interval '1 hour' "
        "WHEN now() - created_at < interval '6 hours' THEN created_at + interval '6 hours' "
        "ELSE LEAST(created_at + %(max_age)s, created_at + interval '6 hours' + interval '1 day' * "
        "(floor(extract(epoch FROM now() - created_at - interval '6 hours') / 86400) + 1)) END "
        f"WHERE status IN {OPEN}"
    )
    states: dict[str, tuple[str, Any]] = {
        "backlog (every open deposit due now)": (
            f"UPDATE {table} SET next_poll_at = now() WHERE status IN {OPEN}",  # noqa: S608
            {},
        ),
        "steady (each on its schedule)": (schedule_sql, {"max_age": polling.MAX_POLL_AGE}),
    }
    print("\nOne tick of one tenant (every periodic job; a fresh process each):")
    print(f"{'tenant / state':<52} {'wall s':>7} {'rows':>6} {'calls':>6} {'RSS before':>11} {'RSS peak':>9}")
    for name, (sql, params) in states.items():
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            cursor.execute(f"VACUUM ANALYZE {table}")
        figures = run_tick(schema)
        print(
            f"{SLUG + ': ' + name:<52} {figures['wall_s']:>7} {figures['touched']:>6} {figures['calls']:>6} "
            f"{figures['rss_before_mb']:>8} MB {figures['rss_peak_mb']:>6} MB   steps {figures['steps']}"
        )
    figures = run_tick("acme")
    print(
        f"{'acme (the demo)':<52} {figures['wall_s']:>7} {figures['touched']:>6} {figures['calls']:>6} "
        f"{figures['rss_before_mb']:>8} MB {figures['rss_peak_mb']:>6} MB   steps {figures['steps']}"
    )


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--tick":
        os.environ["COFRE_BENCH"] = "1"
        tick(sys.argv[2])
    else:
        main()
