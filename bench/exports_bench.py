"""Benchmark: exports of BENCH_ROWS deposits (1,000,000 by default) beside PostgreSQL's COPY and
openpyxl's write-only mode, measured in the same run.

    make bench-exports      (BENCH_ROWS=1000000; BENCH_OPENPYXL_ROWS=100000: openpyxl's rate is
                             measured on that many rows, it is linear and 1,000,000 would take minutes;
                             BENCH_CASES=copy,job_csv,... runs only those cases)

1. Loads BENCH_ROWS deposits in the tenant `benchexp` with bench/deposits.py's generator (once).
2. Each case runs in a fresh process (its peak RSS sampled every 5 ms, like bench/jobs.py):
   - `COPY (the export's query, columns as stored) TO STDOUT WITH CSV`, read to the end: the floor;
   - the CSV export job (exports.services.run_export: count, COPY with the formatting in SQL, the
     spool file, files.save_file's hash and copy into the storage), standard and csv_br;
   - the XLSX export job (our streaming writer, exports.xlsx) with the same steps;
   - openpyxl write-only over the same rows and cells (typed: numbers with a currency format, dates),
     BENCH_OPENPYXL_ROWS of them.
3. Prints rows/s, the ratio to COPY (goal: CSV at half of COPY or more) and to openpyxl (goal: XLSX
   three times openpyxl or more), and each case's peak RSS (goal: under 150 MB).
Uses DATABASE_URL / REDIS_URL or the embedded servers. The machine is shared: the load average is
printed before and after.
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
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ROWS = int(os.environ.get("BENCH_ROWS", "1000000"))
OPENPYXL_ROWS = int(os.environ.get("BENCH_OPENPYXL_ROWS", "100000"))
SLUG = os.environ.get("BENCH_EXPORTS_TENANT", "benchexp")


def setup() -> None:
    import config.paths  # noqa: F401

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["COFRE_BENCH"] = "1"
    import django

    django.setup()


def measured(work: Any) -> dict[str, Any]:
    """Run `work()` (returns rows) while sampling this process's RSS; the figures as a dict."""
    import psutil  # type: ignore[import-untyped]

    process = psutil.Process()
    before = process.memory_info().rss
    peak = before
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.wait(0.005):
            peak = max(peak, process.memory_info().rss)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    started = time.perf_counter()
    rows = work()
    wall = time.perf_counter() - started
    done.set()
    sampler.join()
    peak = max(peak, process.memory_info().rss)
    return {
        "rows": rows,
        "wall_s": round(wall, 2),
        "rows_per_s": round(rows / wall) if wall else 0,
        "rss_before_mb": round(before / 2**20, 1),
        "rss_peak_mb": round(peak / 2**20, 1),
    }


def openpyxl_write_only(qs: Any, columns: Any) -> int:
    """The same rows and typed cells through openpyxl's write-only mode (BENCH_OPENPYXL_ROWS of them)."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell

    from exports import writers

    book = Workbook(write_only=True)
    sheet = book.create_sheet()
    sheet.append([c.title["pt-BR"] for c in columns])
    kinds = [c.kind for c in columns]
    formats = {"BRL": '"R$" #,##0.00', "USD": '"US$" #,##0.00'}
    rows = 0
    zone = ZoneInfo(writers.TIME_ZONE)
    for values in qs[:OPENPYXL_ROWS].iterator(chunk_size=5000):  # a server-side cursor too
        money = formats.get(values[4], "#,##0.00")
        cells = []
        for kind, value in zip(kinds, values, strict=True):
            if kind == "money":
                cell = WriteOnlyCell(sheet, value=value / 100)
                cell.number_format = money
            elif kind in ("datetime", "date") and value is not None:
                # openpyxl takes naive datetimes only: São Paulo's wall time, as the export writes
                local = value.astimezone(zone).replace(tzinfo=None) if kind == "datetime" else value
                cell = WriteOnlyCell(sheet, value=local)
                cell.number_format = "dd/mm/yyyy hh:mm:ss" if kind == "datetime" else "dd/mm/yyyy"
            elif kind == "text" and isinstance(value, str):
                cell = WriteOnlyCell(sheet, value=writers.neutralise(value))
            else:
                cell = WriteOnlyCell(sheet, value=value)
            cells.append(cell)
        sheet.append(cells)
        rows += 1
    with open(os.devnull, "wb") as sink:
        book.save(sink)
    return rows


def case(name: str) -> None:
    """In a fresh process: one case; prints its figures as JSON."""
    setup()
    from django.db import connection
    from django.utils import timezone
    from django_tenants.utils import schema_context

    from accounts.models import Membership
    from core.ids import new_public_id
    from exports import services, sources, writers
    from exports.models import Export

    with schema_context(SLUG):
        membership = Membership.objects.select_related("tenant", "user").get(
            tenant__schema_name=SLUG, user__email=f"bench@{SLUG}.test"
        )
        qs = sources.queryset(membership, "payments", {})
        columns = sources.DEPOSIT_COLUMNS
        Export.objects.exists()  # warm: the connection and its search path

        if name == "copy":

            def work() -> int:
                sql = f"COPY ({writers.compiled(qs)}) TO STDOUT WITH (FORMAT csv)"
                rows = 0
                with connection.cursor() as cursor, cursor.cursor.copy(sql) as copy:
                    for chunk in copy:
                        rows += bytes(chunk).count(b"\n")
                return rows

        elif name.startswith("job_"):
            fmt = name.removeprefix("job_")
            export = Export.objects.create(
                public_id=new_public_id("exp"), owner_id=membership.user_id, type="payments", format=fmt,
                filters={}, expires_at=timezone.now() + services.EXPIRES_AFTER,
            )  # fmt: skip

            def work() -> int:
                outcome = services.run_export(export.pk)
                assert outcome == "done", outcome
                return Export.objects.get(pk=export.pk).rows

        elif name == "openpyxl":

            def work() -> int:
                return openpyxl_write_only(qs, columns)

        else:
            raise SystemExit(f"unknown case {name}")
        figures = measured(work)
    print(json.dumps(figures))


def run_case(name: str, env: dict[str, str]) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, __file__, "--case", name],
        check=False,
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-3000:])
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def main() -> None:
    import random

    from django.conf import settings
    from django.core.management import call_command

    from bench.deposits import ensure_tenant, ensure_user, load  # sets Django up (bench settings)
    from tenants.template import sync_template

    call_command("migrate_schemas", shared=True, verbosity=0)
    call_command("migrate_schemas", tenant=True, verbosity=0)
    sync_template()
    print(f"Loading {ROWS:,} deposits in {SLUG} (once)", flush=True)
    tenant = ensure_tenant(SLUG)
    load(tenant, ROWS, random.Random(20261127), {"document": [], "transaction": [], "id": []})
    ensure_user(tenant)
    env = {**os.environ, "DATABASE_URL": settings.DATABASE_URL, "REDIS_URL": settings.REDIS_URL,
           "COFRE_BENCH": "1", "REDIS_NAMESPACE": settings.REDIS_NAMESPACE,
           "MEDIA_ROOT": str(ROOT / ".data" / "bench-media")}  # fmt: skip
    print(f"load average before: {os.getloadavg()}")
    results: dict[str, dict[str, Any]] = {}
    cases = {
        "copy": "PostgreSQL COPY of the same query (floor)",
        "job_csv": "CSV export job",
        "job_csv_br": "CSV-BR export job (;, decimal comma, BOM)",
        "job_xlsx": "XLSX export job (streaming writer)",
        "openpyxl": f"openpyxl write-only ({OPENPYXL_ROWS:,} rows)",
    }
    print(f"\n{'case':<46} {'rows':>10} {'wall s':>8} {'rows/s':>10} {'RSS peak':>9}")
    chosen = [c for c in os.environ.get("BENCH_CASES", ",".join(cases)).split(",") if c]
    for name, label in cases.items():
        if name not in chosen:
            continue
        figures = run_case(name, env)
        results[name] = figures
        print(
            f"{label:<46} {figures['rows']:>10,} {figures['wall_s']:>8} {figures['rows_per_s']:>10,} "
            f"{figures['rss_peak_mb']:>6} MB",
            flush=True,
        )
    print(f"\nload average after: {os.getloadavg()}")

    def rate(name: str) -> float:
        return float(results[name]["rows_per_s"]) if name in results else float("nan")

    print(f"CSV    / COPY     : {rate('job_csv') / rate('copy'):.2f}  (goal >= 0.5)")
    print(f"CSV-BR / COPY     : {rate('job_csv_br') / rate('copy'):.2f}")
    print(f"XLSX   / openpyxl : {rate('job_xlsx') / rate('openpyxl'):.1f}x  (goal >= 3)")
    jobs = [results[n]["rss_peak_mb"] for n in ("job_csv", "job_csv_br", "job_xlsx") if n in results]
    print(f"peak worker RSS of the export jobs: {max(jobs, default=0)} MB  (goal < 150 MB)")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--case":
        case(sys.argv[2])
    else:
        main()
