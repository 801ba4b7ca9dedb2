"""Benchmark: a partner's lists and home across its clients, beside one client's own list.

    make bench-partner    (BENCH_PARTNER_ROWS=2000000 deposits among BENCH_PARTNER_CLIENTS=200 clients;
                           BENCH_RUNS=200 requests per case; BENCH_KEEP_CLIENTS=1 keeps the
                           schema-less clients for the next run)

1. A partner tenant `benchpartner` (provisioned: its users and grants live in its schema) with
   BENCH_PARTNER_CLIENTS linked clients. One of them, `benchptc`, is a real client (its schema holds its
   deposits, loaded by bench/deposits.py's in-PostgreSQL generator, with their index rows); the others are
   tenant rows without a schema (the partner area reads only the public schema), whose index rows are
   bulk-inserted by one INSERT ... SELECT generate_series (secondary indexes dropped and rebuilt around
   it), with their statistics roll-ups (one INSERT ... SELECT GROUP BY; the platform's, every client
   summed, recounted after) and ledger balances. Skipped when
   already loaded.
2. Starts gunicorn (one worker, one thread), logs in as the partner on its host and as benchptc's owner on
   the client's host, and times BENCH_RUNS requests per case, in the same run: the partner's deposits page
   (newest first; with a status filter; one client; sorted by amount), its withdraws page, its balance,
   its home (this month, BRL), and benchptc's own deposits page. Prints p50 and p95 in ms.
Uses DATABASE_URL / REDIS_URL or the embedded servers.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import config.paths  # noqa: E402,F401

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["COFRE_BENCH"] = "1"
import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django_tenants.utils import schema_context  # noqa: E402

from accounts.grants import sync_partner_grants  # noqa: E402
from accounts.models import Membership, User  # noqa: E402
from bench import deposits as bench  # noqa: E402
from gateway.models import TransactionIndex  # noqa: E402
from ledger.models import AccountKind, LedgerAccount  # noqa: E402
from stats import rollups  # noqa: E402
from tenants.models import PartnerClient, Tenant, TenantKind  # noqa: E402
from tenants.services import create_tenant  # noqa: E402
from tenants.template import sync_template  # noqa: E402

ROWS = int(os.environ.get("BENCH_PARTNER_ROWS", "2000000"))
CLIENTS = int(os.environ.get("BENCH_PARTNER_CLIENTS", "200"))
PARTNER = "benchpartner"
REAL = "benchptc"
# BENCH_KEEP_CLIENTS=1 keeps the schema-less clients after a run, and the next run reuses them (no load,
# no migrate_schemas: a tenant without a schema would stop it); a run without it removes them.
KEEP = os.environ.get("BENCH_KEEP_CLIENTS") == "1"

# The index rows of the schema-less clients: client k of the partner gets every CLIENTS-th row.
GENERATE_INDEX = """
INSERT INTO public.gateway_transactionindex (tenant_id, kind, public_id, method, status, amount, fee,
    currency, name, document, provider, provider_reference, payout_kind, bank_name, destination,
    direct, created_at, updated_at)
SELECT t.id, 'deposit', 'dep_' || substr(md5('bp' || g), 1, 20),
       (ARRAY['pix','pix','pix','pix','pix','pix','billet','billet','billet','card','wire'])[1 + floor(random() * 11)::int],
       (ARRAY['confirmed','confirmed','confirmed','confirmed','confirmed','paid_to_client','paid_to_client',
              'paid_to_client','paid_to_client','paid_to_client','paid_to_client','paid_to_client',
              'paid_to_client','waiting','waiting','waiting','canceled','expired','pending'])[1 + floor(random() * 19)::int],
       amount, amount / 100, 'BRL',
       (ARRAY['Maria Silva','José Santos','Ana Oliveira','João Souza','Carlos Lima','Paulo Gomes'])[1 + floor(random() * 6)::int],
       lpad((floor(random() * 99999999999))::bigint::text, 11, '0'),
       'sandbox_bank', 'sbx_ch_' || substr(md5('bpref' || g), 1, 20), '', '', '', false, created, created
FROM (SELECT g, 500 + floor(random() * 499500)::bigint AS amount,
             now() - random() * interval '365 days' AS created
      FROM generate_series(%(first)s, %(last)s) AS g) AS r
JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM public.tenants_tenant
      WHERE slug LIKE 'bpc%%') AS t ON t.k = r.g %% %(fake)s
"""

ROLLUPS = """
INSERT INTO public.stats_rollup (tenant_id, kind, currency, day, method, status, count, amount, fee)
SELECT tenant_id, 'deposit', currency, (created_at AT TIME ZONE 'America/Sao_Paulo')::date, method, status,
       count(*), sum(amount), sum(fee)
FROM public.gateway_transactionindex
WHERE tenant_id IN (SELECT id FROM public.tenants_tenant WHERE slug LIKE 'bpc%%') AND kind = 'deposit'
GROUP BY 1, 2, 3, 4, 5, 6
ON CONFLICT DO NOTHING
"""

MONTHLY_ROLLUPS = """
INSERT INTO public.stats_monthlyrollup (tenant_id, kind, currency, month, method, status, count, amount, fee)
SELECT tenant_id, kind, currency, date_trunc('month', day)::date, method, status, sum(count), sum(amount),
       sum(fee)
FROM public.stats_rollup
WHERE tenant_id IN (SELECT id FROM public.tenants_tenant WHERE slug LIKE 'bpc%%')
GROUP BY 1, 2, 3, 4, 5, 6
ON CONFLICT DO NOTHING
"""


def drop_fakes() -> None:
    """Remove the schema-less clients and everything of theirs: a tenant without a schema would stop
    `migrate_schemas` on this database, so they live only for the length of a run."""
    fakes = "(SELECT id FROM public.tenants_tenant WHERE slug LIKE 'bpc%%')"
    with transaction.atomic(), connection.cursor() as cursor:
        for table in (
            "gateway_transactionindex",
            "stats_rollup",
            "stats_monthlyrollup",
            "ledger_ledgeraccount",
            "tenants_partnerclient",
        ):
            column = "client_id" if table == "tenants_partnerclient" else "tenant_id"
            cursor.execute(f"DELETE FROM public.{table} WHERE {column} IN {fakes}")  # noqa: S608
        cursor.execute("DELETE FROM public.tenants_tenant WHERE slug LIKE 'bpc%%'")
        rollups.rebuild_platform()  # every client's sums, without theirs


def load_clients(rng: random.Random) -> tuple[Tenant, list[Tenant]]:
    """The CLIENTS clients and their ROWS deposits (skipped when loaded): `benchptc`, a real client
    holding ROWS // CLIENTS deposits in its schema, and CLIENTS - 1 schema-less clients `bpc0000`...
    holding the rest as public index rows, each with its roll-ups (daily and monthly) and ledger
    balances. Shared by the partner's benchmark and the admin's (bench/admin_home_bench.py); the
    schema-less clients are removed by `drop_fakes` when a run ends."""
    from django.core.management import call_command

    if not (KEEP and Tenant.objects.filter(slug__startswith="bpc").exists()):
        drop_fakes()
        call_command("migrate_schemas", shared=True, verbosity=0)
        call_command("migrate_schemas", tenant=True, verbosity=0)
        sync_template()
    per_client = ROWS // CLIENTS
    print(f"Loading data ({ROWS:,} deposits among {CLIENTS} clients; {per_client:,} in {REAL})")
    real = bench.ensure_tenant(REAL)
    bench.load(real, per_client, rng, {"document": [], "transaction": [], "id": []})
    started = time.perf_counter()
    rollups.rebuild(real)
    with schema_context("public"):
        fakes = list(Tenant.objects.filter(slug__startswith="bpc").order_by("pk"))
        for n in range(len(fakes), CLIENTS - 1):
            fake = Tenant(slug=f"bpc{n:04d}", name=f"Bench client {n:04d}", kind=TenantKind.CLIENT,
                          schema_name=f"bpc{n:04d}")  # fmt: skip
            fake.auto_create_schema = False
            fake.save()
            fakes.append(fake)
        have = TransactionIndex.objects.filter(tenant__slug__startswith="bpc").count()
        wanted = ROWS - per_client
        if have < wanted:
            with transaction.atomic(), connection.cursor() as cursor:
                dropped = bench.drop_indexes(cursor, "public", "gateway_transactionindex")
                load_started = time.perf_counter()
                cursor.execute(GENERATE_INDEX, {"first": have, "last": wanted - 1, "fake": len(fakes)})
                inserted = time.perf_counter()
                for definition in dropped:
                    cursor.execute(definition)
                cursor.execute(
                    "DELETE FROM public.stats_rollup WHERE tenant_id IN "
                    "(SELECT id FROM public.tenants_tenant WHERE slug LIKE 'bpc%%')"
                )
                cursor.execute(ROLLUPS)
                cursor.execute(
                    "DELETE FROM public.stats_monthlyrollup WHERE tenant_id IN "
                    "(SELECT id FROM public.tenants_tenant WHERE slug LIKE 'bpc%%')"
                )
                cursor.execute(MONTHLY_ROLLUPS)
                rollups.rebuild_platform()  # the platform's sums (every client's), with theirs
                print(
                    f"  {wanted - have:,} index rows of {len(fakes)} schema-less clients inserted in "
                    f"{inserted - load_started:.1f} s; indexes rebuilt and roll-ups counted in "
                    f"{time.perf_counter() - inserted:.1f} s"
                )
            with connection.cursor() as cursor:
                cursor.execute("VACUUM ANALYZE public.gateway_transactionindex")
                cursor.execute("VACUUM ANALYZE public.stats_rollup")
                cursor.execute("VACUUM ANALYZE public.stats_monthlyrollup")
        else:
            print(f"  {have:,} index rows of the schema-less clients already loaded")
        accounts = [
            LedgerAccount(
                code=f"tenant:{c.schema_name}:{kind}:BRL",
                kind=kind,
                currency="BRL",
                tenant=c,
                balance=-rng.randrange(0, 10_000_000),
            )
            for c in fakes
            for kind in (AccountKind.AVAILABLE, AccountKind.PENDING, AccountKind.HELD)
        ]
        LedgerAccount.objects.bulk_create(accounts, ignore_conflicts=True)
    print(f"  set up in {time.perf_counter() - started:.1f} s")
    return real, fakes


def setup() -> tuple[Tenant, Tenant, str, str]:
    """The clients (`load_clients`), linked to the partner `benchpartner`, and its user."""
    rng = random.Random(20261127)
    real, fakes = load_clients(rng)
    with schema_context("public"):
        partner = Tenant.objects.filter(slug=PARTNER).first() or create_tenant(
            slug=PARTNER, name="Bench Partner", kind=TenantKind.PARTNER
        )
        for client in [real, *fakes]:
            PartnerClient.objects.get_or_create(partner=partner, client=client)
        email = f"bench@{PARTNER}.test"
        user = User.objects.filter(email=email).first() or User.objects.create_user(email, bench.PASSWORD)
        Membership.objects.get_or_create(user=user, tenant=partner, defaults={"role": "partner"})
        sync_partner_grants(partner)
    return partner, real, email, bench.ensure_user(real)


def login(port: int, slug: str, email: str) -> bench.Http:
    client = bench.Http(port, f"{slug}.{settings.BASE_DOMAIN}")
    for _ in range(100):
        try:
            client.request("GET", "/api/auth/csrf")
            break
        except OSError:
            time.sleep(0.2)
            client = bench.Http(port, f"{slug}.{settings.BASE_DOMAIN}")
    status, body, _ = client.request("POST", "/api/auth/login", {"email": email, "password": bench.PASSWORD})
    if status != 200:
        raise RuntimeError(f"login on {slug} failed: {status} {body[:200]!r}")
    return client


def explain(partner_tenant: Tenant) -> None:
    """BENCH_EXPLAIN=1: the plans of the home's and the deposits page's queries, timed by PostgreSQL
    (EXPLAIN ANALYZE), and each answer's time in this process without HTTP."""
    from backoffice import partner as area
    from core.pagination import keyset_page
    from stats.services import Period, checked_period, rollup_sums

    with schema_context(partner_tenant.schema_name):
        member = Membership.objects.select_related("tenant", "user").get(
            tenant=partner_tenant, role="partner"
        )
        ids = area.partner_clients(member)
        period = checked_period(None, None)
        filters = area.IndexFilters(status=[], method=[], currency=[])
        page = area.index_rows(ids, "deposit", filters)
        for name, qs in (
            ("deposits page", keyset_page_qs(page)),
            ("home roll-ups (monthly)", None),
        ):
            if qs is not None:
                print(f"\nEXPLAIN ANALYZE {name}:\n" + qs.explain(analyze=True))
        with connection.cursor() as cursor:
            for label, sql, params in explained(ids, Period(period.start, period.end), member):
                cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql, params)
                print(f"\nEXPLAIN ANALYZE {label}:\n" + "\n".join(r[0] for r in cursor.fetchall()))
        started = time.perf_counter()
        rows = rollup_sums(ids, "BRL", Period(period.start, period.end))
        print(f"\nhome roll-ups: {len(rows)} grouped rows in {(time.perf_counter() - started) * 1000:.1f} ms")
        for label, call in (
            ("partner_clients", lambda: area.partner_clients(member)),
            ("home", lambda: area.home(area.partner_client_names(member), "BRL", period.start, period.end)),
            ("balances", lambda: area.balances(ids, ["BRL"])),
            (
                "deposits page",
                lambda: keyset_page(page, sort="-created_at", allowed=("created_at",), cursor=None, size=25),
            ),
        ):
            times = []
            for _ in range(30):
                started = time.perf_counter()
                call()
                times.append((time.perf_counter() - started) * 1000)
            times.sort()
            print(f"  {label:<20} p50 {times[15]:6.2f} ms  p95 {times[28]:6.2f} ms (in process)")


def explained(ids: list[int], period: Any, member: Any = None) -> list[tuple[str, str, Any]]:
    """The home's SQL as the ORM writes it (monthly roll-ups; the ledger's snapshots)."""
    from django.db.models import Sum

    from ledger.models import TENANT_KINDS
    from stats.models import MonthlyRollup

    months = (
        MonthlyRollup.objects.filter(
            tenant_id__in=ids, currency="BRL", month__gte=period.start, month__lte=period.end
        )
        .order_by()
        .values_list("tenant_id", "kind", "status")
        .annotate(n=Sum("count"), total=Sum("amount"), fees=Sum("fee"))
    )
    snapshots = (
        LedgerAccount.objects.filter(kind__in=list(TENANT_KINDS), currency="BRL", tenant_id__in=ids)
        .order_by()
        .values_list("tenant_id", "kind")
        .annotate(total=Sum("balance"))
    )
    from access.scoped import visible_tenants

    scope = (
        visible_tenants(member).filter(kind=TenantKind.CLIENT).order_by().values_list("pk", "slug", "name")
    )
    out = []
    for label, qs in (("home: monthly roll-ups", months), ("home: balances", snapshots), ("scope", scope)):
        sql, params = qs.query.sql_with_params()
        out.append((label, sql, params))
    return out


def keyset_page_qs(qs: Any) -> Any:
    return qs.order_by("-created_at", "-id")[:26]


def main() -> None:
    partner_tenant, real, partner_email, client_email = setup()
    if os.environ.get("BENCH_EXPLAIN"):
        try:
            explain(partner_tenant)
        finally:
            if not KEEP:
                drop_fakes()
        return
    from config.embedded import free_port

    port = free_port()
    env = {**os.environ, "DATABASE_URL": settings.DATABASE_URL, "REDIS_URL": settings.REDIS_URL,
           "COFRE_BENCH": "1", "PORT": str(port), "REDIS_NAMESPACE": settings.REDIS_NAMESPACE}  # fmt: skip
    web = bench.start_web(env, port, 1, "bench-partner-web.log")
    try:
        partner = login(port, PARTNER, partner_email)
        client = login(port, REAL, client_email)
        with schema_context("public"):
            total = TransactionIndex.objects.filter(
                tenant__partner_links__partner__slug=PARTNER, kind="deposit"
            ).count()
        print(f"\n{bench.RUNS} requests per case after 20 warm-up (ms); {total:,} deposits among the partner's "
              f"{CLIENTS} clients, {real.slug} holds {ROWS // CLIENTS:,}:")  # fmt: skip
        print(f"{'case':<52} {'p50':>8} {'p95':>8}")
        cases: tuple[tuple[str, bench.Http, str, dict[str, str]], ...] = (
            ("partner: deposits page (25, newest first)", partner, "/api/partner/deposits", {}),
            (
                "partner: deposits page, status=waiting",
                partner,
                "/api/partner/deposits",
                {"status": "waiting"},
            ),
            ("partner: deposits page, client=benchptc", partner, "/api/partner/deposits", {"client": REAL}),
            ("partner: deposits page, sort=-amount", partner, "/api/partner/deposits", {"sort": "-amount"}),
            ("partner: withdraws page", partner, "/api/partner/withdraws", {}),
            ("partner: balance (200 clients x currency)", partner, "/api/partner/balance", {}),
            ("partner: home (this month, BRL)", partner, "/api/partner/home", {"currency": "BRL"}),
            ("client benchptc: its own deposits page (25)", client, "/api/deposits", {}),
            # the first case again, last: the first one measured right after the load can run beside
            # PostgreSQL's own work on the fresh tables (111-129 ms p50 in two runs on 2026-11-28)
            ("partner: deposits page (25, newest first), again", partner, "/api/partner/deposits", {}),
        )
        for name, http, path, params in cases:
            p50, p95 = bench.measure(http, path, [params])
            print(f"{name:<52} {p50:8.2f} {p95:8.2f}", flush=True)
    finally:
        web.terminate()
        try:
            web.wait(timeout=20)
        except subprocess.TimeoutExpired:
            web.kill()
            web.wait()
        if not KEEP:
            drop_fakes()


if __name__ == "__main__":
    main()
