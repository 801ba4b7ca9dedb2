"""Benchmark: statistics from the roll-ups beside a GROUP BY over the deposits, and what the roll-ups
cost a transition.

    make bench-stats    (BENCH_ROWS=1000000 deposits in `benchco` by default; BENCH_RUNS=200 requests
                         per case; BENCH_TRANSITIONS=300 transitions per side)

1. Loads BENCH_ROWS deposits into `benchco` with bench/deposits.py's in-PostgreSQL generator (skipped
   when already loaded), then rebuilds its roll-ups from the rows (`stats.rollups.rebuild`, timed).
2. Starts gunicorn (one worker, one thread), logs in as a `benchco` client and times BENCH_RUNS
   requests of: the summary of last month (`GET /api/stats/summary`) and a 12-month series
   (`GET /api/stats/series?interval=month`); beside them, the same questions answered by a GROUP BY
   over the deposits in SQL (no HTTP: the naive query's own time; BENCH_SQL_RUNS=20 runs after 2
   warm-up, since each takes up to seconds). Prints p50 and p95 in ms.
3. Times BENCH_TRANSITIONS deposit transitions (waiting -> canceled, each its own transaction, through
   `payments.services.transition_deposit`) with the roll-ups, and as many with the roll-up writes
   switched off in this process, alternating, and prints both medians and the difference.
Uses DATABASE_URL / REDIS_URL or the embedded servers.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from datetime import date, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import config.paths  # noqa: E402,F401

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["COFRE_BENCH"] = "1"
import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.utils import timezone  # noqa: E402
from django_tenants.utils import schema_context, tenant_context  # noqa: E402

from bench import deposits as bench  # noqa: E402
from core.dates import day_end, day_start  # noqa: E402
from payments import services as payments  # noqa: E402
from payments.models import Deposit, DepositStatus  # noqa: E402
from stats import rollups  # noqa: E402
from tenants.models import Tenant  # noqa: E402
from tenants.template import sync_template  # noqa: E402

MONTH = "date_trunc('month', created_at AT TIME ZONE 'America/Sao_Paulo')"
SQL_RUNS = int(os.environ.get("BENCH_SQL_RUNS", "20"))  # the GROUP BY takes seconds a run at 1,000,000 rows
TRANSITIONS = int(os.environ.get("BENCH_TRANSITIONS", "300"))


def months_back(today: date, n: int) -> date:
    first = today.replace(day=1)
    for _ in range(n):
        first = (first - timedelta(days=1)).replace(day=1)
    return first


def time_sql(sql: str, params: Sequence[datetime | None]) -> tuple[float, float]:
    times = []
    with connection.cursor() as cursor:
        for n in range(SQL_RUNS + 2):
            started = time.perf_counter()
            cursor.execute(sql, params)
            cursor.fetchall()
            if n >= 2:
                times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), bench.percentile(times, 95)


def transition_cost(tenant: Tenant) -> None:
    """Median ms of a waiting -> canceled transition with and without the roll-up writes."""
    with tenant_context(tenant):
        ids = list(
            Deposit.objects.filter(status=DepositStatus.WAITING)
            .order_by("-id")
            .values_list("pk", flat=True)[: 2 * TRANSITIONS]
        )
        if len(ids) < 2 * TRANSITIONS:
            print(f"  only {len(ids)} waiting deposits: transition cost skipped")
            return
        on_change = rollups.count_change
        times: dict[str, list[float]] = {"with roll-ups": [], "without": []}
        for n, pk in enumerate(ids):
            side = "with roll-ups" if n % 2 == 0 else "without"
            if side == "without":
                rollups.count_change = lambda *_: None
            deposit = Deposit.objects.get(pk=pk)
            started = time.perf_counter()
            payments.transition_deposit(deposit, DepositStatus.CANCELED, source="job", note="bench")
            times[side].append((time.perf_counter() - started) * 1000)
            rollups.count_change = on_change
    with_p50, without_p50 = statistics.median(times["with roll-ups"]), statistics.median(times["without"])
    print(
        f"\nTransition waiting -> canceled, {TRANSITIONS} each, alternating (ms): with roll-ups p50 "
        f"{with_p50:.2f} p95 {bench.percentile(times['with roll-ups'], 95):.2f}; without p50 {without_p50:.2f} "
        f"p95 {bench.percentile(times['without'], 95):.2f}; difference p50 {with_p50 - without_p50:+.2f}"
    )
    rollups.rebuild(tenant)  # the transitions made "without" were not counted: recount


def main() -> None:
    from django.core.management import call_command

    rng = random.Random(20261122)
    call_command("migrate_schemas", shared=True, verbosity=0)
    call_command("migrate_schemas", tenant=True, verbosity=0)
    sync_template()
    print(f"Loading data ({bench.ROWS:,} deposits in benchco)")
    tenant = bench.ensure_tenant("benchco")
    bench.load(tenant, bench.ROWS, rng, {"document": [], "transaction": [], "id": []})
    with schema_context(tenant.schema_name):
        rows = Deposit.objects.count()
    started = time.perf_counter()
    written = rollups.rebuild(tenant)
    print(
        f"  roll-ups rebuilt from {rows:,} deposits in {time.perf_counter() - started:.1f} s ({written:,} rows)"
    )
    email = bench.ensure_user(tenant)

    from config.embedded import free_port

    port = free_port()
    env = {**os.environ, "DATABASE_URL": settings.DATABASE_URL, "REDIS_URL": settings.REDIS_URL,
           "COFRE_BENCH": "1", "PORT": str(port), "REDIS_NAMESPACE": settings.REDIS_NAMESPACE}  # fmt: skip
    log = (ROOT / ".data" / "bench-stats-web.log").open("wb")
    web = subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), "config.wsgi:application", "--bind", f"127.0.0.1:{port}",
         "--workers", "1", "--threads", "1"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    today = timezone.localdate()
    month_start = months_back(today, 1)
    month_end = today.replace(day=1) - timedelta(days=1)
    year_start = months_back(today, 11)
    try:
        client = bench.Http(port, f"benchco.{settings.BASE_DOMAIN}")
        for _ in range(100):
            try:
                client.request("GET", "/api/auth/csrf")
                break
            except OSError:
                time.sleep(0.2)
                client = bench.Http(port, f"benchco.{settings.BASE_DOMAIN}")
        status, body, _ = client.request(
            "POST", "/api/auth/login", {"email": email, "password": bench.PASSWORD}
        )
        if status != 200:
            raise RuntimeError(f"login failed: {status} {body[:200]!r}")
        month = {"currency": "BRL", "from": month_start.isoformat(), "to": month_end.isoformat()}
        year = {
            "currency": "BRL",
            "from": year_start.isoformat(),
            "to": today.isoformat(),
            "interval": "month",
        }
        schema = tenant.schema_name
        group_month = (
            f'SELECT status, count(*), sum(amount), sum(fee) FROM "{schema}".payments_deposit '  # noqa: S608
            "WHERE currency = 'BRL' AND created_at >= %s AND created_at < %s GROUP BY status"
        )
        group_year = (
            f'SELECT {MONTH} AS m, status, count(*), sum(amount), sum(fee) FROM "{schema}".payments_deposit '  # noqa: S608
            "WHERE currency = 'BRL' AND created_at >= %s AND created_at < %s GROUP BY m, status"
        )
        print(
            f"\n{bench.RUNS} API requests per case after 20 warm-up, {SQL_RUNS} GROUP BY after 2 (ms), "
            f"{rows:,} deposits in benchco:"
        )
        print(f"{'case':<34} {'API p50':>8} {'API p95':>8} {'GROUP BY p50':>13} {'GROUP BY p95':>13}")
        for name, path, params, sql, bounds in (
            ("summary of last month", "/api/stats/summary", month, group_month,
             [day_start(month_start), day_end(month_end)]),
            ("12-month series", "/api/stats/series", year, group_year, [day_start(year_start), day_end(today)]),
        ):  # fmt: skip
            api_p50, api_p95 = bench.measure(client, path, [params])
            sql_p50, sql_p95 = time_sql(sql, bounds)
            print(f"{name:<34} {api_p50:8.2f} {api_p95:8.2f} {sql_p50:13.2f} {sql_p95:13.2f}")
    finally:
        web.terminate()
        web.wait(timeout=20)
        log.close()
    transition_cost(tenant)


if __name__ == "__main__":
    main()
