"""Encryption of secrets at rest (Fernet: AES-128-CBC + HMAC-SHA256, from `cryptography`).

Keys come from settings.COFRE_ENCRYPTION_KEYS (the environment variable of that name, a
comma-separated list of Fernet keys): the first encrypts, every one decrypts, so a key is rotated by
putting a new one first, running `manage.py reencrypt_secrets`, then dropping the old one. Without the
variable, `make run` and the tests use a development key generated once in .data/encryption.key
(never committed); production refuses to start without it (config/settings.py).

A sealed value in a JSON document is `{"$encrypted": "<fernet token>"}`: it says what it is, so a
reader decrypts whatever is sealed without knowing which fields were secret.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings

from core.errors import AppError

SEALED = "$encrypted"


class SecretsUnreadableError(AppError):
    """A stored secret cannot be decrypted with the configured keys (the key that sealed it is not
    in COFRE_ENCRYPTION_KEYS, or the value was tampered with). A 409 with a clear message in the API,
    never a 500; the log and the operator's commands name the fix."""

    status = 409

    def __init__(self) -> None:
        super().__init__("secrets_unreadable")


class EncryptionKeyError(RuntimeError):
    """COFRE_ENCRYPTION_KEYS is empty or holds something that is not a Fernet key."""


def parse_keys(value: str) -> list[str]:
    return [key.strip() for key in value.split(",") if key.strip()]


def development_key(path: Path) -> str:
    """The key of `make run` and the tests when COFRE_ENCRYPTION_KEYS is unset: generated once,
    kept in `path` (under .data/, never committed). Written by link so that processes starting
    together all end up with the same key."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.{os.getpid()}")
        temporary.write_text(Fernet.generate_key().decode() + "\n")
        os.chmod(temporary, 0o600)
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass  # another process wrote it first: use theirs
        finally:
            temporary.unlink()
    return path.read_text().strip()


@lru_cache(maxsize=8)
def _box(keys: tuple[str, ...]) -> MultiFernet:
    if not keys:
        raise EncryptionKeyError("COFRE_ENCRYPTION_KEYS is empty: set at least one Fernet key")
    try:
        return MultiFernet([Fernet(key.encode()) for key in keys])
    except (ValueError, TypeError) as exc:
        raise EncryptionKeyError(
            "COFRE_ENCRYPTION_KEYS holds a value that is not a Fernet key (32 url-safe base64 bytes; "
            "make one with: python -c 'from cryptography.fernet import Fernet; "
            "print(Fernet.generate_key().decode())')"
        ) from exc


def check_keys(keys: Sequence[str]) -> None:
    """Raise EncryptionKeyError now (at start) rather than at the first secret read or written."""
    _box(tuple(keys))


def box() -> MultiFernet:
    keys: Sequence[str] = settings.COFRE_ENCRYPTION_KEYS
    return _box(tuple(keys))


def is_sealed(value: object) -> bool:
    return isinstance(value, Mapping) and set(value) == {SEALED} and isinstance(value[SEALED], str)


def seal(value: Any) -> dict[str, str]:
    """Any JSON value, encrypted with the first key."""
    token = box().encrypt(json.dumps(value, separators=(",", ":")).encode())
    return {SEALED: token.decode()}


def unseal(sealed: Mapping[str, str]) -> Any:
    try:
        plain = box().decrypt(sealed[SEALED].encode())
    except InvalidToken as exc:
        raise SecretsUnreadableError() from exc
    return json.loads(plain)


def seal_fields(values: Mapping[str, Any], names: Sequence[str] | set[str]) -> dict[str, Any]:
    """`values` with the fields named (the secrets) sealed; empty and null ones stay as they are."""
    return {
        name: seal(value) if name in names and value not in (None, "") and not is_sealed(value) else value
        for name, value in values.items()
    }


def unseal_fields(values: Mapping[str, Any]) -> dict[str, Any]:
    """`values` with every sealed field decrypted."""
    return {name: unseal(value) if is_sealed(value) else value for name, value in values.items()}


def rotate_fields(values: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
    """Every sealed field re-encrypted with the first key (MultiFernet.rotate); how many there were."""
    rotated: dict[str, Any] = {}
    count = 0
    for name, value in values.items():
        if is_sealed(value):
            try:
                rotated[name] = {SEALED: box().rotate(value[SEALED].encode()).decode()}
            except InvalidToken as exc:
                raise SecretsUnreadableError() from exc
            count += 1
        else:
            rotated[name] = value
    return rotated, count
