"""Payout list: filters and search. Reads only the current tenant's schema."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.contrib.postgres.search import SearchQuery, SearchVector
from django.db.models import Count, Q, QuerySet, Sum
from django.db.models.functions import TruncDate

from brazil.documents import validate_document
from brazil.errors import DocumentError
from core.dates import day_end, day_start
from core.text import search_text
from payouts.models import Payout

PUBLIC_ID_RE = re.compile(r"^pay_[0-9a-f]{20}$")
WORD_RE = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class PayoutFilters:
    status: list[str]
    kind: list[str]
    method: list[str]
    currency: list[str]
    date_from: date | None = None
    date_to: date | None = None
    amount_min: int | None = None
    amount_max: int | None = None
    q: str = ""


def filtered(qs: QuerySet[Payout], filters: PayoutFilters) -> QuerySet[Payout]:
    for field, values in (
        ("status", filters.status),
        ("kind", filters.kind),
        ("method", filters.method),
        ("currency", filters.currency),
    ):
        if values:
            qs = qs.filter(**{f"{field}__in": values})
    if filters.date_from:
        qs = qs.filter(created_at__gte=day_start(filters.date_from))
    if filters.date_to and (end := day_end(filters.date_to)):
        qs = qs.filter(created_at__lt=end)
    if filters.amount_min is not None:
        qs = qs.filter(amount__gte=filters.amount_min)
    if filters.amount_max is not None:
        qs = qs.filter(amount__lte=filters.amount_max)
    return search(qs, filters.q.strip())


def search(qs: QuerySet[Payout], term: str) -> QuerySet[Payout]:
    """By our id or the bank's transaction id (exact), by CPF/CNPJ (any punctuation) or by the
    beneficiary's name (every word as a prefix, full-text search: see payments.queries)."""
    if not term:
        return qs
    if PUBLIC_ID_RE.match(term.lower()):
        return qs.filter(public_id=term.lower())
    try:
        return qs.filter(beneficiary_document=validate_document(term).value)
    except DocumentError:
        pass
    matches = Q(provider_reference=term)
    words = WORD_RE.findall(search_text(term))
    if words:
        query = SearchQuery(" & ".join(f"{w}:*" for w in words), search_type="raw", config="simple")
        qs = qs.annotate(fts=SearchVector("search_name", config="simple"))
        matches |= Q(fts=query)
    return qs.filter(matches)


def summary(qs: QuerySet[Payout]) -> dict[str, Any]:
    """Count, amount and fees of the filtered set per currency (reais are never added to dollars)."""
    rows = (
        qs.order_by()
        .values("currency")
        .annotate(n=Count("id"), total=Sum("amount"), fees=Sum("fee"))
        .order_by("currency")
    )
    currencies = [
        {"currency": r["currency"], "count": r["n"], "amount": r["total"] or 0, "fee": r["fees"] or 0}
        for r in rows
    ]
    return {"count": sum(c["count"] for c in currencies), "currencies": currencies}


def rollup_source() -> list[tuple[str, date, str, str, int, int, int]]:
    """The payouts of this schema grouped as the statistics roll-ups count them (stats.rollups):
    currency, São Paulo day of creation, method, current status; count, amount, fee."""
    day = TruncDate("created_at", tzinfo=ZoneInfo(settings.TIME_ZONE))
    rows = (
        Payout.objects.order_by()
        .annotate(day=day)
        .values("currency", "day", "method", "status")
        .annotate(n=Count("id"), total=Sum("amount"), fees=Sum("fee"))
        .values_list("currency", "day", "method", "status", "n", "total", "fees")
    )
    return [(c, d, m, s, n, total or 0, fees or 0) for c, d, m, s, n, total, fees in rows]
