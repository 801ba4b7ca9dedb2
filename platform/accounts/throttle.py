"""Failed-login throttling per account and per address, counted in Redis, keyed by tenant."""

from __future__ import annotations

import math

from django.conf import settings

from core.redis import redis_client, tenant_key


def _keys(email: str, ip: str | None) -> tuple[str, str]:
    return tenant_key("login-fail", "account", email), tenant_key("login-fail", "ip", ip or "unknown")


def locked_for_seconds(email: str, ip: str | None) -> int:
    """Seconds until this account/address may try again (0 when not locked)."""
    account_key, ip_key = _keys(email, ip)
    client = redis_client()
    account_fails, ip_fails = client.mget(account_key, ip_key)
    locked_keys = []
    if account_fails is not None and int(account_fails) >= settings.LOGIN_MAX_FAILURES_PER_ACCOUNT:
        locked_keys.append(account_key)
    if ip_fails is not None and int(ip_fails) >= settings.LOGIN_MAX_FAILURES_PER_ADDRESS:
        locked_keys.append(ip_key)
    if not locked_keys:
        return 0
    return max(max(int(client.ttl(key)), 1) for key in locked_keys)


def register_failure(email: str, ip: str | None) -> None:
    client = redis_client()
    keys = _keys(email, ip)
    counts = [client.incr(key) for key in keys]
    # The window starts at the first failure (EXPIRE ... NX needs Redis 7; the embedded one is 6.2).
    for key, count in zip(keys, counts, strict=True):
        if count == 1 or client.ttl(key) < 0:
            client.expire(key, settings.LOGIN_LOCKOUT_SECONDS)


def clear_account(email: str, ip: str | None) -> None:
    redis_client().delete(_keys(email, ip)[0])


def minutes(seconds: int) -> int:
    return max(1, math.ceil(seconds / 60))
