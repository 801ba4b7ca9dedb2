"""Sessions read from Redis and written to both (Django's `cached_db`), that keep working while Redis
is away.

Django's `cached_db` already falls back to the database when the cache cannot be read and logs a
failed cache write on save, but a session loaded from the database is then written to the cache
unguarded: every signed-in request would fail while Redis is away. Here that write is best effort
too. Forgetting a session (logout, key rotation) still fails while Redis is away, on purpose: a
session deleted from the database but left in Redis would come back, signed in, with Redis.
"""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.sessions.backends import cached_db, db
from django.contrib.sessions.backends.base import UpdateError
from django.db import InterfaceError, OperationalError

logger = logging.getLogger(__name__)


class SessionStore(cached_db.SessionStore):
    def save(self, must_create: bool = False) -> None:
        """Django reports any database error while updating a session as "the session was deleted
        meanwhile" (a 400); PostgreSQL being away is a 503 like everywhere else."""
        try:
            super().save(must_create)
        except UpdateError as exc:
            cause = exc.__context__
            if isinstance(cause, OperationalError | InterfaceError):
                raise cause from None
            raise

    def exists(self, session_key: str) -> bool:
        """Whether a new key is taken: the database answers when the cache cannot (every session is
        written to the database, so it alone is enough)."""
        try:
            return bool(super().exists(session_key))
        except Exception:  # Redis away
            return bool(session_key) and db.SessionStore.exists(self, session_key)

    def load(self) -> dict[str, Any]:
        try:
            data = self._cache.get(self.cache_key)  # type: ignore[attr-defined]
        except Exception:  # Redis away (or a key the cache refuses): read the database
            data = None
        if data is not None:
            return dict(data)
        row = self._get_session_from_db()  # type: ignore[attr-defined]
        if not row:
            return {}
        decoded: dict[str, Any] = self.decode(row.session_data)
        try:
            self._cache.set(self.cache_key, decoded, self.get_expiry_age(expiry=row.expire_date))  # type: ignore[attr-defined]
        except Exception as exc:
            logger.warning("session not cached (Redis unreachable: %s)", exc)
        return decoded
