"""Keeping the roll-ups exact: the one writer (`count_change`) and the rebuild from source rows.

A deposit or payout counts in the São Paulo day it was created on, under its CURRENT status: a
status change moves its count, amount and fee from the old status's row to the new one of the same
day. `payments.records.record_change` reads the status and fee the roll-ups counted from the public
index row's own UPDATE (gateway.index_upsert answers them: no separate read; `counted_before` reads
them for callers outside a change) and calls `count_change` last, in the same transaction, so the
roll-ups can never disagree with a committed change.

Each change is one `INSERT ... ON CONFLICT DO UPDATE SET count = count + x` (atomic: two
transactions moving the same row add up, neither is lost), with its rows in a fixed order (no
deadlock between two changes that touch the same two rows).

The source rows live in the tenant schemas, which this app does not import: payments and payouts
register how to recount their records (`register_source`) when they start.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import connection, transaction
from django_tenants.utils import tenant_context

from gateway.models import TransactionIndex
from stats.models import MonthlyRollup, PlatformRollup, Rollup
from tenants.models import Tenant, TenantKind

COUNTED_KINDS = frozenset({"deposit", "payout"})


def sao_paulo_day(moment: Any) -> date:
    """The day of an instant in the platform's time zone (America/Sao_Paulo)."""
    return moment.astimezone(ZoneInfo(settings.TIME_ZONE)).date()  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Counted:
    """What the roll-ups count for one record: its bucket and its amount and fee."""

    status: str
    fee: int


def counted_before(kind: str, public_id: str) -> Counted | None:
    """The status and fee the roll-ups count for a record now (its public index row), before a change."""
    if kind not in COUNTED_KINDS:
        return None
    row = TransactionIndex.objects.filter(public_id=public_id).values_list("status", "fee").first()
    return Counted(*row) if row else None


def count_change(tenant: Tenant, kind: str, record: Any, before: Counted | None) -> None:
    """Move `record` (saved, with its new status and fee) from the bucket it was counted in to its
    current one; a record not counted before (a creation) is added."""
    if kind not in COUNTED_KINDS:
        return
    day = sao_paulo_day(record.created_at)
    deltas: dict[str, list[int]] = {}
    if before is not None:
        old = deltas.setdefault(before.status, [0, 0, 0])
        old[0] -= 1
        old[1] -= record.amount
        old[2] -= before.fee
    new = deltas.setdefault(record.status, [0, 0, 0])
    new[0] += 1
    new[1] += record.amount
    new[2] += record.fee
    rows = [
        (tenant.pk, kind, record.currency, day, record.method, status, *delta)
        for status, delta in sorted(deltas.items())
        if any(delta)
    ]
    upsert(rows)


def upsert(rows: Iterable[tuple[Any, ...]]) -> None:
    """Add (count, amount, fee) to each (tenant, kind, currency, day, method, status) row, to its month's
    row and, for a client, to the platform's row of its day and status (every client summed), atomically,
    in one statement (the three inserts ride on one CTE of the values). Each table's rows are written
    in a fixed order, the same in every change (no deadlock between two changes)."""
    rows = list(rows)
    if not rows:
        return
    table = connection.ops.quote_name(Rollup._meta.db_table)
    monthly = connection.ops.quote_name(MonthlyRollup._meta.db_table)
    platform = connection.ops.quote_name(PlatformRollup._meta.db_table)
    tenants = connection.ops.quote_name(Tenant._meta.db_table)
    values = ", ".join(["(%s, %s, %s, %s::date, %s, %s, %s::bigint, %s::bigint, %s::bigint)"] * len(rows))
    # The tables' own names and placeholders only: the values are parameters.
    sql = (
        f"WITH v (tenant_id, kind, currency, day, method, status, count, amount, fee) AS (VALUES {values}), "  # noqa: S608
        f"daily AS (INSERT INTO {table} (tenant_id, kind, currency, day, method, status, count, amount, fee) "
        f"SELECT * FROM v ON CONFLICT (tenant_id, kind, currency, day, method, status) DO UPDATE SET "
        f"count = {table}.count + EXCLUDED.count, amount = {table}.amount + EXCLUDED.amount, "
        f"fee = {table}.fee + EXCLUDED.fee), "
        f"months AS (INSERT INTO {monthly} "
        f"(tenant_id, kind, currency, month, method, status, count, amount, fee) "
        f"SELECT tenant_id, kind, currency, date_trunc('month', day)::date, method, status, "
        f"sum(count), sum(amount), sum(fee) FROM v GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 3, 4, 2, 5, 6 "
        f"ON CONFLICT (tenant_id, currency, month, kind, method, status) DO UPDATE SET "
        f"count = {monthly}.count + EXCLUDED.count, amount = {monthly}.amount + EXCLUDED.amount, "
        f"fee = {monthly}.fee + EXCLUDED.fee) "
        f"{_PLATFORM_INSERT.format(platform=platform, tenants=tenants, source='v')}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [value for row in rows for value in row] + [TenantKind.CLIENT])


# The platform's rows: `source` (tenant_id, kind, currency, day, status, count, amount, fee) of client
# tenants summed per day and status, added in the key's order.
_PLATFORM_INSERT = (
    "INSERT INTO {platform} (kind, currency, day, status, count, amount, fee) "
    "SELECT s.kind, s.currency, s.day, s.status, sum(s.count), sum(s.amount), sum(s.fee) FROM {source} s "
    "JOIN {tenants} t ON t.id = s.tenant_id AND t.kind = %s "
    "GROUP BY 1, 2, 3, 4 ORDER BY 2, 3, 1, 4 "
    "ON CONFLICT (currency, day, kind, status) DO UPDATE SET "
    "count = {platform}.count + EXCLUDED.count, amount = {platform}.amount + EXCLUDED.amount, "
    "fee = {platform}.fee + EXCLUDED.fee"
)


def rebuild_platform() -> int:
    """Recount the platform's rows from every client's daily rows (a repair, and the benchmarks' loads,
    which write the daily rows in SQL); returns the rows written. Locks the table first: a change
    committing meanwhile waits, then adds to the recounted rows."""
    platform = connection.ops.quote_name(PlatformRollup._meta.db_table)
    table = connection.ops.quote_name(Rollup._meta.db_table)
    tenants = connection.ops.quote_name(Tenant._meta.db_table)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"LOCK TABLE {platform} IN EXCLUSIVE MODE")
        cursor.execute(f"DELETE FROM {platform}")  # noqa: S608
        cursor.execute(
            f"INSERT INTO {platform} (kind, currency, day, status, count, amount, fee) "  # noqa: S608
            f"SELECT r.kind, r.currency, r.day, r.status, sum(r.count), sum(r.amount), sum(r.fee) "
            f"FROM {table} r JOIN {tenants} t ON t.id = r.tenant_id AND t.kind = %s "
            f"GROUP BY 1, 2, 3, 4",
            [TenantKind.CLIENT],
        )
        return int(cursor.rowcount)


# ------------------------------------------------------------------------------ recount and rebuild
# A source answers, for the tenant schema the connection is in, its records grouped as
# (currency, São Paulo day, method, status, count, amount, fee).
Source = Callable[[], Iterable[tuple[str, date, str, str, int, int, int]]]
_SOURCES: dict[str, Source] = {}


def register_source(kind: str, source: Source) -> None:
    _SOURCES[kind] = source


Key = tuple[str, str, date, str, str]  # kind, currency, day, method, status


def recount(tenant: Tenant) -> dict[Key, tuple[int, int, int]]:
    """The roll-ups of `tenant` as its source rows say they should be (zero rows left out)."""
    counts: dict[Key, tuple[int, int, int]] = {}
    with tenant_context(tenant):
        for kind, source in sorted(_SOURCES.items()):
            for currency, day, method, status, n, amount, fee in source():
                if n:
                    counts[(kind, currency, day, method, status)] = (n, amount, fee)
    return counts


def stored(tenant: Tenant) -> dict[Key, tuple[int, int, int]]:
    """The roll-ups of `tenant` as stored (zero rows left out)."""
    rows = Rollup.objects.filter(tenant=tenant).exclude(count=0, amount=0, fee=0)
    return {
        (r.kind, r.currency, r.day, r.method, r.status): (r.count, r.amount, r.fee) for r in rows.order_by()
    }


def rebuild(tenant: Tenant) -> int:
    """Replace the roll-ups of `tenant` with a recount of its source rows; returns the rows written.

    Locks the tenant's roll-up rows first, so a change committing meanwhile waits and then adds to
    the rebuilt rows (run it when the tenant is quiet to be sure a change in flight is included)."""
    with transaction.atomic():
        counts = recount(tenant)
        table = connection.ops.quote_name(Rollup._meta.db_table)
        with connection.cursor() as cursor:
            cursor.execute(
                f"DELETE FROM {table} WHERE tenant_id = %s "  # noqa: S608
                "RETURNING kind, currency, day, status, count, amount, fee",
                [tenant.pk],
            )
            removed = cursor.fetchall()
        Rollup.objects.bulk_create(
            Rollup(tenant=tenant, kind=k[0], currency=k[1], day=k[2], method=k[3], status=k[4],
                   count=v[0], amount=v[1], fee=v[2])
            for k, v in counts.items()
        )  # fmt: skip
        MonthlyRollup.objects.filter(tenant=tenant).delete()
        MonthlyRollup.objects.bulk_create(
            MonthlyRollup(tenant=tenant, kind=k[0], currency=k[1], month=k[2], method=k[3], status=k[4],
                          count=v[0], amount=v[1], fee=v[2])
            for k, v in by_month(counts).items()
        )  # fmt: skip
        if tenant.kind == TenantKind.CLIENT:  # the platform's rows move by what the rebuild changed
            moved: dict[tuple[str, str, date, str], list[int]] = {}
            for kind, currency, day, status, n, amount, fee in removed:
                bucket = moved.setdefault((kind, currency, day, status), [0, 0, 0])
                bucket[0], bucket[1], bucket[2] = bucket[0] - n, bucket[1] - amount, bucket[2] - fee
            for (kind, currency, day, _method, status), (n, amount, fee) in counts.items():
                bucket = moved.setdefault((kind, currency, day, status), [0, 0, 0])
                bucket[0], bucket[1], bucket[2] = bucket[0] + n, bucket[1] + amount, bucket[2] + fee
            _add_to_platform(tenant, [(*key, *value) for key, value in sorted(moved.items()) if any(value)])
    return len(counts)


def _add_to_platform(tenant: Tenant, rows: list[tuple[Any, ...]]) -> None:
    """Add (kind, currency, day, status, count, amount, fee) rows of a client to the platform's rows."""
    if not rows:
        return
    platform = connection.ops.quote_name(PlatformRollup._meta.db_table)
    tenants = connection.ops.quote_name(Tenant._meta.db_table)
    values = ", ".join(["(%s, %s, %s, %s::date, %s, %s::bigint, %s::bigint, %s::bigint)"] * len(rows))
    sql = (
        f"WITH d (tenant_id, kind, currency, day, status, count, amount, fee) AS (VALUES {values}) "
        f"{_PLATFORM_INSERT.format(platform=platform, tenants=tenants, source='d')}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [value for row in rows for value in (tenant.pk, *row)] + [TenantKind.CLIENT])


def by_month(counts: dict[Key, tuple[int, int, int]]) -> dict[Key, tuple[int, int, int]]:
    """Daily figures summed per month (the key's day becomes its month's first day)."""
    months: dict[Key, tuple[int, int, int]] = {}
    for (kind, currency, day, method, status), (n, amount, fee) in counts.items():
        key = (kind, currency, day.replace(day=1), method, status)
        had = months.get(key, (0, 0, 0))
        months[key] = (had[0] + n, had[1] + amount, had[2] + fee)
    return {key: value for key, value in months.items() if any(value)}


def stored_monthly(tenant: Tenant) -> dict[Key, tuple[int, int, int]]:
    """The monthly roll-ups of `tenant` as stored (zero rows left out)."""
    rows = MonthlyRollup.objects.filter(tenant=tenant).exclude(count=0, amount=0, fee=0)
    return {
        (r.kind, r.currency, r.month, r.method, r.status): (r.count, r.amount, r.fee) for r in rows.order_by()
    }
