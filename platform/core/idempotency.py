"""`Idempotency-Key` on every create (deposits, refunds, bank accounts, webhook endpoints, exports, wallet
deposits; payouts have their own, required, variant).

A model that honours the header carries `idempotency_key` (unique, null when none was sent) and
`request_hash` (sha256 of what was asked and who asked). The same key with the same request answers the
first result (200); the same key with another request is a 409 `idempotency_conflict`. The header is
optional on these creates: without it every call creates.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from django.db import IntegrityError, models

from core.errors import AppError

KEY_RE = re.compile(r"[\x21-\x7e]{1,100}")  # printable ASCII, no spaces (as payouts')


class _Idempotent(Protocol):
    request_hash: str


M = TypeVar("M", bound=models.Model)


def optional_key(key: str | None) -> str | None:
    """The key sent (stripped), None when none was; a malformed one is a field error."""
    key = (key or "").strip()
    if not key:
        return None
    if not KEY_RE.fullmatch(key):
        raise AppError("invalid_input", fields={"Idempotency-Key": "invalid_format"})
    return key


def fingerprint(content: dict[str, Any]) -> str:
    """SHA-256 of what the request asks for (and who asks): a reused key must carry the same."""
    return hashlib.sha256(json.dumps(content, sort_keys=True, default=str).encode()).hexdigest()


def replay(queryset: models.QuerySet[M], key: str | None, request_hash: str) -> M | None:
    """The record already made with `key` (None when new); another request with it is a 409."""
    if key is None:
        return None
    existing = queryset.filter(idempotency_key=key).first()
    if existing is not None and getattr(existing, "request_hash", None) != request_hash:
        raise AppError("idempotency_conflict", status=409)
    return existing


def create_once(
    queryset: models.QuerySet[M],
    key: str | None,
    content: dict[str, Any],
    create: Callable[[str | None, str], M],
) -> tuple[M, bool]:
    """`create(key, request_hash)` unless `key` was seen: (record, created). The same key with the same
    `content` answers the first record, also when both arrive at once (the unique key makes the second
    insert fail, and the first answers); with other content, 409 `idempotency_conflict`. `content` is
    what is asked and by whom. `create` writes in its own transaction."""
    key = optional_key(key)
    request_hash = fingerprint(content) if key else ""
    existing = replay(queryset, key, request_hash)
    if existing is not None:
        return existing, False
    try:
        return create(key, request_hash), True
    except IntegrityError:
        winner = replay(queryset, key, request_hash)
        if winner is None:
            raise
        return winner, False
