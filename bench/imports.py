"""Benchmark: a payout import of a 100,000-row XLSX, read, validated and previewed (rows stored).

    make bench-imports              (BENCH_IMPORT_ROWS=100000 by default)

1. Writes the spreadsheet with openpyxl (write-only mode, which writes inline strings): half
   TED rows to Banco do Brasil accounts with valid check digits, half PIX e-mail keys, every CPF valid,
   amounts written as "R$ 1.234,56" text. Cached in /tmp between runs.
2. Times, in this process: our reader (the sheet XML parsed directly) with the validation of every
   row; then openpyxl's read-only mode reading the same sheet (cells only, no validation) for
   comparison; then the whole preview through payout_imports.services (read, validate, store the
   file and the rows by COPY, the audit entry) in a client tenant of the demo (acme, seeded when
   absent), rolled back. Uses DATABASE_URL / REDIS_URL or the embedded servers.
The machine's load moves every figure: openpyxl's rate, measured in the same run, is the yardstick.
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


def main() -> None:
    import config.paths  # noqa: F401

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.db import transaction
    from django_tenants.utils import schema_context

    from accounts.models import Membership
    from payout_imports import services
    from payout_imports.reader import read_table
    from payout_imports.validate import validate_table

    started = time.perf_counter()
    content = spreadsheet(ROWS, CACHE)
    print(
        f"spreadsheet: {ROWS:,} rows, {len(content) / 1e6:.1f} MB ({time.perf_counter() - started:.1f} s to write or load)"
    )

    started = time.perf_counter()
    table = read_table(content)
    rows = validate_table(table)
    ours = time.perf_counter() - started
    bad = [r for r in rows if not r.ok]
    print(
        f"read + validate (ours): {ours:.2f} s, {len(rows) / ours:,.0f} rows/s, {len(bad)} rows with errors"
    )
    if bad:
        print("  first error:", bad[0].line, bad[0].errors)

    import io

    from openpyxl import load_workbook

    started = time.perf_counter()
    workbook = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    count = sum(1 for _ in workbook.worksheets[0].iter_rows(values_only=True))
    theirs = time.perf_counter() - started
    print(f"openpyxl read-only, cells only: {theirs:.2f} s, {count / theirs:,.0f} rows/s")

    from django.core.management import call_command

    from tenants.models import Tenant
    from tenants.template import sync_template

    call_command("migrate_schemas", shared=True, verbosity=0)
    call_command("migrate_schemas", tenant=True, verbosity=0)
    sync_template()
    if not Tenant.objects.filter(schema_name="acme").exists():
        call_command("seed_demo", verbosity=0)
    with schema_context("acme"):
        membership = Membership.objects.select_related("tenant", "user").get(
            tenant__slug="acme", user__email="client@demo.test"
        )
        started = time.perf_counter()
        with transaction.atomic():
            _payout_import, previewed = services.preview_import(
                membership, name="bench.xlsx", content=content
            )
            whole = time.perf_counter() - started
            transaction.set_rollback(True)
    print(
        f"preview (read, validate, store file + {len(previewed):,} rows, audit): {whole:.2f} s, {len(previewed) / whole:,.0f} rows/s (goal: under 5 s)"
    )


if __name__ == "__main__":
    main()
