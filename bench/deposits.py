"""Benchmark: the deposits API at 1,000,000 rows, beside a bare view running the same SQL.

    make bench-deposits            (BENCH_ROWS=1000000 by default; BENCH_RUNS=200 requests per case)

1. Loads BENCH_ROWS deposits into the tenant `benchco` (and a spread over `benchtwo`, `benchthree`)
   with COPY, plus their rows in the public transaction index; skipped when already loaded.
2. Starts gunicorn (one worker, one thread) on a free port, logs in as a `benchco` client.
3. For each case, times BENCH_RUNS requests through the HTTP API and through the bare view
   (`bench/urls.py`), in the same run, and prints p50 and p95 in milliseconds.
Uses DATABASE_URL / REDIS_URL or the embedded servers.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import time
from datetime import timedelta
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
from payments.models import Deposit  # noqa: E402
from payments.services import search_text  # noqa: E402
from tenants.models import Tenant  # noqa: E402
from tenants.services import create_tenant  # noqa: E402
from tenants.template import sync_template  # noqa: E402

ROWS = int(os.environ.get("BENCH_ROWS", "1000000"))
RUNS = int(os.environ.get("BENCH_RUNS", "200"))
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
           "wire_instructions", "provider", "provider_reference", "card_token", "provider_extra", "created_at",
           "updated_at")  # fmt: skip


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


def drop_indexes(cursor: object, schema: str, table: str) -> list[str]:
    """Drop the table's secondary indexes (recreated after the load: much faster in bulk)."""
    cursor.execute(  # type: ignore[attr-defined]
        "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = %s AND tablename = %s "
        "AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = %s::regclass)",
        [schema, table, f'"{schema}"."{table}"'],
    )
    rows = cursor.fetchall()  # type: ignore[attr-defined]
    for name, _ in rows:
        cursor.execute(f'DROP INDEX "{schema}"."{name}"')  # type: ignore[attr-defined]
    return [definition for _, definition in rows]


def load(tenant: Tenant, count: int, rng: random.Random, samples: dict[str, list[str]]) -> None:
    with schema_context(tenant.schema_name):
        have = Deposit.objects.count()
    if have >= count:
        print(f"  {tenant.slug}: {have:,} deposits already loaded")
        with schema_context(tenant.schema_name):
            for d in Deposit.objects.order_by("?")[:50]:
                samples["document"].append(d.payer_document)
                samples["transaction"].append(d.provider_reference)
                samples["id"].append(d.public_id)
        return
    started = time.perf_counter()
    now = timezone.now()
    pool = [f"{rng.choice(FIRST)} {rng.choice(LAST)} {rng.choice(LAST)}" for _ in range(5000)]
    names = [(name, search_text(name)) for name in pool]
    documents = [cpf(rng) for _ in range(50_000)]
    year = 365 * 24 * 3600
    index_columns = ("tenant_id", "kind", "public_id", "method", "status", "amount", "fee", "currency", "name",
                     "document", "provider", "provider_reference", "created_at", "updated_at")  # fmt: skip
    with transaction.atomic(), connection.cursor() as cursor:
        dropped = drop_indexes(cursor, tenant.schema_name, "payments_deposit")
        raw = cursor.connection
        with raw.cursor() as copy_cursor:
            deposit_copy = f'COPY "{tenant.schema_name}"."payments_deposit" ({", ".join(COLUMNS)}) FROM STDIN'
            index_copy = f'COPY "public"."gateway_transactionindex" ({", ".join(index_columns)}) FROM STDIN'
            index_rows = []
            with copy_cursor.copy(deposit_copy) as copy:
                for _ in range(count - have):
                    name, search_name = rng.choice(names)
                    document = rng.choice(documents)
                    created = (now - timedelta(seconds=rng.randrange(year))).isoformat()
                    status = rng.choice(STATUSES)
                    method = rng.choice(METHODS)
                    amount = rng.randrange(500, 500_000)
                    public_id = f"dep_{rng.getrandbits(80):020x}"
                    reference = f"sbx_ch_{rng.getrandbits(80):020x}"
                    copy.write_row((public_id, method, status, amount, "BRL", amount // 100, 0, "", name, search_name,
                                    document, "", "", "", "", "", "", "", "", "", "", "", "", "", "", "{}",
                                    "sandbox_bank", reference, "", "{}", created, created))  # fmt: skip
                    index_rows.append((tenant.pk, "deposit", public_id, method, status, amount, amount // 100, "BRL",
                                       name, document, "sandbox_bank", reference, created, created))  # fmt: skip
                    if rng.random() < 0.0005:
                        samples["document"].append(document)
                        samples["transaction"].append(reference)
                        samples["id"].append(public_id)
            with copy_cursor.copy(index_copy) as copy:
                for row in index_rows:
                    copy.write_row(row)
        loaded_at = time.perf_counter()
        for definition in dropped:
            cursor.execute(definition)
        cursor.execute(f'ANALYZE "{tenant.schema_name}"."payments_deposit"')
        cursor.execute('ANALYZE "public"."gateway_transactionindex"')
    loaded = count - have
    copy_s = loaded_at - started
    print(
        f"  {tenant.slug}: {loaded:,} deposits (+ index rows) copied in {copy_s:.1f} s ({loaded / copy_s:,.0f} rows/s), "
        f"indexes rebuilt in {time.perf_counter() - loaded_at:.1f} s"
    )


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


if __name__ == "__main__":
    main()
