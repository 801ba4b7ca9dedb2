"""Public ids: a prefix and 20 random hex characters (no sequence leaks, safe in URLs)."""

from __future__ import annotations

import secrets


def new_public_id(prefix: str) -> str:
    return f"{prefix}_{secrets.token_hex(10)}"
