"""Keyset (cursor) pagination: stable under inserts and fast at any depth (no OFFSET; see DESIGN.md)."""

from __future__ import annotations

import base64
import json
from datetime import date
from typing import Any, TypeVar

from django.db.models import Model, Q, QuerySet

from core.errors import AppError

M = TypeVar("M", bound=Model)
PAGE_SIZES = (10, 25, 50, 100)
DEFAULT_PAGE_SIZE = 25


def encode_cursor(value: Any, pk: int) -> str:
    raw = json.dumps([value.isoformat() if isinstance(value, date) else value, pk])
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[Any, int]:
    try:
        padded = cursor + "=" * (-len(cursor) % 4)
        value, pk = json.loads(base64.urlsafe_b64decode(padded.encode()))
        return value, int(pk)
    except (ValueError, TypeError) as exc:
        raise AppError("invalid_input", fields={"cursor": "invalid"}) from exc


def keyset_page(
    queryset: QuerySet[M], *, sort: str, allowed: tuple[str, ...], cursor: str | None, size: int
) -> tuple[list[M], str | None]:
    """One page ordered by (sort field, id), both in the sort's direction, after `cursor`."""
    if sort.lstrip("-") not in allowed:
        raise AppError("invalid_input", fields={"sort": "invalid"})
    if size not in PAGE_SIZES:
        raise AppError("invalid_input", fields={"per_page": "invalid"})
    field = sort.lstrip("-")
    descending = sort.startswith("-")
    if cursor:
        value, pk = decode_cursor(cursor)
        op = "lt" if descending else "gt"
        queryset = queryset.filter(Q(**{f"{field}__{op}": value}) | Q(**{field: value, f"pk__{op}": pk}))
    ordering = (f"-{field}", "-pk") if descending else (field, "pk")
    rows = list(queryset.order_by(*ordering)[: size + 1])
    next_cursor = None
    if len(rows) > size:
        rows = rows[:size]
        last = rows[-1]
        next_cursor = encode_cursor(getattr(last, field), last.pk)
    return rows, next_cursor
