"""The `Cofre-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, one
`v1=` per secret that signs (two during a rotation's overlap). Merchants verify it as in README.md."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence

HEADER = "Cofre-Signature"
TOLERANCE_SECONDS = 300


def sign(secret: str, timestamp: int, body: bytes) -> str:
    return hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()


def header(secrets: Sequence[str], timestamp: int, body: bytes) -> str:
    return ",".join([f"t={timestamp}", *(f"v1={sign(secret, timestamp, body)}" for secret in secrets)])


def verify(secret: str, value: str, body: bytes, now: int, tolerance: int = TOLERANCE_SECONDS) -> bool:
    """True when `value` (the header) carries a `v1=` of `body` with `secret`, stamped within
    `tolerance` seconds of `now`."""
    parts = [item.split("=", 1) for item in value.split(",") if "=" in item]
    stamps = [v for k, v in parts if k.strip() == "t"]
    if len(stamps) != 1 or not stamps[0].strip().isdigit():
        return False
    timestamp = int(stamps[0])
    if abs(now - timestamp) > tolerance:
        return False
    expected = sign(secret, timestamp, body)
    return any(hmac.compare_digest(expected, v.strip()) for k, v in parts if k.strip() == "v1")
