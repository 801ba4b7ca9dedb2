"""The files: CSV straight out of PostgreSQL's COPY (the rows are formatted by the database, so the
worker only moves bytes), XLSX by a streaming writer of our own (exports.xlsx) fed by a server-side
cursor. Neither holds more than one batch of rows in memory.

Both write what the list selects (exports.sources), in its order, with cells that a spreadsheet
would read as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) prefixed with `'`; numbers
(money, counts) stay numbers.
"""

from __future__ import annotations

import codecs
import csv
import io
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import IO, Any

import psycopg
import psycopg.sql
from django.db import connection, connections
from django.db.models import QuerySet

from core import replica
from exports.columns import DATE, DATETIME, INTEGER, MONEY, Column
from exports.xlsx import XlsxWriter
from tenants.tenancy import current_schema

TIME_ZONE = "America/Sao_Paulo"
FORMULA_FIRST = ("=", "+", "-", "@", "\t", "\r")
BATCH = 5000
BOM = codecs.BOM_UTF8

# progress(rows_done) -> False to stop (canceled); called about every PROGRESS_SECONDS
Progress = Callable[[int], bool]
PROGRESS_SECONDS = 0.5


class CanceledError(Exception):
    """The export was canceled while it ran."""


def neutralise(value: str) -> str:
    return "'" + value if value.startswith(FORMULA_FIRST) else value


@contextmanager
def reading_connection() -> Iterator[tuple[Any, bool]]:
    """The connection the rows are read on, and whether progress may be written meanwhile.

    In a worker (autocommit): a connection of its own (to the read replica in the job's
    `reading_from_replica` scope when one is configured: core.replica), in the tenant's schema, in one
    read-only transaction, so a COPY or a server-side cursor streams the rows while the job writes its
    progress on Django's connection (one connection cannot do both: it is busy until a COPY ends). Inside a
    transaction (tests, or a caller's atomic block): Django's connection itself, which sees that
    transaction's rows; then progress is written between batches only, never during a COPY."""
    if connection.in_atomic_block:
        with connection.cursor():  # sets the tenant's search path
            pass
        yield connection.connection, False
        return
    # The replica's when the job reads in its scope (core.replica: configured, nothing written).
    source = connections[replica.read_alias()]
    raw = source.get_new_connection(source.get_connection_params())
    try:
        with raw.cursor() as cursor:
            cursor.execute("SET TRANSACTION READ ONLY")
            cursor.execute("SET LOCAL DateStyle = 'ISO'")  # timestamps as text: YYYY-MM-DD HH:MM:SS
            cursor.execute(
                psycopg.sql.SQL("SET LOCAL search_path = {}, public").format(
                    psycopg.sql.Identifier(current_schema())
                )
            )
        yield raw, True
    finally:
        raw.rollback()
        raw.close()


def compiled(qs: QuerySet[Any]) -> str:
    """The queryset's SQL with its parameters bound (COPY takes no parameters)."""
    sql, params = qs.query.sql_with_params()
    with connection.cursor() as cursor:  # sets the tenant's search path on the connection
        raw = cursor.connection
        return psycopg.ClientCursor(raw).mogrify(sql, params)


# ------------------------------------------------------------------------------------------- CSV
def _sql_text(name: str) -> str:
    quoted = f'"{name}"'
    return (
        f"NULLIF(CASE WHEN left({quoted}, 1) IN ('=', '+', '-', '@', E'\\t', E'\\r') "
        f"THEN '''' || {quoted} ELSE {quoted} END, '')"
    )


def _sql_cell(column: Column, *, br: bool) -> str:
    name = f'"{column.field}"'
    if column.kind == MONEY:
        # centavos times 0.01 is a numeric of scale 2: "1234.50", exact, cheaper than to_char
        number = f"({name} * 0.01)::text"
        return f"replace({number}, '.', ',')" if br else number
    if column.kind == DATETIME:
        local = f"({name} AT TIME ZONE '{TIME_ZONE}')"
        if br:
            return f"to_char({local}, 'DD/MM/YYYY HH24:MI:SS')"
        # ISO text of a timestamp (the connection's DateStyle is ISO), whole seconds: cheaper than to_char
        return f"date_trunc('second', {local})::text"
    if column.kind == DATE:
        return f"to_char({name}, '{'DD/MM/YYYY' if br else 'YYYY-MM-DD'}')"
    if column.kind == INTEGER:
        return f"{name}::text"
    return _sql_text(column.field)


def copy_sql(qs: QuerySet[Any], columns: Sequence[Column], *, br: bool) -> str:
    cells = ", ".join(_sql_cell(c, br=br) for c in columns)
    delimiter = ";" if br else ","
    return (
        f"COPY (SELECT {cells} FROM ({compiled(qs)}) AS rows) "  # noqa: S608 (our own SQL, bound)
        f"TO STDOUT WITH (FORMAT csv, DELIMITER '{delimiter}', ENCODING 'UTF8')"
    )


def write_csv(
    out: IO[bytes],
    qs: QuerySet[Any],
    columns: Sequence[Column],
    language: str,
    *,
    br: bool,
    progress: Progress,
) -> int:
    """Write the header and every row; returns the rows written."""
    if br:
        out.write(BOM)
    header = io.StringIO()
    csv.writer(header, delimiter=";" if br else ",", lineterminator="\n").writerow(
        [c.title.get(language, c.title["pt-BR"]) for c in columns]
    )
    out.write(header.getvalue().encode())
    rows = 0
    last = time.monotonic()
    sql = copy_sql(qs, columns, br=br)
    with reading_connection() as (raw, live), raw.cursor() as cursor, cursor.copy(sql) as copy:
        for chunk in copy:
            out.write(chunk)
            rows += bytes(chunk).count(b"\n")
            if live and time.monotonic() - last >= PROGRESS_SECONDS:
                last = time.monotonic()
                if not progress(rows):
                    raise CanceledError
    return rows


# ------------------------------------------------------------------------------------------ XLSX
def _sql_value(column: Column) -> str:
    """What the XLSX writer reads for a column: money in centavos, instants and dates as Excel serial
    numbers of São Paulo time."""
    name = f'"{column.field}"'
    if column.kind == DATETIME:
        return f"extract(epoch from ({name} AT TIME ZONE '{TIME_ZONE}'))::float8 / 86400.0 + 25569"
    if column.kind == DATE:
        return f"({name} - DATE '1899-12-30')"
    return name


def server_rows(qs: QuerySet[Any], columns: Sequence[Column]) -> Iterator[list[tuple[Any, ...]]]:
    """Batches of rows from a server-side cursor (never the whole set in the worker)."""
    cells = ", ".join(_sql_value(c) for c in columns)
    sql = f"SELECT {cells} FROM ({compiled(qs)}) AS rows"  # noqa: S608 (our own SQL, bound)
    with reading_connection() as (raw, _), raw.cursor(name=f"export_{time.monotonic_ns()}") as cursor:
        cursor.itersize = BATCH
        cursor.execute(sql)
        while batch := cursor.fetchmany(BATCH):
            yield batch


def write_xlsx(
    out: IO[bytes],
    qs: QuerySet[Any],
    columns: Sequence[Column],
    language: str,
    *,
    progress: Progress,
    sheet_rows: int | None = None,
) -> int:
    kinds = [c.kind for c in columns]
    currency_at = next((i for i, c in enumerate(columns) if c.field == "currency"), None)
    writer = XlsxWriter(
        out,
        header=[c.title.get(language, c.title["pt-BR"]) for c in columns],
        kinds=kinds,
        currency_at=currency_at,
        sheet_name={"pt-BR": "Planilha", "en": "Sheet"}.get(language, "Sheet"),
        **({"sheet_rows": sheet_rows} if sheet_rows else {}),
    )
    rows = 0
    last = time.monotonic()
    for batch in server_rows(qs, columns):
        writer.write_rows(batch)
        rows += len(batch)
        if time.monotonic() - last >= PROGRESS_SECONDS:
            last = time.monotonic()
            if not progress(rows):
                raise CanceledError
    writer.close()
    return rows
