"""Benchmark: the admin's home and statistics across every client, beside a GROUP BY over the deposits.

    make bench-admin-home    (BENCH_PARTNER_ROWS=2000000 deposits among BENCH_PARTNER_CLIENTS=200
                              clients; BENCH_RUNS=200 requests per case; BENCH_SQL_RUNS=10 GROUP BY;
                              BENCH_KEEP_CLIENTS=1 as bench-partner)

1. Loads the clients of bench/partner_bench.py (`load_clients`: `benchptc` with its deposits in its
   schema, 199 schema-less clients with their index rows, roll-ups and balances; skipped when loaded)
   and a platform admin `bench-admin@cofre.test` with the demo authenticator (TOTP secret
   ops.demo.DEMO_TOTP_SECRET, the code computed as tests/support/second_factor.py does).
2. Starts gunicorn (one worker, one thread), logs the admin in on the platform's host in two steps
   (password: 202, then the TOTP code) and times BENCH_RUNS rounds of requests, each round making every
   case once in turn (the cases share the shared machine's load as it varies): the floor of any
   signed-in request (`GET /api/auth/me`), then each call the admin home screen (`admin/home`: frontend
   StatsDashboard) makes, with no `client=`: the clients list (`GET /api/tenants`), the summary of this
   month (`GET /api/stats/summary`, BRL) and its daily series (`GET /api/stats/series?interval=day`),
   and a round's three summed (one screen's load on one worker: goal p95 under 50 ms); the summary of
   last month and a 12-month series across every client, and both with `client=benchptc` (goal: every
   statistics call p95 under 20 ms).
3. Beside each statistics case, the same question answered the naive way, as SQL without HTTP: across
   every client, a GROUP BY over the platform's transaction index (public.gateway_transactionindex,
   every client's deposits in one table; the schema-less clients have no schema a UNION ALL of the
   clients' deposits tables could read); for `client=benchptc`, a GROUP BY over its own deposits table.
Every figure is in ms (p50 and p95); the machine's load average is printed before and after.
The schema-less clients are removed when the run ends (as bench-partner does).
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
from urllib.parse import urlencode

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
from django_tenants.utils import schema_context  # noqa: E402

from accounts import second_factor  # noqa: E402
from accounts.models import Membership, User  # noqa: E402
from accounts.roles import Role  # noqa: E402
from bench import deposits as bench  # noqa: E402
from bench import partner_bench  # noqa: E402
from core.dates import day_end, day_start  # noqa: E402
from gateway.models import TransactionIndex  # noqa: E402
from ops.demo import DEMO_TOTP_SECRET  # noqa: E402
from tenants.models import TenantKind  # noqa: E402
from tenants.services import ensure_platform  # noqa: E402
from tests.support.second_factor import totp_code  # noqa: E402

SQL_RUNS = int(os.environ.get("BENCH_SQL_RUNS", "10"))  # the GROUP BY across clients takes seconds a run
ADMIN = "bench-admin@cofre.test"
DAY = "(created_at AT TIME ZONE 'America/Sao_Paulo')::date"
MONTH = "date_trunc('month', created_at AT TIME ZONE 'America/Sao_Paulo')"
# Every client's deposits in the platform's transaction index (the admin's scope: every client).
ACROSS = (
    "FROM public.gateway_transactionindex WHERE kind = 'deposit' AND currency = 'BRL' "
    "AND tenant_id IN (SELECT id FROM public.tenants_tenant WHERE kind = 'client') "
    "AND created_at >= %s AND created_at < %s"
)


def months_back(today: date, n: int) -> date:
    first = today.replace(day=1)
    for _ in range(n):
        first = (first - timedelta(days=1)).replace(day=1)
    return first


def ensure_admin() -> str:
    """A platform admin (every client in scope) with the demo authenticator."""
    with schema_context("public"):
        platform = ensure_platform()
        user = User.objects.filter(email=ADMIN).first() or User.objects.create_user(ADMIN, bench.PASSWORD)
        Membership.objects.get_or_create(user=user, tenant=platform, defaults={"role": Role.ADMIN})
        second_factor.enrol_known_secret(user, DEMO_TOTP_SECRET)  # a no-op once enrolled
    return ADMIN


def login_admin(port: int) -> bench.Http:
    """The two-step staff login on the platform's host: the password (202: a code is needed), then
    the TOTP code."""
    client = bench.Http(port, settings.BASE_DOMAIN)
    for _ in range(100):
        try:
            client.request("GET", "/api/auth/csrf")
            break
        except OSError:
            time.sleep(0.2)
            client = bench.Http(port, settings.BASE_DOMAIN)
    status, body, _ = client.request("POST", "/api/auth/login", {"email": ADMIN, "password": bench.PASSWORD})
    if status != 202:
        raise RuntimeError(f"admin login: expected 202 (second factor), got {status} {body[:200]!r}")
    code = totp_code(ADMIN)  # forgets the step last used (a code is accepted once per 30 s)
    if code is None:
        raise RuntimeError("admin login: no authenticator")
    status, body, _ = client.request("POST", "/api/auth/second-factor", {"code": code})
    if status != 200:
        raise RuntimeError(f"admin second factor failed: {status} {body[:200]!r}")
    return client


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


def measure_rounds(client: bench.Http, calls: Sequence[tuple[str, dict[str, str]]]) -> list[list[float]]:
    """Each call's times over BENCH_RUNS rounds after 20 warm-up, every round making every call once in
    turn: the cases share the machine's load as it varies (it is shared), and a round's home calls are
    one screen's load."""
    times: list[list[float]] = [[] for _ in calls]
    for n in range(bench.RUNS + 20):
        for k, (path, params) in enumerate(calls):
            status, body, elapsed = client.request("GET", f"{path}?{urlencode(params)}")
            if status != 200:
                raise RuntimeError(f"{path} {params}: {status} {body[:300]!r}")
            if n >= 20:
                times[k].append(elapsed)
    return times


def load() -> str:
    """The machine's load average (it is shared: figures vary with it)."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} ({os.cpu_count()} cores)"


def main() -> None:
    print(f"Machine: {load()}")
    real, _fakes = partner_bench.load_clients(random.Random(20261127))
    ensure_admin()
    from config.embedded import free_port

    port = free_port()
    env = {**os.environ, "DATABASE_URL": settings.DATABASE_URL, "REDIS_URL": settings.REDIS_URL,
           "COFRE_BENCH": "1", "PORT": str(port), "REDIS_NAMESPACE": settings.REDIS_NAMESPACE}  # fmt: skip
    web = bench.start_web(env, port, 1, "bench-admin-home-web.log")
    today = timezone.localdate()
    this_month = today.replace(day=1)
    last_start, last_end = months_back(today, 1), this_month - timedelta(days=1)
    year_start = months_back(today, 11)
    try:
        admin = login_admin(port)
        with schema_context("public"):
            clients = (
                TransactionIndex.objects.filter(tenant__kind=TenantKind.CLIENT).values("tenant").distinct()
            )
            deposits = TransactionIndex.objects.filter(tenant__kind=TenantKind.CLIENT, kind="deposit").count()
            in_real = TransactionIndex.objects.filter(tenant=real, kind="deposit").count()
        print(
            f"\nThe admin's scope: {deposits:,} deposits among {clients.count()} clients with any "
            f"({in_real:,} in {real.slug}). {bench.RUNS} API requests per case after 20 warm-up, "
            f"{SQL_RUNS} GROUP BY after 2 (ms):"
        )
        home = {"currency": "BRL", "from": this_month.isoformat(), "to": today.isoformat()}
        month = {"currency": "BRL", "from": last_start.isoformat(), "to": last_end.isoformat()}
        year = {
            "currency": "BRL",
            "from": year_start.isoformat(),
            "to": today.isoformat(),
            "interval": "month",
        }
        schema = real.schema_name
        own = f"FROM \"{schema}\".payments_deposit WHERE currency = 'BRL' AND created_at >= %s AND created_at < %s"
        by_status = "SELECT status, count(*), sum(amount), sum(fee) {} GROUP BY status"
        by_day = f"SELECT {DAY} AS d, status, count(*), sum(amount), sum(fee) {{}} GROUP BY d, status"
        by_month = f"SELECT {MONTH} AS m, status, count(*), sum(amount), sum(fee) {{}} GROUP BY m, status"
        home_bounds = [day_start(this_month), day_end(today)]
        month_bounds = [day_start(last_start), day_end(last_end)]
        year_bounds = [day_start(year_start), day_end(today)]
        mine = {"client": real.slug}
        cases: tuple[tuple[str, str, dict[str, str], str | None, list[datetime | None]], ...] = (
            # the floor: a signed-in request that reads next to nothing (the session, the membership)
            ("floor: the session (/api/auth/me)", "/api/auth/me", {}, None, []),
            ("home: clients list (/api/tenants)", "/api/tenants", {}, None, []),
            ("home: summary, this month", "/api/stats/summary", home, by_status.format(ACROSS), home_bounds),
            ("home: series, this month by day", "/api/stats/series", home | {"interval": "day"},
             by_day.format(ACROSS), home_bounds),
            ("all clients: summary of last month", "/api/stats/summary", month, by_status.format(ACROSS),
             month_bounds),
            ("all clients: 12-month series", "/api/stats/series", year, by_month.format(ACROSS), year_bounds),
            (f"client={real.slug}: summary of last month", "/api/stats/summary", month | mine,
             by_status.format(own), month_bounds),
            (f"client={real.slug}: 12-month series", "/api/stats/series", year | mine, by_month.format(own),
             year_bounds),
        )  # fmt: skip
        times = measure_rounds(admin, [(path, params) for _, path, params, _, _ in cases])
        print(f"{'case':<42} {'API p50':>8} {'API p95':>8} {'GROUP BY p50':>13} {'GROUP BY p95':>13}")
        for (name, _, _, sql, bounds), runs in zip(cases, times, strict=True):
            naive = "" if sql is None else "{:13.2f} {:13.2f}".format(*time_sql(sql, bounds))
            print(
                f"{name:<42} {statistics.median(runs):8.2f} {bench.percentile(runs, 95):8.2f} {naive}",
                flush=True,
            )
        home_calls = [times[1], times[2], times[3]]  # the clients list, the summary, the series
        screen = [sum(call) for call in zip(*home_calls, strict=True)]
        print(
            f"{'admin home: the 3 calls of a round, summed':<42} {statistics.median(screen):8.2f} "
            f"{bench.percentile(screen, 95):8.2f}   (goal: p95 < 50)"
        )
    finally:
        web.terminate()
        try:
            web.wait(timeout=20)
        except subprocess.TimeoutExpired:
            web.kill()
            web.wait()
        if not partner_bench.KEEP:
            partner_bench.drop_fakes()
    print(f"\nMachine: {load()}")


if __name__ == "__main__":
    main()
