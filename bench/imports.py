"""Benchmark: a payout import of a 100,000-row XLSX, read, validated and previewed (rows stored).

    make bench-imports              (BENCH_IMPORT_ROWS=100000 by default)

1. Writes the spreadsheet with openpyxl (write-only mode, which writes inline strings): half
   TED rows to Banco do Brasil accounts with valid check digits, half PIX e-mail keys, every CPF valid,
   amounts written as "R$ 1.234,56" text; and a copy with its text in a shared-strings table, as Excel,
   LibreOffice and Google Sheets write it. Both cached in .data between runs.
2. Times the whole preview of each file (twice) through payout_imports.services (read, validate,
   store the file and the rows by COPY, the audit entry) in a client tenant of the demo (acme, seeded
   when absent), rolled back; then reading the cells alone (no validation), for each file: openpyxl's
   read-only mode (the project's spreadsheet library, the yardstick), our XML reader and
   python-calamine (the bulk path for shared strings); then the validation of every row as the
   preview runs it (in forked processes while a core is idle). Uses DATABASE_URL / REDIS_URL or the
   embedded servers.
The machine's load moves every figure (printed with each: the 1-minute load average, and the CPU
seconds this process and its children spent, which the load moves far less than the wall clock).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ROWS = int(os.environ.get("BENCH_IMPORT_ROWS", "100000"))
CACHE = Path(os.environ.get("BENCH_IMPORT_FILE", str(ROOT / ".data" / f"bench-import-{ROWS}.xlsx")))


def spreadsheet(rows: int, path: Path) -> bytes:
    if path.exists():
        return path.read_bytes()
    path.parent.mkdir(parents=True, exist_ok=True)
    from openpyxl import Workbook

    from brazil.banks import banco_do_brasil_dv
    from brazil.documents import cpf_check_digits

    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet("payouts")
    sheet.append(
        ["nome", "e-mail", "documento", "valor", "banco", "agencia", "conta", "tipo_de_conta", "chave_pix"]
    )
    for n in range(rows):
        base = f"{100000000 + n * 7:09d}"[-9:]
        cpf = base + cpf_check_digits(base)
        cents = 1000 + n % 500_000
        amount = f"R$ {cents // 100:,}".replace(",", ".") + f",{cents % 100:02d}"
        if n % 2:
            account = f"{n % 99999999 + 1}"
            sheet.append(
                [
                    f"Pessoa {n}",
                    f"p{n}@example.com",
                    cpf,
                    amount,
                    "001",
                    "1234-3",
                    f"{account}-{banco_do_brasil_dv(account.zfill(8))}",
                    "corrente",
                    "",
                ]
            )
        else:
            sheet.append(
                [f"Pessoa {n}", f"p{n}@example.com", cpf, amount, "", "", "", "", f"p{n}@example.com"]
            )
    workbook.save(path)
    return path.read_bytes()


class Clock:
    """Wall and CPU seconds (this process and its waited-for children) of a block."""

    def __enter__(self) -> Clock:
        self.started, self.cpu_started = time.perf_counter(), self._cpu()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.wall = time.perf_counter() - self.started
        self.cpu = self._cpu() - self.cpu_started

    @staticmethod
    def _cpu() -> float:
        times = os.times()
        return times.user + times.system + times.children_user + times.children_system

    def line(self, label: str, rows: int, extra: str = "") -> str:
        return (
            f"{label}: {self.wall:.2f} s, {rows / self.wall:,.0f} rows/s (CPU {self.cpu:.2f} s, "
            f"load {os.getloadavg()[0]:.1f}){extra}"
        )


def readers(files: dict[str, bytes]) -> None:
    import io

    from openpyxl import load_workbook

    from payout_imports.reader import read_xlsx

    print("reading the cells alone (no validation):")
    for kind, data in files.items():
        with Clock() as clock:
            workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
            count = sum(1 for _ in workbook.worksheets[0].iter_rows(values_only=True))
        base = clock.wall
        print("  " + clock.line(f"{kind}, openpyxl read-only", count))
        for engine in ("xml", "calamine"):
            with Clock() as clock:
                count = sum(1 for _ in read_xlsx(data, engine))
            print("  " + clock.line(f"{kind}, {engine:8}", count, f", {base / clock.wall:.1f}x openpyxl"))


def validation(content: bytes) -> None:
    from payout_imports import validate
    from payout_imports.reader import read_table

    table = read_table(content)
    items = list(table.rows)
    print(f"validation of every row ({validate._workers()} process(es) at this load):")
    with Clock() as clock:
        rows = validate.validate_in_parallel(items, table.columns, table.row_errors)
    bad = [r for r in rows if not r.ok]
    print("  " + clock.line("validate", len(rows), f", {len(bad)} rows with errors"))
    if bad:
        print("  first error:", bad[0].line, bad[0].errors)
    with Clock() as clock:
        rows = validate.validate_table(read_table(content))
    print("  " + clock.line("read + validate (inline strings)", len(rows)))


def main() -> None:
    import config.paths  # noqa: F401

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import transaction
    from django_tenants.utils import schema_context

    from accounts.models import Membership
    from payout_imports import services
    from tenants.models import Tenant
    from tenants.template import sync_template
    from tests.support.xlsx import as_shared_strings

    print(f"load average at start: {' '.join(f'{n:.1f}' for n in os.getloadavg())} on {os.cpu_count()} cores")
    started = time.perf_counter()
    content = spreadsheet(ROWS, CACHE)
    shared_path = CACHE.with_name(CACHE.stem + "-shared.xlsx")
    if not shared_path.exists():
        shared_path.write_bytes(as_shared_strings(content))
    files = {"inline strings (openpyxl)": content, "shared strings (Excel)": shared_path.read_bytes()}
    print(
        f"spreadsheet: {ROWS:,} rows, {len(content) / 1e6:.1f} MB, Excel-style copy "
        f"{len(files['shared strings (Excel)']) / 1e6:.1f} MB ({time.perf_counter() - started:.1f} s to write or load)"
    )

    call_command("migrate_schemas", shared=True, verbosity=0)
    call_command("migrate_schemas", tenant=True, verbosity=0)
    sync_template()
    if not Tenant.objects.filter(schema_name="acme").exists():
        call_command("seed_demo", verbosity=0)
    print("preview end to end (read, validate, store the file and every row by COPY, audit), goal under 5 s:")
    with schema_context("acme"):
        membership = Membership.objects.select_related("tenant", "user").get(
            tenant__slug="acme", user__email="client@demo.test"
        )
        for kind, data in [*files.items(), *files.items()]:  # twice each: the first meets cold caches
            with Clock() as clock, transaction.atomic():
                _payout_import, previewed = services.preview_import(
                    membership, name="bench.xlsx", content=data
                )
                transaction.set_rollback(True)
            verdict = "met" if clock.wall < 5 else "NOT met"
            print("  " + clock.line(f"preview, {kind}", len(previewed), f": goal {verdict}"))
    readers(files)
    validation(content)
    print(f"load average at end: {' '.join(f'{n:.1f}' for n in os.getloadavg())}")


if __name__ == "__main__":
    main()
