"""Refund list: filters and search. Reads only the current tenant's schema."""

from __future__ import annotations

import re
from datetime import date

from django.db.models import QuerySet

from core.dates import day_end, day_start
from refunds.models import Refund

REFUND_ID_RE = re.compile(r"^ref_[0-9a-f]{20}$")
DEPOSIT_ID_RE = re.compile(r"^dep_[0-9a-f]{20}$")


def filtered(
    qs: QuerySet[Refund],
    *,
    deposit: str = "",
    status: list[str] | None = None,
    date_from: date | None = None,
    date_to: date | None = None,
    q: str = "",
) -> QuerySet[Refund]:
    """The refunds of one deposit, of some statuses, requested in a period, found by `q`."""
    if deposit:
        qs = qs.filter(deposit__public_id=deposit)
    if status:
        qs = qs.filter(status__in=status)
    if date_from:
        qs = qs.filter(created_at__gte=day_start(date_from))
    if date_to and (end := day_end(date_to)):
        qs = qs.filter(created_at__lt=end)
    return search(qs, q.strip())


def search(qs: QuerySet[Refund], term: str) -> QuerySet[Refund]:
    """By the refund's or its deposit's id (exact), else by the payer's name (a part of it)."""
    if not term:
        return qs
    if REFUND_ID_RE.match(term.lower()):
        return qs.filter(public_id=term.lower())
    if DEPOSIT_ID_RE.match(term.lower()):
        return qs.filter(deposit__public_id=term.lower())
    return qs.filter(deposit__payer_name__icontains=term)
