"""Deposit list: filters, search, summary. Reads only the current tenant's schema."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.contrib.postgres.search import SearchQuery, SearchVector
from django.db import OperationalError, connection, transaction
from django.db.models import Avg, Count, QuerySet, Sum
from django.db.models.functions import TruncDate

from brazil.documents import validate_document
from brazil.errors import DocumentError
from core.dates import day_end, day_start
from core.pagination import SELECTIVE_BUDGET_MS, SlowPage
from core.text import search_text
from payments.models import MAX_WORD, Deposit

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


def filtered(filters: DepositFilters) -> QuerySet[Deposit]:
    qs = Deposit.objects.all()
    if filters.status:
        qs = qs.filter(status__in=filters.status)
    if filters.method:
        qs = qs.filter(method__in=filters.method)
    if filters.currency:
        qs = qs.filter(currency__in=filters.currency)
    if filters.date_from:
        qs = qs.filter(created_at__gte=day_start(filters.date_from))
    if filters.date_to and (end := day_end(filters.date_to)):
        qs = qs.filter(created_at__lt=end)
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


def name_terms(term: str) -> list[str]:
    """The words of a name search, as the name-token index holds them."""
    return [w[:MAX_WORD] for w in WORD_RE.findall(search_text(term))]


# A prefix that expands to more words than this is short and common ("a", "ma"): its matches are
# dense, so walking the created_at index finds a page at once (the plain query does that).
MAX_EXPANSION = 64
MAX_STREAMS = 3  # the longest words are streamed; any other is checked on the deposit row
PLAN_SETTINGS = (
    "SET LOCAL enable_sort = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_hashagg = off; "
    "SET LOCAL enable_hashjoin = off; "
    "SET LOCAL max_parallel_workers_per_gather = 0"
)
PLANNER_KNOBS = (
    *("statement_timeout", "enable_sort", "enable_bitmapscan", "enable_hashagg", "enable_hashjoin"),
    "max_parallel_workers_per_gather",
)
PLAN_RESET = "; ".join(f"SET LOCAL {name} = DEFAULT" for name in PLANNER_KNOBS)


def name_page(
    filters: DepositFilters,
    words: list[str],
    *,
    descending: bool,
    after: tuple[Any, int] | None,
    limit: int,
    fields: tuple[str, ...] = (),
) -> list[Deposit] | None:
    """A page of a name search in created_at order, read from the name-token index
    (models.DepositNameToken). Each word of the term is expanded to the vocabulary words it prefixes;
    a word's stream is the merge of their tokens, read in key order (so already in created_at order)
    and deduplicated; the words' streams are intersected by a merge join, then joined to the deposit
    and checked against the other filters. A page costs about `limit` index entries per word unless
    the other filters reject most rows; it gets the selective time budget and raises SlowPage past
    it. None when every word is too common a prefix for this plan (the caller's plain query, which
    walks the created_at index, finds dense matches at once). `fields`: load only these (and id)."""
    candidates = sorted(set(words), key=len, reverse=True)[:MAX_STREAMS]
    expansions = _expand(candidates)
    if any(not expansion for expansion in expansions):
        return []  # no name has a word starting with one of the words
    streamed = [expansion for expansion in expansions if len(expansion) <= MAX_EXPANSION]
    if not streamed:
        return None
    # the columns to load, by name (the model's own attribute names: constants, never user input)
    # (in the model's field order: Model.from_db takes a partial row in that order)
    wanted = {"id", *fields}
    columns = [f.attname for f in Deposit._meta.concrete_fields if not fields or f.attname in wanted]
    select = ", ".join(f"d.{column}" for column in columns)
    direction = "DESC" if descending else "ASC"
    branch, branch_params = _token_branch(filters, direction, after)
    conditions, params = _row_conditions(filters, words, all_streamed=len(streamed) == len(set(words)))
    order = f"ORDER BY created_at {direction}, deposit_id {direction}"
    # Only constant fragments and the direction keyword are spliced in; every value is a parameter.
    streams = [
        f"(SELECT DISTINCT created_at, deposit_id FROM ({' UNION ALL '.join([branch] * len(e))}) u {order})"  # noqa: S608
        for e in streamed
    ]
    tokens = (
        streams[0]
        + " s0"
        + "".join(f" JOIN {s} s{n} USING (created_at, deposit_id)" for n, s in enumerate(streams[1:], 1))
    )
    sql = (
        f"SELECT {select} FROM (SELECT created_at, deposit_id FROM {tokens} {order}) t "  # noqa: S608
        "JOIN payments_deposit d ON d.id = t.deposit_id"
        + "".join(f" AND {c}" if n else f" WHERE {c}" for n, c in enumerate(conditions))
        + f" ORDER BY t.created_at {direction}, t.deposit_id {direction} LIMIT %s"
    )
    params = [v for e in streamed for word in e for v in (word, *branch_params)] + [*params, limit]
    nested = connection.in_atomic_block  # then SET LOCAL would outlive this block: undone below
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            # The plan this query is written for: each word's tokens read in key order and merged.
            # The planner, which does not know how few rows the LIMIT will take, would rather
            # collect every token of a common word and sort them. (SET LOCAL ends with the transaction.)
            cursor.execute(f"SET LOCAL statement_timeout = {SELECTIVE_BUDGET_MS}; {PLAN_SETTINGS}")
            cursor.execute(sql, params)
            rows = [Deposit.from_db(connection.alias, columns, row) for row in cursor.fetchall()]
            if nested:
                cursor.execute(PLAN_RESET)
            return rows
    except OperationalError as exc:
        if getattr(exc.__cause__, "sqlstate", None) != "57014":  # query_canceled
            raise
        raise SlowPage from exc


def _expand(words: list[str]) -> list[list[str]]:
    """For each word, the vocabulary words it prefixes (at most MAX_EXPANSION + 1), in one query."""
    if not words:
        return []
    branch = "(SELECT %s, word FROM payments_nameword WHERE word LIKE %s ORDER BY word LIMIT %s)"
    params: list[Any] = []
    for n, word in enumerate(words):  # words hold only [a-z0-9]: nothing to escape for LIKE
        params.extend([n, f"{word}%", MAX_EXPANSION + 1])
    expansions: list[list[str]] = [[] for _ in words]
    with connection.cursor() as cursor:
        cursor.execute(" UNION ALL ".join([branch] * len(words)), params)
        for n, word in cursor.fetchall():
            expansions[n].append(word)
    return expansions


def _token_branch(
    filters: DepositFilters, direction: str, after: tuple[Any, int] | None
) -> tuple[str, list[Any]]:
    """One word's tokens in key order (the period and the cursor are ranges of the key)."""
    where: list[str] = ["word = %s"]
    params: list[Any] = []
    if filters.date_from:
        where.append("created_at >= %s")
        params.append(day_start(filters.date_from))
    if filters.date_to and (end := day_end(filters.date_to)):
        where.append("created_at < %s")
        params.append(end)
    if after is not None:
        where.append(f"(created_at, deposit_id) {'<' if direction == 'DESC' else '>'} (%s::timestamptz, %s)")
        params.extend(after)
    sql = (
        "(SELECT created_at, deposit_id FROM payments_depositnametoken WHERE "  # noqa: S608
        + " AND ".join(where)
        + f" ORDER BY created_at {direction}, deposit_id {direction})"
    )
    return sql, params


def _row_conditions(
    filters: DepositFilters, words: list[str], *, all_streamed: bool
) -> tuple[list[str], list[Any]]:
    """The other filters, checked on each deposit the token stream yields."""
    where: list[str] = []
    params: list[Any] = []
    for column, values in (
        ("status", filters.status),
        ("method", filters.method),
        ("currency", filters.currency),
    ):
        if values:
            where.append(f"d.{column} = ANY(%s)")
            params.append(list(values))
    if filters.amount_min is not None:
        where.append("d.amount >= %s")
        params.append(filters.amount_min)
    if filters.amount_max is not None:
        where.append("d.amount <= %s")
        params.append(filters.amount_max)
    if not all_streamed:  # a word too common to stream is checked on the row
        where.append("to_tsvector('simple', d.search_name) @@ to_tsquery('simple', %s)")
        params.append(" & ".join(f"{w}:*" for w in words))
    return where, params


def is_selective(qs: QuerySet[Deposit]) -> bool:
    """A name search: its matches are found through the full-text index, not the sort index."""
    return "fts" in qs.query.annotations


def summary(qs: QuerySet[Deposit]) -> dict[str, Any]:
    """Count, amount, fees and average ticket of the filtered set, per currency, in one scan."""
    rows = (
        qs.order_by()
        .values("currency")
        .annotate(n=Count("id"), total=Sum("amount"), fees=Sum("fee"), avg=Avg("amount"))
        .order_by("currency")
    )
    currencies = [
        {
            "currency": row["currency"],
            "count": row["n"],
            "amount": row["total"] or 0,
            "fee": row["fees"] or 0,
            "average_ticket": round(row["avg"] or 0),
        }
        for row in rows
    ]
    return {"count": sum(c["count"] for c in currencies), "currencies": currencies}


def rollup_source() -> list[tuple[str, date, str, str, int, int, int]]:
    """The deposits of this schema grouped as the statistics roll-ups count them (stats.rollups):
    currency, São Paulo day of creation, method, current status; count, amount, fee."""
    day = TruncDate("created_at", tzinfo=ZoneInfo(settings.TIME_ZONE))
    rows = (
        Deposit.objects.order_by()
        .annotate(day=day)
        .values("currency", "day", "method", "status")
        .annotate(n=Count("id"), total=Sum("amount"), fees=Sum("fee"))
        .values_list("currency", "day", "method", "status", "n", "total", "fees")
    )
    return [(c, d, m, s, n, total or 0, fees or 0) for c, d, m, s, n, total, fees in rows]
