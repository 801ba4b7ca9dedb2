"""Deposit list: filters, search, summary. Reads only the current tenant's schema."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any

from django.contrib.postgres.search import SearchQuery, SearchVector
from django.db.models import Avg, Count, QuerySet, Sum
from django.utils import timezone

from brazil.documents import validate_document
from brazil.errors import DocumentError
from payments.models import Deposit
from payments.services import search_text

PUBLIC_ID_RE = re.compile(r"^dep_[0-9a-f]{20}$")
WORD_RE = re.compile(r"[a-z0-9]+")
TRANSACTION_ID_RE = re.compile(r"^[A-Za-z0-9_-]{8,80}$")


@dataclass(frozen=True)
class DepositFilters:
    status: list[str]
    method: list[str]
    currency: list[str]
    date_from: date | None = None
    date_to: date | None = None
    amount_min: int | None = None
    amount_max: int | None = None
    q: str = ""


def _day_start(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


def filtered(filters: DepositFilters) -> QuerySet[Deposit]:
    qs = Deposit.objects.all()
    if filters.status:
        qs = qs.filter(status__in=filters.status)
    if filters.method:
        qs = qs.filter(method__in=filters.method)
    if filters.currency:
        qs = qs.filter(currency__in=filters.currency)
    if filters.date_from:
        qs = qs.filter(created_at__gte=_day_start(filters.date_from))
    if filters.date_to:
        qs = qs.filter(created_at__lt=_day_start(filters.date_to + timedelta(days=1)))
    if filters.amount_min is not None:
        qs = qs.filter(amount__gte=filters.amount_min)
    if filters.amount_max is not None:
        qs = qs.filter(amount__lte=filters.amount_max)
    return search(qs, filters.q.strip())


def search(qs: QuerySet[Deposit], term: str) -> QuerySet[Deposit]:
    """By public id or the bank's transaction id (exact), by CPF/CNPJ (exact, any punctuation) or by
    name (every word as a prefix).

    Name search uses PostgreSQL full-text search on an accent-free copy of the name with a GIN index:
    pg_trgm is not available in the embedded PostgreSQL, and ILIKE '%x%' would scan every row.
    """
    if not term:
        return qs
    if PUBLIC_ID_RE.match(term.lower()):
        return qs.filter(public_id=term.lower())
    if TRANSACTION_ID_RE.match(term) and qs.filter(provider_reference=term).exists():
        return qs.filter(provider_reference=term)  # the bank's transaction id
    try:
        return qs.filter(payer_document=validate_document(term).value)
    except DocumentError:
        pass
    words = WORD_RE.findall(search_text(term))
    if not words:
        return qs.none()
    query = SearchQuery(" & ".join(f"{w}:*" for w in words), search_type="raw", config="simple")
    return qs.annotate(fts=SearchVector("search_name", config="simple")).filter(fts=query)


def is_selective(qs: QuerySet[Deposit]) -> bool:
    """A name search: its matches are found through the full-text index, not the sort index."""
    return "fts" in qs.query.annotations


def summary(qs: QuerySet[Deposit]) -> dict[str, Any]:
    agg = qs.aggregate(n=Count("id"), total=Sum("amount"), fees=Sum("fee"), avg=Avg("amount"))
    return {
        "count": agg["n"] or 0,
        "amount": agg["total"] or 0,
        "fee": agg["fees"] or 0,
        "average_ticket": round(agg["avg"] or 0),
    }
