"""Settlements: the deposits whose money moved from pending to available, grouped per São Paulo day,
method and currency (a tenant schema is one client). Not the settlement *schedule*
(payments.settlement: when a confirmed deposit is due).

`add` runs inside `transition_deposit`'s transaction, right after the deposit's `deposit_settled`
entry is known: one `INSERT ... ON CONFLICT DO UPDATE` adds the deposit to its day's row (atomic, so
concurrent settlements add up) and the deposit points at it. `regroup` rebuilds every row of the
current tenant from its settled deposits and the ledger (for the demo seed, which dates settlements
in the past, and for a database from before settlements existed: `manage.py group_settlements`).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db import connection, transaction
from django.db.models import QuerySet, Sum
from django.utils import timezone

from core.errors import AppError
from core.ids import new_public_id
from ledger.models import AccountKind, Posting
from payments.models import Deposit, Settlement
from tenants.models import Tenant

SETTLED_ENTRY = "deposit_settled"


def add(deposit: Deposit, net: int) -> int:
    """Count `deposit` (being settled now, `net` centavos credited to available) in today's
    settlement of its method and currency; answers the settlement's id. Call inside the transaction
    that settles it; the caller saves `deposit.settlement_id`."""
    now = timezone.now()
    gross = deposit.paid_amount or deposit.amount
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            INSERT INTO {Settlement._meta.db_table}
                (public_id, day, method, currency, count, gross, fee, net, created_at, updated_at)
            VALUES (%s, %s, %s, %s, 1, %s, %s, %s, %s, %s)
            ON CONFLICT (day, method, currency) DO UPDATE SET
                count = {Settlement._meta.db_table}.count + 1,
                gross = {Settlement._meta.db_table}.gross + EXCLUDED.gross,
                fee = {Settlement._meta.db_table}.fee + EXCLUDED.fee,
                net = {Settlement._meta.db_table}.net + EXCLUDED.net,
                updated_at = EXCLUDED.updated_at
            RETURNING id
            """,  # noqa: S608 (the table name is ours; every value is a parameter)
            [new_public_id("stl"), timezone.localdate(now), deposit.method, deposit.currency,
             gross, deposit.fee, net, now, now],
        )  # fmt: skip
        row = cursor.fetchone()
    assert row is not None
    return int(row[0])


def settled_nets(tenant: Tenant, references: list[str] | None = None) -> dict[str, int]:
    """Centavos each deposit's `deposit_settled` entry credited to available (by public id)."""
    postings = Posting.objects.filter(
        entry__tenant=tenant, entry__kind=SETTLED_ENTRY, account__kind=AccountKind.AVAILABLE
    )
    if references is not None:
        postings = postings.filter(entry__reference__in=references)
    totals = postings.values("entry__reference").annotate(total=Sum("amount")).order_by()
    return {row["entry__reference"]: -int(row["total"]) for row in totals}


def regroup(tenant: Tenant) -> int:
    """Replace the current tenant's settlements with the grouping of its settled deposits (by the São
    Paulo day of `settled_at`); nets from the ledger. Answers how many settlements there are."""
    nets = settled_nets(tenant)
    groups: dict[tuple[date, str, str], list[Deposit]] = defaultdict(list)
    settled = Deposit.objects.filter(settled_at__isnull=False).only(
        "pk", "public_id", "method", "currency", "amount", "paid_amount", "fee", "settled_at"
    )
    for deposit in settled.iterator(chunk_size=2000):
        assert deposit.settled_at is not None
        groups[(timezone.localdate(deposit.settled_at), deposit.method, deposit.currency)].append(deposit)
    with transaction.atomic():
        Deposit.objects.filter(settlement__isnull=False).update(settlement=None)
        Settlement.objects.all().delete()
        for (day, method, currency), deposits in sorted(groups.items()):
            settlement = Settlement.objects.create(
                public_id=new_public_id("stl"), day=day, method=method, currency=currency,
                count=len(deposits),
                gross=sum(d.paid_amount or d.amount for d in deposits),
                fee=sum(d.fee for d in deposits),
                net=sum(nets.get(d.public_id, 0) for d in deposits),
            )  # fmt: skip
            ids = [d.pk for d in deposits]
            for start in range(0, len(ids), 5000):
                Deposit.objects.filter(pk__in=ids[start : start + 5000]).update(settlement=settlement)
    return len(groups)


# ---------------------------------------------------------------------------------- reading
@dataclass(frozen=True)
class SettlementFilters:
    date_from: date | None = None
    date_to: date | None = None
    method: tuple[str, ...] = ()
    currency: tuple[str, ...] = ()


def filtered(filters: SettlementFilters) -> QuerySet[Settlement]:
    if filters.date_from and filters.date_to and filters.date_from > filters.date_to:
        raise AppError("invalid_input", fields={"date_to": "date_range_reversed"})
    qs = Settlement.objects.all()
    if filters.date_from:
        qs = qs.filter(day__gte=filters.date_from)
    if filters.date_to:
        qs = qs.filter(day__lte=filters.date_to)
    if filters.method:
        qs = qs.filter(method__in=filters.method)
    if filters.currency:
        qs = qs.filter(currency__in=filters.currency)
    return qs


def settlement_out(s: Settlement) -> dict[str, Any]:
    return {
        "id": s.public_id,
        "date": s.day,
        "method": s.method,
        "currency": s.currency,
        "count": s.count,
        "gross": s.gross,
        "fee": s.fee,
        "net": s.net,
        "created_at": s.created_at,
    }


def deposits_out(tenant: Tenant, deposits: list[Deposit]) -> list[dict[str, Any]]:
    nets = settled_nets(tenant, [d.public_id for d in deposits])
    return [
        {
            "id": d.public_id,
            "payer_name": d.payer_name,
            "payer_document": d.payer_document,
            "amount": d.paid_amount or d.amount,
            "fee": d.fee,
            "net": nets.get(d.public_id, 0),
            "settled_at": d.settled_at,
        }
        for d in deposits
    ]
