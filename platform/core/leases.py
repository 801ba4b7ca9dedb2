"""Leases in Redis: at most one holder of a name at a time, for a bounded time.

`take` is `SET name token NX PX ttl`; only the holder of the token can renew or release it (a Lua
compare-and-set), so a run that outlived its lease cannot release the next holder's. A holder that
dies (a killed worker) simply lets the lease expire after `ttl_ms`. Keys carry REDIS_NAMESPACE.
"""

from __future__ import annotations

import uuid

from django.conf import settings

from core.redis import redis_client

_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
    return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
    return redis.call('del', KEYS[1])
end
return 0
"""


def lease_key(*parts: str) -> str:
    return ":".join((settings.REDIS_NAMESPACE, "lease", *parts))


def take(key: str, ttl_ms: int) -> str | None:
    """The lease's token if it was free, else None."""
    token = uuid.uuid4().hex
    return token if redis_client().set(key, token, nx=True, px=ttl_ms) else None


def renew(key: str, token: str, ttl_ms: int) -> bool:
    """Extend a lease still held with `token`; False when it expired (or another holder has it)."""
    return bool(redis_client().eval(_RENEW, 1, key, token, ttl_ms))


def release(key: str, token: str) -> bool:
    return bool(redis_client().eval(_RELEASE, 1, key, token))


def held(key: str) -> bool:
    return bool(redis_client().exists(key))
