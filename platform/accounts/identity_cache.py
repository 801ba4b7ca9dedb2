"""Who a request is, cached per process: the tenant of a host, a user, a member's membership.

Every API request needs them (three queries before the view runs). They change rarely, and a change
must be seen at once (a suspended tenant or a removed member is refused on the next request). So the
entries live in this process, and each request first reads one Redis number, the identity
generation, which any change to a user, membership, tenant or domain increments (signals below); a
process that sees a new generation drops every entry.

The generation is incremented twice: at the change (the next request of this transaction's own
connection, e.g. in tests, reloads) and after its commit (an entry another process loaded between
the change and the commit, from the old rows, is dropped). Outside a request (jobs, commands, shell)
nothing is cached. Redis unreachable: nothing is cached either, the request reads the database.
Entries are handed out as copies, so a request that changes its objects changes nobody else's.
Inside a transaction nothing is read from or kept in the cache (a rolled-back change must not stay).
"""

from __future__ import annotations

import copy
import logging
import threading
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, TypeVar

from django.conf import settings
from django.db import connection, transaction
from redis.exceptions import RedisError

from core.redis import redis_client

log = logging.getLogger(__name__)
T = TypeVar("T")

_entries: ContextVar[dict[tuple[Any, ...], Any] | None] = ContextVar("identity_entries", default=None)
_lock = threading.Lock()
_process: dict[str, Any] = {"generation": None, "entries": {}}


def _key() -> str:
    return f"{settings.REDIS_NAMESPACE}:platform:identity-generation"


def begin_request() -> None:
    """Once per request, before any lookup: validate this process's entries."""
    try:
        generation = redis_client().get(_key()) or b"0"
    except RedisError:
        log.warning("identity cache disabled for this request: Redis unreachable")
        _entries.set(None)
        return
    with _lock:
        if _process["generation"] != generation:
            _process["generation"] = generation
            _process["entries"] = {}
        _entries.set(_process["entries"])


def end_request() -> None:
    _entries.set(None)


def lookup(key: tuple[Any, ...], load: Callable[[], T]) -> T:
    """The cached value of `key` (a copy), loading it on a miss. Just `load` outside a request, and
    inside a transaction: it may have changed these rows (it must read its own writes) and may still
    roll back (what it read must not be kept for others)."""
    entries = _entries.get()
    if entries is None or connection.in_atomic_block:
        return load()
    if key not in entries:
        entries[key] = load()
    value: T = copy.deepcopy(entries[key])
    return value


def changed(**_: Any) -> None:
    """A user, membership, tenant or domain changed (signal receiver)."""
    with _lock:
        _process["entries"] = {}
    _bump()
    transaction.on_commit(_bump)


def _bump() -> None:
    try:
        redis_client().incr(_key())
    except RedisError:  # pragma: no cover - then no request can use the cache either
        log.exception("could not advance the identity generation")
