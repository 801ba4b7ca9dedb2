"""Keyset (cursor) pagination: stable under inserts and fast at any depth (no OFFSET; see DESIGN.md)."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import Any, TypeVar

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import OperationalError, connection, transaction
from django.db.models import (
    BigIntegerField,
    DateField,
    DateTimeField,
    ExpressionWrapper,
    F,
    Field,
    IntegerField,
    Model,
    Q,
    QuerySet,
    Value,
)
from django.utils import timezone

from core.errors import AppError

M = TypeVar("M", bound=Model)
R = TypeVar("R")  # a page's row: a model instance, or a dict of a `.values(...)` queryset (no model built)
PAGE_SIZES = (10, 25, 50, 100)
DEFAULT_PAGE_SIZE = 25


def encode_cursor(value: Any, pk: int) -> str:
    raw = json.dumps([value.isoformat() if isinstance(value, date) else value, pk])
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[Any, int]:
    """The (sort value, pk) a cursor carries, as JSON: the value is checked against the sort field by
    `keyset_page`. A cursor that is not one of ours is a 400 `invalid_cursor`, never a 500."""
    try:
        padded = cursor + "=" * (-len(cursor) % 4)
        value, pk = json.loads(base64.urlsafe_b64decode(padded.encode()))
        if isinstance(pk, bool) or not isinstance(pk, int) or not 0 < pk <= MAX_PK:
            raise ValueError("not a row id")
        return value, pk
    except (ValueError, TypeError) as exc:
        raise invalid_cursor() from exc


def invalid_cursor() -> AppError:
    return AppError("invalid_cursor", fields={"cursor": "invalid"})


MAX_PK = 2**63 - 1  # bigint


def _sort_field(queryset: QuerySet[Any, Any], name: str) -> Field[Any, Any]:
    """The model field, or the annotation's output field, a page is sorted on."""
    annotation = queryset.query.annotations.get(name)
    if annotation is not None:
        output: Field[Any, Any] = annotation.output_field
        return output
    field = queryset.model._meta.get_field(name)
    if not isinstance(field, Field):  # a relation's reverse side: never a sort key
        raise invalid_cursor()
    return field


def cursor_value(queryset: QuerySet[Any, Any], name: str, value: Any) -> Any:
    """A cursor's sort value as the sort field's Python type (an aware datetime, a date, an int), so
    every reader (the ORM or a fast path's raw SQL) gets a value the database accepts."""
    field = _sort_field(queryset, name)
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise invalid_cursor()
    try:
        converted = field.to_python(value)
    except (DjangoValidationError, ValueError, TypeError, OverflowError) as exc:
        raise invalid_cursor() from exc
    if converted is None:
        raise invalid_cursor()
    if isinstance(converted, datetime) and timezone.is_naive(converted):
        raise invalid_cursor()  # ours always carry their offset
    if isinstance(field, IntegerField) and not -MAX_PK <= converted <= MAX_PK:
        raise invalid_cursor()
    return converted


def _ordered_rows(
    queryset: QuerySet[Any, R], ordering: tuple[str, str], limit: int, *, selective: bool
) -> list[R]:
    """The page's rows. With `selective` (a filter whose matches are found through its own index, e.g.
    full-text search), a rare term makes PostgreSQL walk the sort index across the whole table
    looking for matches (seconds at a million rows). So the index-ordered plan gets a time budget;
    past it, the rows are ordered by an expression the sort index cannot serve, which makes the
    planner collect the (few) matches through the filter's index and sort them."""
    if not selective:
        return list(queryset.order_by(*ordering)[:limit])
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(f"SET LOCAL statement_timeout = {SELECTIVE_BUDGET_MS}")
            rows = list(queryset.order_by(*ordering)[:limit])
            cursor.execute("SET LOCAL statement_timeout = 0")
            return rows
    except OperationalError as exc:
        if getattr(exc.__cause__, "sqlstate", None) != "57014":  # query_canceled
            raise
    return rows_by_expression(queryset, ordering, limit)


def rows_by_expression(queryset: QuerySet[Any, R], ordering: tuple[str, str], limit: int) -> list[R]:
    """The same rows in the same order, sorted on `field + 0` so no btree on the field can serve it."""
    field, pk = ordering
    name = field.lstrip("-")
    temporal = isinstance(
        queryset.model._meta.get_field(name) if name in _fields(queryset) else None, DateField
    )
    expression = ExpressionWrapper(
        F(name) + Value(timedelta(0) if temporal or name.endswith("_sort") else 0),
        output_field=DateTimeField() if temporal or name.endswith("_sort") else BigIntegerField(),
    )
    by = expression.desc() if field.startswith("-") else expression.asc()
    return list(queryset.order_by(by, pk)[:limit])


SELECTIVE_BUDGET_MS = 40


class SlowPage(Exception):  # noqa: N818  (a signal, not an error)
    """A fast path ran past its time budget: the page is read ordered by expression instead."""


# fast(descending, after (sort value, pk) or None, limit) -> the page's rows, or None to use the
# plain query; may raise SlowPage.
FastPath = Callable[[bool, tuple[Any, int] | None, int], list[R] | None]


def _fields(queryset: QuerySet[Any, Any]) -> set[str]:
    return {f.name for f in queryset.model._meta.get_fields()}


def _row_value(row: Any, name: str) -> Any:
    if isinstance(row, dict):
        return row["id" if name == "pk" else name]
    return getattr(row, name)


def keyset_page(
    queryset: QuerySet[Any, R],
    *,
    sort: str,
    allowed: tuple[str, ...],
    cursor: str | None,
    size: int,
    selective: bool = False,
    fast: FastPath[R] | None = None,
) -> tuple[list[R], str | None]:
    """One page ordered by (sort field, id), both in the sort's direction, after `cursor`.

    A `.values(...)` queryset (it must include "id" and the sort field) pages dicts, with no model
    built per row. `fast`, when given, reads the page another way (e.g. through a dedicated index)
    with the same order and cursor semantics; it answers None to leave it to the plain query."""
    if sort.lstrip("-") not in allowed:
        raise AppError("invalid_input", fields={"sort": "invalid"})
    if size not in PAGE_SIZES:
        raise AppError("invalid_input", fields={"per_page": "invalid"})
    field = sort.lstrip("-")
    descending = sort.startswith("-")
    after = decode_cursor(cursor) if cursor else None
    if after:
        after = (cursor_value(queryset, field, after[0]), after[1])
        value, pk = after
        op = "lt" if descending else "gt"
        queryset = queryset.filter(Q(**{f"{field}__{op}": value}) | Q(**{field: value, f"pk__{op}": pk}))
    ordering = (f"-{field}", "-pk") if descending else (field, "pk")
    rows: list[R] | None = None
    if fast is not None:
        try:
            rows = fast(descending, after, size + 1)
        except SlowPage:
            rows = rows_by_expression(queryset, ordering, size + 1)
    if rows is None:
        rows = _ordered_rows(queryset, ordering, size + 1, selective=selective)
    next_cursor = None
    if len(rows) > size:
        rows = rows[:size]
        last = rows[-1]
        next_cursor = encode_cursor(_row_value(last, field), _row_value(last, "pk"))
    return rows, next_cursor
