"""Benchmark: the deposits API at 1,000,000 rows, beside a bare view running the same SQL.

    make bench-deposits            (BENCH_ROWS=1000000 by default; BENCH_RUNS=200 requests per case;
                                    BENCH_RELOAD=1 loads the rows again, to time the generator)

1. Generates BENCH_ROWS deposits in the tenant `benchco` (and a spread over `benchtwo`, `benchthree`)
   inside PostgreSQL (generate_series), plus their public transaction index rows and name tokens, with
   keys and indexes built once afterwards; skipped when already loaded.
2. Starts gunicorn (one worker, one thread) on a free port, logs in as a `benchco` client.
3. For each case, times BENCH_RUNS requests through the HTTP API and through the bare view
   (`bench/urls.py`), in the same run, and prints p50 and p95 in milliseconds.
4. Throughput: gunicorn with 2 sync workers; authenticated requests per second on the deposits list
   (status + 30 days, page of 50) through the API beside the bare Django view behind the same login,
   alternated BENCH_RPS_ROUNDS times (default 3) for BENCH_RPS_SECONDS each (default 10), by wrk when
   installed (`apt-get install wrk`), else by bench/loadgen.py in two processes of its own; prints
   each round, the medians, their ratio (goal: the API at 85 % of the bare view or more) and the
   machine's load average before and after (the machine is shared).
Uses DATABASE_URL / REDIS_URL or the embedded servers.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any
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
from core.text import search_text  # noqa: E402
from payments.models import Deposit  # noqa: E402
from tenants.models import Tenant  # noqa: E402
from tenants.services import create_tenant  # noqa: E402
from tenants.template import sync_template  # noqa: E402

ROWS = int(os.environ.get("BENCH_ROWS", "1000000"))
RUNS = int(os.environ.get("BENCH_RUNS", "200"))
RPS_ROUNDS = int(os.environ.get("BENCH_RPS_ROUNDS", "3"))
RPS_SECONDS = int(os.environ.get("BENCH_RPS_SECONDS", "10"))
RPS_CONNECTIONS = int(os.environ.get("BENCH_RPS_CONNECTIONS", "8"))
RELOAD = os.environ.get("BENCH_RELOAD") == "1"  # drop the bench tenants' deposits and load them again
SPREAD = {"benchtwo": ROWS // 20, "benchthree": ROWS // 20}
PASSWORD = "bench-password-123"  # noqa: S105  (a local benchmark user)
FIRST = ["Maria", "José", "Ana", "João", "Antônio", "Francisca", "Carlos", "Paulo", "Lucas", "Luiz", "Mariana",
         "Gabriel", "Rafael", "Juliana", "Fernanda", "Patrícia", "Aline", "Bruno", "Camila", "Diego", "Eduarda",
         "Felipe", "Gustavo", "Helena", "Igor", "Jéssica", "Kátia", "Leonardo", "Márcio", "Natália", "Otávio"]  # fmt: skip
LAST = ["Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima", "Gomes",
        "Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares", "Fernandes", "Vieira", "Barbosa",
        "Rocha", "Dias", "Nascimento", "Andrade", "Moreira", "Nunes", "Marques", "Machado", "Mendes", "Freitas"]  # fmt: skip
STATUSES = ["confirmed"] * 5 + ["paid_to_client"] * 8 + ["waiting"] * 3 + ["canceled", "expired", "pending"]
METHODS = ["pix"] * 6 + ["billet"] * 3 + ["card", "wire"]
COLUMNS = ("public_id", "method", "status", "amount", "currency", "fee", "refunded_amount", "description", "payer_name",
           "search_name", "payer_document", "payer_email", "street", "number", "complement", "neighborhood", "city",
           "state", "zipcode", "barcode", "typed_line", "brcode", "txid", "card_brand", "card_last4",
           "wire_instructions", "provider", "provider_reference", "card_token", "provider_extra", "request_hash",
           "direct", "pix_key", "created_at", "updated_at")  # fmt: skip


def cpf(rng: random.Random) -> str:
    base = [rng.randrange(10) for _ in range(9)]
    for weights in (range(10, 1, -1), range(11, 1, -1)):
        total = sum(d * w for d, w in zip(base, weights, strict=False))
        base.append(0 if total % 11 < 2 else 11 - total % 11)
    return "".join(map(str, base))


def ensure_tenant(slug: str) -> Tenant:
    with schema_context("public"):
        tenant = Tenant.objects.filter(slug=slug).first()
        if tenant is None:
            tenant = create_tenant(slug=slug, name=f"Bench {slug}", kind="client", currencies=["BRL", "USD"])
        return tenant


def drop_indexes(cursor: Any, schema: str, table: str, *, constraints: str = "uf") -> list[str]:
    """Drop the table's secondary indexes and its constraints of the given kinds (u unique, f foreign
    key, p primary key); returns the statements that recreate them, keys first. Building an index
    once over a million rows is far faster than maintaining it row by row (and a deferred foreign
    key queues a trigger event per row)."""
    qualified = f'"{schema}"."{table}"'
    cursor.execute(
        "SELECT conname, contype, pg_get_constraintdef(oid) FROM pg_constraint "
        "WHERE conrelid = %s::regclass ORDER BY contype DESC",  # p, u before f
        [qualified],
    )
    keys = cursor.fetchall()
    cursor.execute(
        "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = %s AND tablename = %s "
        "AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = %s::regclass)",
        [schema, table, qualified],
    )
    indexes = cursor.fetchall()
    restore = []
    for name, kind, definition in keys:
        if kind in constraints:
            cursor.execute(f'ALTER TABLE {qualified} DROP CONSTRAINT "{name}"')
            restore.append(f'ALTER TABLE {qualified} ADD CONSTRAINT "{name}" {definition}')
    for name, definition in indexes:
        cursor.execute(f'DROP INDEX "{schema}"."{name}"')
        restore.append(definition)
    return restore


def sample(schema: str, samples: dict[str, list[str]]) -> None:
    """Search terms taken from the loaded rows: documents, bank transaction ids, our ids."""
    with connection.cursor() as cursor:
        cursor.execute(
            f'SELECT payer_document, provider_reference, public_id FROM "{schema}".payments_deposit '  # noqa: S608
            "TABLESAMPLE SYSTEM (1) REPEATABLE (7) LIMIT 50"
        )
        for document, reference, public_id in cursor.fetchall():
            samples["document"].append(document)
            samples["transaction"].append(reference)
            samples["id"].append(public_id)


# The rows are generated by PostgreSQL itself (generate_series + random() over arrays of names and
# documents made here), so the load runs at the server's insert speed, not Python's.
GENERATE = """
INSERT INTO "{schema}".payments_deposit ({columns})
SELECT 'dep_' || substr(md5(%(tag)s || g), 1, 20), m.value, s.value,
       amount, 'BRL', amount / 100, 0, '', n.value, n.search, doc.value,
       '', '', '', '', '', '', '', '', '', '', '', '', '', '', '{{}}',
       'sandbox_bank', 'sbx_ch_' || substr(md5('ref' || %(tag)s || g), 1, 20), '', '{{}}', '', false, '',
       created, created
FROM (SELECT g, 1 + floor(random() * %(n_methods)s)::int AS i_method,
             1 + floor(random() * %(n_statuses)s)::int AS i_status,
             500 + floor(random() * 499500)::bigint AS amount,
             1 + floor(random() * %(n_names)s)::int AS i_name,
             1 + floor(random() * %(n_documents)s)::int AS i_document,
             now() - random() * interval '365 days' AS created
      FROM generate_series(%(first)s, %(last)s) AS g) AS r
JOIN pool_method m ON m.i = r.i_method
JOIN pool_status s ON s.i = r.i_status
JOIN pool_name n ON n.i = r.i_name
JOIN pool_document doc ON doc.i = r.i_document
"""
# Pools of values the generator draws from, as small temporary tables joined by position (indexing a
# large text[] is linear in PostgreSQL: a join by key keeps the load at insert speed).
POOLS = """
CREATE TEMP TABLE pool_method ON COMMIT DROP AS
    SELECT i::int, value FROM unnest(%(methods)s::text[]) WITH ORDINALITY AS p(value, i);
CREATE TEMP TABLE pool_status ON COMMIT DROP AS
    SELECT i::int, value FROM unnest(%(statuses)s::text[]) WITH ORDINALITY AS p(value, i);
CREATE TEMP TABLE pool_name ON COMMIT DROP AS
    SELECT i::int, value, search FROM unnest(%(names)s::text[], %(search_names)s::text[])
    WITH ORDINALITY AS p(value, search, i);
CREATE TEMP TABLE pool_document ON COMMIT DROP AS
    SELECT i::int, value FROM unnest(%(documents)s::text[]) WITH ORDINALITY AS p(value, i);
"""


def load(tenant: Tenant, count: int, rng: random.Random, samples: dict[str, list[str]]) -> None:
    schema = tenant.schema_name
    if RELOAD:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(f'TRUNCATE "{schema}".payments_deposit CASCADE')
            cursor.execute("DELETE FROM public.gateway_transactionindex WHERE tenant_id = %s", [tenant.pk])
    with schema_context(schema):
        have = Deposit.objects.count()
    if have >= count:
        print(f"  {tenant.slug}: {have:,} deposits already loaded")
        sample(schema, samples)
        return
    pool = [f"{rng.choice(FIRST)} {rng.choice(LAST)} {rng.choice(LAST)}" for _ in range(5000)]
    documents = [cpf(rng) for _ in range(50_000)]
    index_columns = ("tenant_id", "kind", "public_id", "method", "status", "amount", "fee", "currency", "name",
                     "document", "provider", "provider_reference", "payout_kind", "bank_name", "destination",
                     "direct", "created_at", "updated_at")  # fmt: skip
    started = time.perf_counter()
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f'SELECT coalesce(max(id), 0) FROM "{schema}".payments_deposit')  # noqa: S608
        (last_id,) = cursor.fetchone()
        cursor.execute("SELECT count(*) FROM public.gateway_transactionindex")
        (indexed,) = cursor.fetchone()
        dropped = [
            *drop_indexes(cursor, schema, "payments_deposit", constraints="uf"),
            *drop_indexes(cursor, schema, "payments_depositnametoken", constraints="pf"),
            # the shared index table: rebuilt only when this load is most of it
            *(drop_indexes(cursor, "public", "gateway_transactionindex") if count - have > indexed else []),
        ]
        cursor.execute("SELECT setseed(%s)", [rng.random()])
        pools = {"methods": METHODS, "statuses": STATUSES, "names": pool,
                 "search_names": [search_text(n) for n in pool], "documents": documents}  # fmt: skip
        for statement in POOLS.split(";")[:-1]:
            cursor.execute(statement, pools)
        started = time.perf_counter()
        cursor.execute(
            GENERATE.format(schema=schema, columns=", ".join(COLUMNS)),
            {"tag": f"{tenant.slug}-", "first": have + 1, "last": count, "n_methods": len(METHODS),
             "n_statuses": len(STATUSES), "n_names": len(pool), "n_documents": len(documents)},
        )  # fmt: skip
        generated_at = time.perf_counter()
        print(
            f"    {tenant.slug}: {count - have:,} deposits generated in {generated_at - started:.1f} s",
            flush=True,
        )
        new_rows = f'FROM "{schema}".payments_deposit d WHERE d.id > {int(last_id)}'
        cursor.execute(
            f"INSERT INTO public.gateway_transactionindex ({', '.join(index_columns)}) "
            f"SELECT %s, 'deposit', public_id, method, status, amount, fee, currency, payer_name, payer_document, "
            f"provider, provider_reference, '', '', '', false, created_at, updated_at {new_rows}",
            [tenant.pk],
        )
        cursor.execute(
            f'INSERT INTO "{schema}".payments_depositnametoken (word, created_at, deposit_id) '  # noqa: S608
            f"SELECT DISTINCT left(w, 60), d.created_at, d.id "
            f'FROM "{schema}".payments_deposit d, regexp_split_to_table(d.search_name, %s) AS w '
            f"WHERE d.id > %s AND w <> ''",
            ["[^a-z0-9]+", last_id],
        )
        cursor.execute(
            f'INSERT INTO "{schema}".payments_nameword (word) SELECT DISTINCT word '  # noqa: S608
            f'FROM "{schema}".payments_depositnametoken ON CONFLICT DO NOTHING'
        )
        loaded_at = time.perf_counter()
        for definition in dropped:
            cursor.execute(definition)
    with connection.cursor() as cursor:  # outside the transaction: VACUUM sets the visibility map too
        for table in (f'"{schema}".payments_deposit', f'"{schema}".payments_depositnametoken',
                      '"public".gateway_transactionindex'):  # fmt: skip
            cursor.execute(f"VACUUM ANALYZE {table}")
    loaded, done = count - have, time.perf_counter()
    generate_s = generated_at - started
    print(
        f"  {tenant.slug}: {loaded:,} deposits generated in {generate_s:.1f} s ({loaded / generate_s:,.0f} rows/s); "
        f"their index and name-token rows in {loaded_at - generated_at:.1f} s; keys and indexes rebuilt, "
        f"tables vacuumed in {done - loaded_at:.1f} s; total {done - started:.1f} s "
        f"({loaded / (done - started):,.0f} deposits/s, everything included)"
    )
    sample(schema, samples)


def ensure_user(tenant: Tenant) -> str:
    email = f"bench@{tenant.slug}.test"
    with schema_context("public"):
        user = User.objects.filter(email=email).first() or User.objects.create_user(email, PASSWORD)
        Membership.objects.get_or_create(user=user, tenant=tenant, defaults={"role": "client"})
    return email


class Http:
    """One keep-alive connection with the session cookie, speaking to one tenant host."""

    def __init__(self, port: int, host: str) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.host = host
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: dict[str, str] | None = None) -> tuple[int, bytes, float]:
        headers = {"Host": self.host, "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        payload = None
        if body is not None:
            payload = json.dumps(body)
            headers |= {"Content-Type": "application/json", "X-CSRFToken": self.cookies.get("csrftoken", "")}
        started = time.perf_counter()
        self.conn.request(method, path, body=payload, headers=headers)
        response = self.conn.getresponse()
        data = response.read()
        elapsed = (time.perf_counter() - started) * 1000
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        return response.status, data, elapsed


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def measure(client: Http, path: str, param_sets: list[dict[str, str]]) -> tuple[float, float]:
    times = []
    for n in range(RUNS + 20):
        params = param_sets[n % len(param_sets)]
        status, body, elapsed = client.request("GET", f"{path}?{urlencode(params, doseq=True)}")
        if status != 200:
            raise RuntimeError(f"{path} {params}: {status} {body[:300]!r}")
        if n >= 20:  # warm-up excluded
            times.append(elapsed)
    return statistics.median(times), percentile(times, 95)


def start_web(env: dict[str, str], port: int, workers: int, log_name: str) -> subprocess.Popen[bytes]:
    log = (ROOT / ".data" / log_name).open("wb")
    return subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), "config.wsgi:application", "--bind", f"127.0.0.1:{port}",
         "--workers", str(workers), "--threads", "1"],
        cwd=ROOT, env={**env, "PORT": str(port)}, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip


def load_rps(port: int, host: str, cookie: str, path: str) -> tuple[float, int]:
    """Requests per second and non-200 answers of one load run against `path`."""
    if shutil.which("wrk"):
        done = subprocess.run(
            ["wrk", "-t2", f"-c{RPS_CONNECTIONS}", f"-d{RPS_SECONDS}s", "-H", f"Host: {host}", "-H", f"Cookie: {cookie}",
             f"http://127.0.0.1:{port}{path}"],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        rps = float(re.search(r"Requests/sec:\s+([\d.]+)", done.stdout).group(1))  # type: ignore[union-attr]
        bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", done.stdout)
        return rps, int(bad.group(1)) if bad else 0
    per = max(1, RPS_CONNECTIONS // 2)
    runs = [
        subprocess.Popen(
            [
                sys.executable,
                str(ROOT / "bench" / "loadgen.py"),
                str(port),
                host,
                cookie,
                path,
                str(RPS_SECONDS),
                str(per),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    totals = [tuple(map(int, run.communicate()[0].split())) for run in runs]
    return sum(t[0] for t in totals) / RPS_SECONDS, sum(t[1] for t in totals)


def throughput(env: dict[str, str], cookies: dict[str, str], period: dict[str, str]) -> None:
    from config.embedded import free_port

    port = free_port()
    web = start_web(env, port, 2, "bench-web-rps.log")
    host = f"benchco.{settings.BASE_DOMAIN}"
    cookie = "; ".join(f"{k}={v}" for k, v in cookies.items())
    query = urlencode({**period, "status": "confirmed"})
    paths = {"API": f"/api/deposits?{query}", "bare view": f"/bench/deposits-login?{query}"}
    try:
        probe = Http(port, host)
        for _ in range(100):
            try:
                probe.request("GET", "/api/auth/csrf")
                break
            except OSError:
                time.sleep(0.2)
                probe = Http(port, host)
        probe.cookies = dict(cookies)
        for name, path in paths.items():  # both answer the member, and only the member
            status, body, _ = probe.request("GET", path)
            if status != 200 or not json.loads(body):
                raise RuntimeError(f"{name}: {status} {body[:200]!r}")
            anonymous = Http(port, host)
            if anonymous.request("GET", path)[0] != 401:
                raise RuntimeError(f"{name} answers without a login")
        generator = (
            f"wrk -t2 -c{RPS_CONNECTIONS}" if shutil.which("wrk") else "bench/loadgen.py (2 processes)"
        )
        load_before = os.getloadavg()
        print(
            f"\nThroughput, gunicorn 2 sync workers, {generator}, {RPS_SECONDS} s per run, deposits list "
            f"(status + 30 days, page of 50), logged in; load average before: "
            + ", ".join(f"{x:.1f}" for x in load_before)
        )
        results: dict[str, list[float]] = {name: [] for name in paths}
        for round_ in range(RPS_ROUNDS + 1):
            for name, path in paths.items():
                rps, bad = load_rps(port, host, cookie, path)
                if bad:
                    raise RuntimeError(f"{name}: {bad} answers were not 200")
                if round_ == 0:
                    continue  # warm-up round, not counted
                results[name].append(rps)
                print(f"  round {round_}: {name:<10} {rps:8.1f} requests/s")
        api, bare = (statistics.median(results[name]) for name in paths)
        load_after = os.getloadavg()
        print(
            f"median: API {api:.1f} requests/s, bare view behind the same login {bare:.1f} requests/s: "
            f"the API at {100 * api / bare:.0f} % of the bare view (goal >= 85 %)"
        )
        print(
            f"load average after: {', '.join(f'{x:.1f}' for x in load_after)} ({os.cpu_count()} cores, shared)"
        )
    finally:
        web.terminate()
        web.wait(timeout=20)


def main() -> None:
    rng = random.Random(20261122)
    from django.core.management import call_command

    call_command("migrate_schemas", shared=True, verbosity=0)
    call_command("migrate_schemas", tenant=True, verbosity=0)
    sync_template()
    print(
        f"Loading data ({ROWS:,} deposits in benchco, {sum(SPREAD.values()):,} spread over two more tenants)"
    )
    samples: dict[str, list[str]] = {"document": [], "transaction": [], "id": []}
    main_tenant = ensure_tenant("benchco")
    load(main_tenant, ROWS, rng, samples)
    for slug, count in SPREAD.items():
        load(ensure_tenant(slug), count, rng, {"document": [], "transaction": [], "id": []})
    email = ensure_user(main_tenant)

    from config.embedded import free_port

    port = free_port()
    env = {**os.environ, "DATABASE_URL": settings.DATABASE_URL, "REDIS_URL": settings.REDIS_URL,
           "COFRE_BENCH": "1", "PORT": str(port), "REDIS_NAMESPACE": settings.REDIS_NAMESPACE}  # fmt: skip
    log = (ROOT / ".data" / "bench-web.log").open("wb")
    web = subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), "config.wsgi:application", "--bind", f"127.0.0.1:{port}",
         "--workers", "1", "--threads", "1"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        client = Http(port, f"benchco.{settings.BASE_DOMAIN}")
        for _ in range(100):
            try:
                client.request("GET", "/api/auth/csrf")
                break
            except OSError:
                time.sleep(0.2)
                client = Http(port, f"benchco.{settings.BASE_DOMAIN}")
        status, body, _ = client.request("POST", "/api/auth/login", {"email": email, "password": PASSWORD})
        if status != 200:
            raise RuntimeError(f"login failed: {status} {body[:200]!r}")
        today = timezone.localdate()
        period = {"date_from": (today - timedelta(days=30)).isoformat(), "date_to": today.isoformat(),
                  "sort": "-created_at", "per_page": "50"}  # fmt: skip
        cases = {
            "list: status + 30 days + sort": [
                {**period, "status": s} for s in ("confirmed", "paid_to_client", "waiting")
            ],
            "search: document": [{"q": d, "per_page": "50"} for d in samples["document"][:50]],
            "search: transaction id": [{"q": t, "per_page": "50"} for t in samples["transaction"][:50]],
            "search: our id": [{"q": i, "per_page": "50"} for i in samples["id"][:50]],
            "search: name (common)": [
                {"q": n, "per_page": "50"} for n in ("maria", "silva", "jose santos", "ana")
            ],
            "search: name (rare)": [
                {"q": n, "per_page": "50"} for n in ("otavio freitas", "katia mach", "zzzz")
            ],
        }
        print(f"\nHTTP, page of 50, {RUNS} requests per case after 20 warm-up (ms):")
        print(
            f"{'case':<32} {'API p50':>8} {'API p95':>8} {'bare p50':>9} {'bare p95':>9} {'API-bare p50':>13}"
        )
        for name, params in cases.items():
            api_p50, api_p95 = measure(client, "/api/deposits", params)
            bare_p50, bare_p95 = measure(client, "/bench/deposits", params)
            print(
                f"{name:<32} {api_p50:8.2f} {api_p95:8.2f} {bare_p50:9.2f} {bare_p95:9.2f} {api_p50 - bare_p50:13.2f}"
            )
    finally:
        web.terminate()
        web.wait(timeout=20)
        log.close()
    throughput(env, client.cookies, period)


if __name__ == "__main__":
    main()
