"""Statistics read from the roll-ups (stats.models.Rollup) and the ledger's balances.

A period is a range of São Paulo days, `end` inclusive; a record counts in the day it was created on,
under its current status: exactly what the lists' `date_from`/`date_to`/`status` filters select.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.db.models import F, OuterRef, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce, TruncMonth
from django.utils import timezone

from access.scoped import visible_tenants
from accounts.models import Membership
from core.dates import day_end, day_start
from core.errors import AppError
from ledger.models import CREDIT_NORMAL, TENANT_KINDS, AccountKind, LedgerAccount, Posting
from stats.models import MonthlyRollup, PlatformRollup, Rollup
from tenants.models import Tenant, TenantKind

DEPOSIT_STATUSES = ("waiting", "pending", "confirmed", "paid_to_client", "canceled", "expired", "refunded")
PAYOUT_STATUSES = (
    "waiting", "approved", "pending", "confirmed", "paid_to_client", "rejected", "canceled", "reversed",
)  # fmt: skip
STATUSES = {"deposit": DEPOSIT_STATUSES, "payout": PAYOUT_STATUSES}
MAX_DAYS = 366  # a summary or a daily series: a year at most
MAX_MONTHS = 36  # a monthly series: three years at most


@dataclass(frozen=True)
class Period:
    start: date
    end: date  # inclusive


def checked_period(start: date | None, end: date | None, *, interval: str = "day") -> Period:
    """The period asked for (by default the current month up to today), or a 400 naming the field at
    fault."""
    today = timezone.localdate()
    end = end or max(today, start or today)
    start = start or end.replace(day=1)
    if start > end:
        raise AppError("invalid_input", fields={"to": "date_range_reversed"})
    if interval == "month":
        months = (end.year - start.year) * 12 + end.month - start.month + 1
        if months > MAX_MONTHS:
            raise AppError("invalid_input", fields={"from": "date_range_too_long"})
    elif (end - start).days + 1 > MAX_DAYS:
        raise AppError("invalid_input", fields={"from": "date_range_too_long"})
    return Period(start, end)


def _rollups(tenants: QuerySet[Tenant] | Tenant, currency: str, period: Period) -> QuerySet[Rollup]:
    return Rollup.objects.filter(
        _scope(tenants), currency=currency, day__gte=period.start, day__lte=period.end
    ).order_by()


def _empty(kind: str) -> dict[str, dict[str, int]]:
    return {status: {"count": 0, "amount": 0, "fee": 0} for status in STATUSES[kind]}


def _fill(totals: dict[str, dict[str, dict[str, int]]], rows: Iterable[Any]) -> None:
    for row in rows:
        bucket = totals.get(row["kind"], {}).get(row["status"])
        if bucket is not None:
            bucket["count"] += row["n"] or 0
            bucket["amount"] += row["total"] or 0
            bucket["fee"] += row["fees"] or 0


# External credits and debits (statements' maker-checker adjustments) live above this app: statements
# registers how to total its confirmed ones when it starts (`register_external`), as payments and payouts
# register their roll-up sources. A total is {"credits": {count, amount}, "debits": {count, amount}}.
ExternalTotals = Callable[[QuerySet[Tenant] | Tenant, str, Period], dict[str, dict[str, int]]]
_EXTERNAL: list[ExternalTotals] = []


def register_external(totals: ExternalTotals) -> None:
    if totals not in _EXTERNAL:
        _EXTERNAL.append(totals)


def external(tenants: QuerySet[Tenant] | Tenant, currency: str, period: Period) -> dict[str, dict[str, int]]:
    """Confirmed external credits and debits of the tenants created in the period (zeros without any)."""
    answer = {"credits": {"count": 0, "amount": 0}, "debits": {"count": 0, "amount": 0}}
    for totals in _EXTERNAL:
        for side, bucket in totals(tenants, currency, period).items():
            answer[side]["count"] += bucket["count"]
            answer[side]["amount"] += bucket["amount"]
    return answer


def summary(
    tenants: QuerySet[Tenant] | Tenant, currency: str, period: Period, *, every_client: bool = False
) -> dict[str, Any]:
    """Deposits and payouts per status ({count, amount, fee}) created in the period, the confirmed
    external credits and debits created in it, and the balance now. `every_client`: `tenants` are
    every client there is (staff who see them all), whose figures the platform's roll-ups hold summed."""
    fields = ("kind", "status")
    if every_client:
        rows = _platform_rows(currency, period, fields)
    else:
        rows = _period_rows(_scope(tenants), currency, period, fields)
    totals = {"deposit": _empty("deposit"), "payout": _empty("payout")}
    _fill(totals, rows)
    return {
        "currency": currency,
        "from": period.start,
        "to": period.end,
        "deposits": totals["deposit"],
        "payouts": totals["payout"],
        "balance": balance(tenants, currency),
        "external": external(tenants, currency, period),
    }


def balance(tenants: QuerySet[Tenant] | Tenant, currency: str) -> dict[str, int]:
    """Available, pending and held of the tenants in `currency`, from the ledger's snapshots."""
    scope = Q(tenant=tenants) if isinstance(tenants, Tenant) else Q(tenant__in=tenants.values("pk"))
    rows = (
        LedgerAccount.objects.filter(scope, currency=currency, kind__in=list(TENANT_KINDS))
        .order_by()
        .values("kind")
        .annotate(total=Sum("balance"))
    )
    answer = {"available": 0, "pending": 0, "held": 0}
    for row in rows:
        total = row["total"] or 0
        answer[row["kind"]] = -total if row["kind"] in CREDIT_NORMAL else total
    return answer


def _periods(period: Period, interval: str) -> list[date]:
    if interval == "month":
        first, out = period.start.replace(day=1), []
        while first <= period.end:
            out.append(first)
            if first.year == date.max.year and first.month == 12:
                break
            first = (first + timedelta(days=32)).replace(day=1)
        return out
    return [period.start + timedelta(days=n) for n in range((period.end - period.start).days + 1)]


def _scope(tenants: QuerySet[Tenant] | Tenant) -> Q:
    return Q(tenant=tenants) if isinstance(tenants, Tenant) else Q(tenant__in=tenants.values("pk"))


def _next_month(day: date) -> date | None:
    """The first day of the month after `day`'s (None after date.max's month)."""
    if day.year == date.max.year and day.month == 12:
        return None
    return (day.replace(day=1) + timedelta(days=32)).replace(day=1)


def _whole_months(period: Period) -> tuple[date, date] | None:
    """The first days of the first and the last month the period covers whole, or None. A month the
    period covers up to today counts as whole: nothing is created after today."""
    today = timezone.localdate()
    first = period.start if period.start.day == 1 else _next_month(period.start)
    month, last = first, None
    while month is not None and month <= period.end:
        after = _next_month(month)
        if (after is None or after - timedelta(days=1) > period.end) and period.end < today:
            break
        last, month = month, after
    return (first, last) if first is not None and last is not None else None


def _period_rows(scope: Q, currency: str, period: Period, fields: tuple[str, ...]) -> list[dict[str, Any]]:
    """Count, amount and fee (`n`, `total`, `fees`) summed per `fields` (of kind, status, tenant_id and
    `month`, the first day of the São Paulo month) over the period's days: the months it covers whole
    from the monthly roll-ups (a month is a few rows per client whatever the volume), the days of the
    months it cuts, at either end, from the daily ones."""
    sums = {"n": Sum("count"), "total": Sum("amount"), "fees": Sum("fee")}
    whole = _whole_months(period)
    rows: list[dict[str, Any]] = []
    days = Q()
    if whole is not None:
        first, last = whole
        monthly = MonthlyRollup.objects.filter(scope, currency=currency, month__gte=first, month__lte=last)
        rows += [dict(row) for row in monthly.order_by().values(*fields).annotate(**sums)]
        after = _next_month(last)
        if period.start >= first and (after is None or after > period.end):
            return rows  # no day outside the whole months
        days = Q(day__lt=first) | Q(day__gte=after) if after is not None else Q(day__lt=first)
    daily = Rollup.objects.filter(scope, days, currency=currency, day__gte=period.start, day__lte=period.end)
    if "month" in fields:
        daily = daily.annotate(month=TruncMonth("day"))
    rows += [dict(row) for row in daily.order_by().values(*fields).annotate(**sums)]
    return rows


def _platform_rows(currency: str, period: Period, fields: tuple[str, ...]) -> list[dict[str, Any]]:
    """`_period_rows` of every client, from the platform's roll-ups (a day is a row per kind and status
    whatever the number of clients)."""
    days = PlatformRollup.objects.filter(currency=currency, day__gte=period.start, day__lte=period.end)
    if "month" in fields:
        days = days.annotate(month=TruncMonth("day"))
    sums = {"n": Sum("count"), "total": Sum("amount"), "fees": Sum("fee")}
    return [dict(row) for row in days.order_by().values(*fields).annotate(**sums)]


def series(
    tenants: QuerySet[Tenant] | Tenant,
    currency: str,
    period: Period,
    interval: str,
    *,
    every_client: bool = False,
) -> dict[str, Any]:
    """Per day or month of the period (every one, zeros included): deposits and payouts per status.
    `every_client` as in `summary`."""
    rows: list[dict[str, Any]]
    group = "month" if interval == "month" else "day"
    if every_client:
        rows = _platform_rows(currency, period, (group, "kind", "status"))
    elif interval == "month":
        rows = _period_rows(_scope(tenants), currency, period, ("month", "kind", "status"))
    else:
        rows = [
            dict(row)
            for row in _rollups(tenants, currency, period)
            .values("day", "kind", "status")
            .annotate(n=Sum("count"), total=Sum("amount"), fees=Sum("fee"))
        ]
    points: dict[date, dict[str, dict[str, dict[str, int]]]] = {
        start: {"deposit": _empty("deposit"), "payout": _empty("payout")}
        for start in _periods(period, interval)
    }
    by_period: dict[date, list[dict[str, Any]]] = {}
    for row in rows:
        by_period.setdefault(row[group], []).append(row)
    for start, group_rows in by_period.items():
        if start in points:
            _fill(points[start], group_rows)
    return {
        "currency": currency,
        "from": period.start,
        "to": period.end,
        "interval": interval,
        "points": [
            {"period": start, "deposits": totals["deposit"], "payouts": totals["payout"]}
            for start, totals in points.items()
        ],
    }


# ------------------------------------------------------------------------------------------ volume
# What counts as volume: money that went through. Deposits paid (confirmed, settled to the client, or
# paid and refunded later: the refund is money out of its own) and payouts paid, under their current
# status, in the São Paulo day they were created on (as every other statistic counts them).
VOLUME_METHODS = ("billet", "card", "wire", "pix")  # the columns per method (others count in the total)
DEPOSITS_PAID = ("confirmed", "paid_to_client", "refunded")
PAYOUTS_PAID = ("confirmed", "paid_to_client")
VOLUME_CURRENCIES = ("BRL", "USD")
VOLUME_SUMS = (
    *(f"{method}_{part}" for method in VOLUME_METHODS for part in ("count", "amount")),
    "deposits_count", "deposits_amount", "payouts_count", "payouts_amount", "fees",
)  # fmt: skip
VOLUME_COLUMNS = ("client", "name", "currency", *VOLUME_SUMS, "balance")
VOLUME_SORTS = frozenset(VOLUME_COLUMNS)


def volume_tenants(membership: Membership, client: str) -> QuerySet[Tenant] | Tenant:
    """The clients a volume question covers: every client the user may see, or the one named by
    slug; a client the user may not name (unknown, outside its scope, not a client) is a field error:
    a filter's value, not an address."""
    if not client:
        if membership.tenant.kind == TenantKind.CLIENT:
            return membership.tenant
        return visible_tenants(membership).filter(kind=TenantKind.CLIENT)
    found = visible_tenants(membership).filter(slug=client, kind=TenantKind.CLIENT).first()
    if found is None:
        raise AppError("invalid_input", fields={"client": "unknown_client"})
    return found


def checked_sort(sort: str, sorts: frozenset[str]) -> str:
    if sort.removeprefix("-") not in sorts:
        raise AppError("invalid_input", fields={"sort": "invalid_sort"})
    return sort


def volume_queryset(
    tenants: QuerySet[Tenant] | Tenant, period: Period, currency: str = "", sort: str = "-deposits_amount"
) -> QuerySet[Any]:
    """One row per client and currency with money paid in the period (one GROUP BY over the roll-ups
    of every client in scope): deposits per method (count, amount), all deposits, payouts, fees of
    both, and the client's available balance now (the ledger's snapshot), as `VOLUME_COLUMNS`.
    Ordered by `sort` (a column, `-` for descending), then client and currency."""
    scope = Q(tenant=tenants) if isinstance(tenants, Tenant) else Q(tenant__in=tenants.values("pk"))
    deposits = Q(kind="deposit", status__in=DEPOSITS_PAID)
    payouts = Q(kind="payout", status__in=PAYOUTS_PAID)
    qs = Rollup.objects.filter(scope, deposits | payouts, day__gte=period.start, day__lte=period.end)
    if currency:
        qs = qs.filter(currency=currency)

    def total(field: str, condition: Q) -> Any:
        return Coalesce(Sum(field, filter=condition), Value(0))

    sums: dict[str, Any] = {}
    for method in VOLUME_METHODS:
        sums[f"{method}_count"] = total("count", deposits & Q(method=method))
        sums[f"{method}_amount"] = total("amount", deposits & Q(method=method))
    sums |= {
        "deposits_count": total("count", deposits),
        "deposits_amount": total("amount", deposits),
        "payouts_count": total("count", payouts),
        "payouts_amount": total("amount", payouts),
        "fees": total("fee", deposits | payouts),
    }
    available = (
        LedgerAccount.objects.filter(
            tenant=OuterRef("tenant_id"), currency=OuterRef("currency"), kind=AccountKind.AVAILABLE
        )
        .order_by()
        .values("tenant")
        .annotate(total=Sum("balance"))
        .values("total")
    )
    sign = -1 if AccountKind.AVAILABLE in CREDIT_NORMAL else 1
    rows: QuerySet[Any] = (
        qs.order_by()
        .annotate(client=F("tenant__slug"), name=F("tenant__name"))
        .values("tenant_id", "client", "name", "currency")
        .annotate(**sums)
        .annotate(balance=Coalesce(Subquery(available), Value(0)) * sign)
    )
    field = sort.removeprefix("-")
    first = F(field).desc() if sort.startswith("-") else F(field).asc()
    return rows.order_by(first, "client", "currency")


def volume(
    tenants: QuerySet[Tenant] | Tenant, period: Period, currency: str = "", sort: str = "-deposits_amount"
) -> dict[str, Any]:
    """`volume_queryset`'s rows, and their totals per currency (reais and dollars never added)."""
    rows = [
        {column: row[column] for column in VOLUME_COLUMNS}
        for row in volume_queryset(tenants, period, currency, sort)
    ]
    totals: dict[str, dict[str, Any]] = {}
    for row in rows:
        bucket = totals.setdefault(
            row["currency"],
            {"currency": row["currency"], "clients": 0, "balance": 0} | dict.fromkeys(VOLUME_SUMS, 0),
        )
        bucket["clients"] += 1
        for column in (*VOLUME_SUMS, "balance"):
            bucket[column] += row[column]
    return {
        "from": period.start,
        "to": period.end,
        "currency": currency,
        "rows": rows,
        "totals": [totals[c] for c in sorted(totals)],
    }


# ------------------------------------------------------------------------ a partner's report (issue 16)

PARTNER_REPORT_COLUMNS = (
    "client", "name", "currency", "deposits_count", "deposits_amount", "payouts_count", "payouts_amount",
    "fees", "commission", "balance",
)  # fmt: skip


def partner_report_queryset(partner: Tenant, clients: QuerySet[Tenant], period: Period) -> QuerySet[Any]:
    """One row per client of the partner and currency with any deposit or payout created in the period
    (São Paulo days), in one query over the statistics roll-ups: deposits and payouts paid (count,
    amount), their fees, the partner's commission on them (its `partner_commission` postings of the
    client's entries in the period) and the client's available balance now. `clients` is read when the
    query runs: a client unlinked before that is not in it."""
    deposits = Q(kind="deposit", status__in=DEPOSITS_PAID)
    payouts = Q(kind="payout", status__in=PAYOUTS_PAID)
    qs = Rollup.objects.filter(
        tenant__in=clients.filter(kind=TenantKind.CLIENT).values("pk"),
        day__gte=period.start, day__lte=period.end,
    )  # fmt: skip

    def total(field: str, condition: Q) -> Any:
        return Coalesce(Sum(field, filter=condition), Value(0))

    available = (
        LedgerAccount.objects.filter(
            tenant=OuterRef("tenant_id"), currency=OuterRef("currency"), kind=AccountKind.AVAILABLE
        )
        .order_by()
        .values("tenant")
        .annotate(total=Sum("balance"))
        .values("total")
    )
    posted = Posting.objects.filter(
        account__tenant=partner, account__kind=AccountKind.PARTNER_COMMISSION,
        account__currency=OuterRef("currency"), entry__tenant=OuterRef("tenant_id"),
        posted_at__gte=day_start(period.start),
    )  # fmt: skip
    if end := day_end(period.end):
        posted = posted.filter(posted_at__lt=end)
    commission = posted.order_by().values("account").annotate(total=Sum("amount")).values("total")
    sign = -1 if AccountKind.AVAILABLE in CREDIT_NORMAL else 1
    rows: QuerySet[Any] = (
        qs.order_by()
        .annotate(client=F("tenant__slug"), name=F("tenant__name"))
        .values("tenant_id", "client", "name", "currency")
        .annotate(
            deposits_count=total("count", deposits),
            deposits_amount=total("amount", deposits),
            payouts_count=total("count", payouts),
            payouts_amount=total("amount", payouts),
            fees=total("fee", deposits | payouts),
        )
        .annotate(
            commission=-Coalesce(Subquery(commission), Value(0)),  # a credit: owed to the partner
            balance=Coalesce(Subquery(available), Value(0)) * sign,
        )
    )
    return rows.order_by("name", "client", "currency")


def _month_after(day: date) -> date:
    return (day.replace(day=1) + timedelta(days=32)).replace(day=1)


def rollup_sums(tenant_ids: list[int], currency: str, period: Period) -> list[tuple[Any, ...]]:
    """(tenant_id, kind, status, count, amount, fee) of these tenants in one currency over the period's
    days: whole months from the monthly roll-ups, the days of a month the period covers in part from
    the daily ones. A month the period covers up to today counts as whole (nothing is created later).
    One query (UNION ALL of the two, when the period has part months)."""
    today = timezone.localdate()
    first_whole = period.start if period.start.day == 1 else _month_after(period.start)
    month = first_whole
    last_whole: date | None = None  # first day of the last whole month
    while month <= period.end:
        month_end = _month_after(month) - timedelta(days=1)
        if month_end > period.end and period.end < today:
            break
        last_whole = month
        month = _month_after(month)
    scope = Q(tenant_id__in=tenant_ids) if len(tenant_ids) != 1 else Q(tenant_id=tenant_ids[0])
    fields = ("tenant_id", "kind", "status")
    sums = {"n": Sum("count"), "total": Sum("amount"), "fees": Sum("fee")}
    parts: list[QuerySet[Any]] = []
    if last_whole is not None:
        months = MonthlyRollup.objects.filter(
            scope, currency=currency, month__gte=first_whole, month__lte=last_whole
        )
        parts.append(months.order_by().values_list(*fields).annotate(**sums))
        days = Q(day__lt=first_whole) | Q(day__gte=_month_after(last_whole))
    else:
        days = Q()
    if last_whole is None or period.start < first_whole or _month_after(last_whole) <= period.end:
        daily = Rollup.objects.filter(
            scope, days, currency=currency, day__gte=period.start, day__lte=period.end
        )
        parts.append(daily.order_by().values_list(*fields).annotate(**sums))
    if len(parts) == 1:
        return list(parts[0])
    return list(parts[0].union(parts[1], all=True))
