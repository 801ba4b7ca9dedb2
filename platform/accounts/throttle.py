"""Failed-login throttling per account and per address, counted in Redis, keyed by tenant (and, with
another `scope`, other attempts worth limiting the same way: password-reset requests).

With Redis unreachable, logins keep working and the counting goes on in this process (the limits then
hold per process instead of across them, until Redis answers again): neither a 500 nor an unthrottled
password guesser.
"""

from __future__ import annotations

import logging
import math
import threading
import time

from django.conf import settings
from redis.exceptions import RedisError

from core.redis import redis_client, tenant_key

log = logging.getLogger(__name__)
_local: dict[str, tuple[int, float]] = {}  # key -> (failures, monotonic time the window ends)
_local_lock = threading.Lock()


LOGIN = "login-fail"  # failed logins
RESET_REQUESTS = "reset-ask"  # password-reset requests (each one counts, found or not)


def _keys(email: str, ip: str | None, scope: str = LOGIN) -> tuple[str, str]:
    return tenant_key(scope, "account", email), tenant_key(scope, "ip", ip or "unknown")


def _limits() -> tuple[int, int]:
    return settings.LOGIN_MAX_FAILURES_PER_ACCOUNT, settings.LOGIN_MAX_FAILURES_PER_ADDRESS


def locked_for_seconds(email: str, ip: str | None, scope: str = LOGIN) -> int:
    """Seconds until this account/address may try again (0 when not locked)."""
    keys = _keys(email, ip, scope)
    try:
        return _redis_locked_for(keys)
    except RedisError as exc:
        log.warning("login throttle counted in this process: Redis unreachable (%s)", exc)
        return _local_locked_for(keys)


def _redis_locked_for(keys: tuple[str, str]) -> int:
    client = redis_client()
    counts = client.mget(*keys)
    locked_keys = [
        key
        for key, count, limit in zip(keys, counts, _limits(), strict=True)
        if count is not None and int(count) >= limit
    ]
    if not locked_keys:
        return 0
    return max(max(int(client.ttl(key)), 1) for key in locked_keys)


def _local_locked_for(keys: tuple[str, str]) -> int:
    now = time.monotonic()
    with _local_lock:
        waits = [
            math.ceil(ends - now)
            for key, limit in zip(keys, _limits(), strict=True)
            for count, ends in [_local.get(key, (0, now))]
            if count >= limit and ends > now
        ]
    return max(waits, default=0)


def register_failure(email: str, ip: str | None, scope: str = LOGIN) -> None:
    keys = _keys(email, ip, scope)
    try:
        client = redis_client()
        counts = [client.incr(key) for key in keys]
        # The window starts at the first failure (EXPIRE ... NX needs Redis 7; the embedded one is 6.2).
        for key, count in zip(keys, counts, strict=True):
            if count == 1 or client.ttl(key) < 0:
                client.expire(key, settings.LOGIN_LOCKOUT_SECONDS)
    except RedisError:
        now = time.monotonic()
        with _local_lock:
            for key in keys:
                count, ends = _local.get(key, (0, now))
                _local[key] = (count + 1, ends) if ends > now else (1, now + settings.LOGIN_LOCKOUT_SECONDS)


def clear_account(email: str, ip: str | None, scope: str = LOGIN) -> None:
    account_key = _keys(email, ip, scope)[0]
    with _local_lock:
        _local.pop(account_key, None)
    try:
        redis_client().delete(account_key)
    except RedisError:
        log.warning("login throttle: could not clear %s in Redis (unreachable)", account_key)


def minutes(seconds: int) -> int:
    return max(1, math.ceil(seconds / 60))


# ------------------------------------------------------------------- attempts of a public lookup
# The same fixed window for any public question a guesser could repeat (the receipt verifier): per
# address, across every host (the key is not namespaced by tenant), counted in Redis, else in this
# process. `attempt` counts one and answers the seconds to wait once over `limit` (0 while under).
def _attempt_key(scope: str, ip: str | None) -> str:
    return ":".join((settings.REDIS_NAMESPACE, "attempts", scope, ip or "unknown"))


def attempt(scope: str, ip: str | None, limit: int, window: int) -> int:
    key = _attempt_key(scope, ip)
    try:
        client = redis_client()
        count = int(client.incr(key))
        ttl = int(client.ttl(key))
        if count == 1 or ttl < 0:
            client.expire(key, window)
            ttl = window
    except RedisError as exc:
        log.warning("%s throttle counted in this process: Redis unreachable (%s)", scope, exc)
        now = time.monotonic()
        with _local_lock:
            count, ends = _local.get(key, (0, now))
            count, ends = (count + 1, ends) if ends > now else (1, now + window)
            _local[key] = (count, ends)
        ttl = math.ceil(ends - now)
    return max(ttl, 1) if count > limit else 0


def clear_attempts(scope: str, ip: str | None) -> None:
    key = _attempt_key(scope, ip)
    with _local_lock:
        _local.pop(key, None)
    try:
        redis_client().delete(key)
    except RedisError:
        log.warning("%s throttle: could not clear %s in Redis (unreachable)", scope, key)
