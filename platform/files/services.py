"""Store, read, serve and expire a tenant's files.

Every file belongs to the schema the code runs in (`tenants.tenancy.current_schema()`): its row is in
that schema and its storage key starts with it, so a row can only name bytes of its own tenant, and
the bytes of one tenant are never reachable from another's rows. Nothing here decides *who* may read a
file: the feature that owns it loads the row through its own scoped rule (an export's requester, the
staff who see a KYC case, ...) and then calls `file_response`.

The bytes go to Django's storage named `cofre_files` (settings.STORAGES): a folder on disk by default
(`MEDIA_ROOT/files`), any storage backend (S3 and the like) in a deployment with several machines.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import IO

from django.core.files.base import ContentFile, File
from django.core.files.storage import Storage, storages
from django.db import connection, transaction
from django.http import FileResponse
from django.utils import timezone
from django_tenants.utils import get_public_schema_name

from core.ids import new_public_id
from files.models import StoredFile
from tenants.tenancy import current_schema

STORAGE = "cofre_files"
CHUNK = 1 << 20


def storage() -> Storage:
    return storages[STORAGE]


def safe_name(name: str, default: str = "file") -> str:
    """A file name safe in a path and a header: accents folded, anything but letters, digits, dot,
    dash and underscore replaced, no leading dots, at most 120 characters."""
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    cleaned = re.sub(r"[^A-Za-z0-9._-]+", "_", folded).strip("._")[:120]
    return cleaned or default


def save_file(
    *,
    category: str,
    name: str,
    content: bytes | IO[bytes],
    content_type: str,
    owner_id: int | None = None,
    expires_at: datetime | None = None,
) -> StoredFile:
    """Write `content` and its row in the current schema. The bytes are written first: if the caller's
    transaction then rolls back, they are left without a row, and `sweep_orphans` deletes them."""
    public_id = new_public_id("fil")
    key = f"{current_schema()}/{safe_name(category)}/{timezone.now():%Y/%m}/{public_id}"
    digest = hashlib.sha256()
    source = ContentFile(content) if isinstance(content, bytes) else File(content)
    for chunk in source.chunks(CHUNK):
        digest.update(chunk)
    source.seek(0)
    saved_key = storage().save(key, source)
    size = storage().size(saved_key)
    return StoredFile.objects.create(
        public_id=public_id, category=category, name=safe_name(name), content_type=content_type,
        size=size, sha256=digest.hexdigest(), storage_key=saved_key, owner_id=owner_id,
        expires_at=expires_at,
    )  # fmt: skip


def sweep_orphans(*, older_than: timedelta = timedelta(hours=1)) -> int:
    """Delete bytes of the current schema that no row names (a transaction that wrote them rolled
    back, or a process died between the write and the row), once they are older than `older_than`.
    Returns how many were deleted."""
    store = storage()
    cutoff = timezone.now() - older_than
    known = set(StoredFile.objects.values_list("storage_key", flat=True))
    deleted = 0
    for key in _walk(store, current_schema()):
        if key not in known and store.get_modified_time(key) < cutoff:
            store.delete(key)
            deleted += 1
    return deleted


def _walk(store: Storage, folder: str) -> Iterator[str]:
    if not store.exists(folder):
        return
    folders, names = store.listdir(folder)
    for name in names:
        yield f"{folder}/{name}"
    for sub in folders:
        yield from _walk(store, f"{folder}/{sub}")


def open_file(stored: StoredFile) -> IO[bytes]:
    """The bytes of `stored` (which must be a row of the current schema)."""
    _check_schema(stored)
    handle: IO[bytes] = storage().open(stored.storage_key, "rb")
    return handle


def iter_bytes(stored: StoredFile) -> Iterator[bytes]:
    with open_file(stored) as handle:
        while chunk := handle.read(CHUNK):
            yield chunk


def file_response(stored: StoredFile, *, inline: bool = False) -> FileResponse:
    """Serve `stored` as a download: its own name, never sniffed or rendered as a page by the
    browser, never cached by a shared cache."""
    response = FileResponse(
        open_file(stored), as_attachment=not inline, filename=stored.name, content_type=stored.content_type
    )
    response["X-Content-Type-Options"] = "nosniff"
    response["Cache-Control"] = "private, no-store"
    response["Content-Security-Policy"] = "default-src 'none'; sandbox"
    return response


def delete_file(stored: StoredFile) -> None:
    _check_schema(stored)
    key = stored.storage_key
    if current_schema() == get_public_schema_name():
        # Django's cascade would visit every model that points at a file, the tenant apps' too, whose
        # tables the public schema has not: one DELETE, the caller having cleared its own reference
        # (the database's foreign keys refuse it otherwise).
        table = connection.ops.quote_name(StoredFile._meta.db_table)
        with connection.cursor() as cursor:
            cursor.execute(f"DELETE FROM {table} WHERE id = %s", [stored.pk])  # noqa: S608 (our table)
    else:
        stored.delete()
    transaction.on_commit(lambda: storage().delete(key))


def purge_expired(now: datetime | None = None, *, batch: int = 500) -> int:
    """Delete the current schema's files whose `expires_at` has passed, in bounded batches."""
    now = now or timezone.now()
    deleted = 0
    while True:
        rows = list(StoredFile.objects.filter(expires_at__lte=now).order_by("expires_at", "id")[:batch])
        if not rows:
            return deleted
        for stored in rows:
            delete_file(stored)
        deleted += len(rows)


def _check_schema(stored: StoredFile) -> None:
    if not stored.storage_key.startswith(f"{current_schema()}/"):
        # A row always lives in its own schema; reaching here means a row was carried across schemas.
        raise PermissionError("a stored file is read from its own tenant's schema only")
