"""Benchmark: one client's statement at 1,000,000 postings, through the HTTP API.

    make bench-statements    (BENCH_STATEMENT_ROWS=1000000 postings by default; BENCH_RUNS=200
                              requests per case)

1. Gives the client `benchstmt<rows>` BENCH_STATEMENT_ROWS postings on its available BRL account (and as
   many on a platform clearing account, the other side of each entry), spread over two years, with
   their running balances, generated inside PostgreSQL (skipped when already there).
2. Starts gunicorn (one worker, one thread), logs in as a platform admin and times pages of 50 of
   `GET /api/statements`: a recent day, a month, the whole two years, a page deep in the period (its
   cursor found first), a period before any posting. Prints p50 and p95 in ms (goal: under 20 ms),
   beside the same page read by the service in-process and PostgreSQL's own execution time of its
   statements (EXPLAIN ANALYZE), and the machine's load average (it is shared).
Uses DATABASE_URL / REDIS_URL or the embedded servers.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from datetime import date, timedelta
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
from django.db import connection, transaction  # noqa: E402
from django.utils import timezone  # noqa: E402
from django_tenants.utils import schema_context  # noqa: E402

from accounts.models import Membership, User  # noqa: E402
from bench import deposits as bench  # noqa: E402
from core.dates import day_end, day_start  # noqa: E402
from ledger import services as ledger  # noqa: E402
from ledger.models import AccountKind, LedgerAccount, Posting  # noqa: E402
from statements import services as statements  # noqa: E402
from tenants.services import ensure_platform  # noqa: E402
from tenants.template import sync_template  # noqa: E402

ROWS = int(os.environ.get("BENCH_STATEMENT_ROWS", "1000000"))
ADMIN = "bench-admin@platform.test"

# Entry i: a credit of 1,000 + i % 9,000 centavos to the client (3 in 4), else a debit of 500. The
# running balance of the client's available account (credit-normal: stored negative) is a window sum.
LOAD = """
WITH series AS (
    SELECT i, %(start)s::timestamptz + (i * %(step)s) * interval '1 second' AS at,
           CASE WHEN i %% 4 = 3 THEN 500 ELSE -(1000 + i %% 9000) END AS amount,
           (ARRAY['deposit_confirmed','deposit_settled','payout_reserved','refund_confirmed'])[1 + i %% 4] AS kind
    FROM generate_series(1, %(rows)s) AS i
), entries AS (
    INSERT INTO ledger_journalentry (id, idempotency_key, kind, tenant_id, reference, memo, created_at)
    SELECT %(base)s + i, 'bench-stmt:' || %(rows)s || ':' || i, kind, %(tenant)s, 'dep_bench' || lpad(i::text, 14, '0'), '', at
    FROM series
)
INSERT INTO ledger_posting (entry_id, account_id, amount, currency, posted_at, balance_after)
SELECT %(base)s + i, %(client)s, amount, 'BRL', at, SUM(amount) OVER (ORDER BY i) FROM series
UNION ALL
SELECT %(base)s + i, %(other)s, -amount, 'BRL', at, -SUM(amount) OVER (ORDER BY i) FROM series
"""


def load() -> tuple[int, str]:
    tenant = bench.ensure_tenant(f"benchstmt{ROWS}")  # one client per size: postings are never deleted
    with schema_context("public"):
        client = ledger.tenant_account(tenant, AccountKind.AVAILABLE, "BRL")
        other = ledger.platform_account(AccountKind.PROVIDER_CLEARING, "BRL", provider="bench_statements")
        have = Posting.objects.filter(account=client).count()
        if have >= ROWS:
            print(f"  {have:,} postings already on {client.code}")
            return client.pk, client.code
        if have:
            raise SystemExit(
                f"{client.code} has {have:,} postings, fewer than {ROWS:,}: drop .data or raise BENCH_STATEMENT_ROWS"
            )
        start = timezone.now() - timedelta(days=730)
        step = (730 * 86400 - 3600) / ROWS
        started = time.perf_counter()
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SELECT nextval('ledger_journalentry_id_seq')")
            base = cursor.fetchone()[0]
            cursor.execute(
                LOAD, {"start": start, "step": step, "rows": ROWS, "base": base, "tenant": tenant.pk,
                       "client": client.pk, "other": other.pk},
            )  # fmt: skip
            cursor.execute("SELECT setval('ledger_journalentry_id_seq', %s)", [base + ROWS + 1])
            cursor.execute(
                "UPDATE ledger_ledgeraccount a SET balance = s.total FROM (SELECT account_id, SUM(amount) "
                "AS total FROM ledger_posting WHERE account_id IN (%s, %s) GROUP BY account_id) s "
                "WHERE a.id = s.account_id",
                [client.pk, other.pk],
            )
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE ledger_posting")
            cursor.execute("ANALYZE ledger_journalentry")
        print(
            f"  {ROWS:,} postings (and their other sides) generated in {time.perf_counter() - started:.1f} s"
        )
        return client.pk, client.code


def in_process(params: dict[str, str]) -> tuple[float, float, float]:
    """The same page read by the service in this process (no HTTP, no session: p50 and p95 of
    BENCH_RUNS), and the server's own execution time of its one statement (EXPLAIN ANALYZE)."""
    account = LedgerAccount.objects.get(code=params["account"])
    first, last = date.fromisoformat(params["from"]), date.fromisoformat(params["to"])
    cursor_text, size = params.get("cursor"), int(params["per_page"])
    times = []
    for n in range(bench.RUNS + 20):
        started = time.perf_counter()
        statements.statement(account, date_from=first, date_to=last, cursor=cursor_text, size=size)
        if n >= 20:
            times.append((time.perf_counter() - started) * 1000)
    start = day_start(first)
    after = statements._decode(cursor_text) if cursor_text else (start, 0)
    values = statements.statement_params(account, start, day_end(last), after, size)
    with connection.cursor() as db:
        db.execute(f"EXPLAIN (ANALYZE, FORMAT JSON) {statements.STATEMENT_SQL}", values)
        executed = float(db.fetchone()[0][0]["Execution Time"])
    return statistics.median(times), bench.percentile(times, 95), executed


def ensure_admin() -> None:
    with schema_context("public"):
        platform = ensure_platform()
        user = User.objects.filter(email=ADMIN).first() or User.objects.create_user(ADMIN, bench.PASSWORD)
        Membership.objects.get_or_create(user=user, tenant=platform, defaults={"role": "admin"})


def main() -> None:
    from django.core.management import call_command

    random.seed(20261128)
    call_command("migrate_schemas", shared=True, verbosity=0)
    call_command("migrate_schemas", tenant=True, verbosity=0)
    sync_template()
    print(f"Loading data ({ROWS:,} postings on one client's account)")
    _, code = load()
    ensure_admin()

    from config.embedded import free_port

    port = free_port()
    env = {**os.environ, "DATABASE_URL": settings.DATABASE_URL, "REDIS_URL": settings.REDIS_URL,
           "COFRE_BENCH": "1", "PORT": str(port), "REDIS_NAMESPACE": settings.REDIS_NAMESPACE}  # fmt: skip
    log = (ROOT / ".data" / "bench-statements-web.log").open("wb")
    web = subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), "config.wsgi:application", "--bind", f"127.0.0.1:{port}",
         "--workers", "1", "--threads", "1"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    today = timezone.localdate()
    try:
        client = bench.Http(port, settings.BASE_DOMAIN)
        for _ in range(100):
            try:
                client.request("GET", "/api/auth/csrf")
                break
            except OSError:
                time.sleep(0.2)
                client = bench.Http(port, settings.BASE_DOMAIN)
        status, body, _ = client.request(
            "POST", "/api/auth/login", {"email": ADMIN, "password": bench.PASSWORD}
        )
        if status != 200:
            raise RuntimeError(f"login failed: {status} {body[:200]!r}")

        def period(days_back: int, days: int) -> dict[str, str]:
            first = today - timedelta(days=days_back)
            return {"account": code, "per_page": "50", "from": first.isoformat(),
                    "to": (first + timedelta(days=days - 1)).isoformat()}  # fmt: skip

        whole = period(729, 730)
        # A page deep in the whole period: follow cursors 200 pages (10,000 postings) in.
        deep = dict(whole)
        for _ in range(200):
            status, body, _ = client.request("GET", f"/api/statements?{urlencode(deep)}")
            deep["cursor"] = json.loads(body)["next_cursor"]
        cases = [
            ("one recent day", [period(3, 1)]),
            ("a month (30 days)", [period(200, 30)]),
            ("the whole two years, first page", [whole]),
            ("two years, page 200 (cursor)", [deep]),
            ("a year ago, 7 days", [period(365, 7)]),
            ("before any posting", [period(3000, 30)]),
        ]
        print(f"\nload average before: {os.getloadavg()[0]:.2f} (2 cores shared with other sessions)")
        print(f"{bench.RUNS} requests per case after 20 warm-up, pages of 50, {ROWS:,} postings (ms):")
        print(
            f"{'case':<36} {'API p50':>8} {'API p95':>8} {'service p50':>12} {'service p95':>12} {'SQL':>6}"
        )
        for name, params in cases:
            p50, p95 = bench.measure(client, "/api/statements", params)
            s50, s95, sql = in_process(params[0])
            print(f"{name:<36} {p50:8.2f} {p95:8.2f} {s50:12.2f} {s95:12.2f} {sql:6.2f}")
        print(f"load average after: {os.getloadavg()[0]:.2f}")
    finally:
        web.terminate()
        web.wait(timeout=20)
        log.close()


if __name__ == "__main__":
    main()
