"""Exports: request (check_export / do_create_export), run (the job's body), read, cancel, and the
periodic sweep (stuck runs, expired files).

Who may read an export: its owner only (ARCHITECTURE, Files: "an export's requester"), and only
while they may still see the list it came from. Every read goes through `own_exports`.
"""

from __future__ import annotations

import logging
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from access.guard import check_route
from accounts.models import Membership
from core import idempotency, leases, replica
from core.errors import AppError, NotFoundError
from core.ids import new_public_id
from core.jobs import enqueue_on_commit
from core.messages import current_language
from exports import notices, sources, writers
from exports.models import ACTIVE, Export, ExportFormat, ExportStatus, ExportType
from files.services import delete_file, save_file
from tenants.tenancy import current_schema

logger = logging.getLogger("cofre.exports")

EXPIRES_AFTER = timedelta(days=7)
MAX_ATTEMPTS = 3  # runs of one export (a worker killed mid-run counts one): run_export retries 2 times
ACTIVE_PER_USER = 5  # queued or running at once
STUCK_AFTER = timedelta(seconds=90)  # a running export's heartbeat older than this, its lease gone
LEASE_MS = 60_000
CONTENT_TYPES = {
    ExportFormat.CSV: "text/csv; charset=utf-8",
    ExportFormat.CSV_BR: "text/csv; charset=utf-8",
    ExportFormat.XLSX: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}
EXTENSIONS = {ExportFormat.CSV: "csv", ExportFormat.CSV_BR: "csv", ExportFormat.XLSX: "xlsx"}


@dataclass(frozen=True)
class ExportRequest:
    type: str
    format: str
    filters: dict[str, Any]


def check_export(
    membership: Membership, *, type_: str, format_: str, filters: Mapping[str, Any], dialect: str = ""
) -> ExportRequest:
    """Validate a request (writing nothing): the type and format, the list's filters as the list
    reads them, and that the member may see that list."""
    client_tenant(membership)
    if type_ not in ExportType.values or type_ not in host_types(membership):
        raise AppError("invalid_input", fields={"type": "invalid_choice"})
    if format_ == ExportFormat.CSV and dialect == "br":
        format_ = ExportFormat.CSV_BR
    elif dialect not in ("", "standard"):
        raise AppError("invalid_input", fields={"dialect": "invalid_choice"})
    if format_ not in ExportFormat.values:
        raise AppError("invalid_input", fields={"format": "invalid_choice"})
    clean = sources.check_filters(membership, type_, filters)
    if own_exports(membership).filter(status__in=ACTIVE).count() >= ACTIVE_PER_USER:
        raise AppError("too_many_exports", status=429, limit=ACTIVE_PER_USER)
    return ExportRequest(type=type_, format=format_, filters=clean)


@transaction.atomic
def do_create_export(
    membership: Membership,
    request: ExportRequest,
    *,
    idempotency_key: str | None = None,
    request_hash: str = "",
) -> Export:
    from exports.tasks import run_export

    export = Export.objects.create(
        public_id=new_public_id("exp"),
        idempotency_key=idempotency_key,
        request_hash=request_hash,
        owner_id=membership.user_id,
        type=request.type,
        format=request.format,
        filters=request.filters,
        language=current_language(),
        expires_at=timezone.now() + EXPIRES_AFTER,
    )
    enqueue_on_commit(run_export, export.pk)
    return export


def create_export(
    membership: Membership, *, type_: str, format_: str, filters: Mapping[str, Any], dialect: str = ""
) -> Export:
    return do_create_export(
        membership, check_export(membership, type_=type_, format_=format_, filters=filters, dialect=dialect)
    )


EXPORTING_KINDS = ("client", "platform", "partner")


def client_tenant(membership: Membership) -> None:
    """Exports are made on the member's own host: a client's of its lists, staff's (the platform's
    host, the public schema) of their reports across clients, a partner's of its report across its
    clients (its own schema)."""
    if membership.tenant.schema_name != current_schema() or membership.tenant.kind not in EXPORTING_KINDS:
        raise NotFoundError


def host_types(membership: Membership) -> frozenset[str]:
    """The types of export made on the member's host."""
    if membership.tenant.kind == "platform":
        return frozenset(sources.PLATFORM_TYPES)
    if membership.tenant.kind == "partner":
        return frozenset(sources.PARTNER_TYPES)
    return frozenset(sources.CLIENT_TYPES)


def create_export_once(
    membership: Membership,
    *,
    type_: str,
    format_: str,
    filters: Mapping[str, Any],
    dialect: str = "",
    idempotency_key: str | None,
) -> tuple[Export, bool]:
    """`create_export` honouring an optional Idempotency-Key: (export, created). The key is checked
    against every export of the tenant (the fingerprint names the member: another's is a conflict)."""

    client_tenant(membership)  # before the key is looked up: other schemas have no exports table

    def create(key: str | None, request_hash: str) -> Export:
        checked = check_export(membership, type_=type_, format_=format_, filters=filters, dialect=dialect)
        return do_create_export(membership, checked, idempotency_key=key, request_hash=request_hash)

    content: dict[str, Any] = {"type": type_, "format": format_, "filters": dict(filters)}
    content |= {"dialect": dialect, "creator": membership.user_id}
    return idempotency.create_once(Export.objects.all(), idempotency_key, content, create)


def own_exports(membership: Membership) -> QuerySet[Export]:
    """The member's own exports (nobody else's: not even an admin of the tenant reads them)."""
    if membership.tenant.schema_name != current_schema() or membership.tenant.kind not in EXPORTING_KINDS:
        return Export.objects.none()
    return Export.objects.filter(owner_id=membership.user_id)


def access_export(membership: Membership, public_id: str) -> Export:
    found = own_exports(membership).select_related("file").filter(public_id=public_id).first()
    if found is None:
        raise NotFoundError
    return found


def downloadable(membership: Membership, public_id: str) -> Export:
    """An export whose file may be served to `membership` now: its own, done, not expired, and of a
    list the member still sees (a role changed since is refused)."""
    export = access_export(membership, public_id)
    if export.status != ExportStatus.DONE or export.file is None or export.expires_at <= timezone.now():
        raise NotFoundError
    check_route(membership, sources.routes(membership, export.type), write=False)
    return export


@transaction.atomic
def cancel_export(membership: Membership, public_id: str) -> Export:
    export = access_export(membership, public_id)
    export = Export.objects.select_for_update().get(pk=export.pk)
    if export.status not in ACTIVE:
        raise AppError("export_not_active", status=409)
    export.status = ExportStatus.CANCELED
    export.finished_at = timezone.now()
    export.save(update_fields=["status", "finished_at", "updated_at"])
    return export


# ----------------------------------------------------------------------------------------- the job
def run_key(export: Export) -> str:
    return leases.lease_key("export", current_schema(), export.public_id)


def run_export(export_id: int) -> str:
    """The job's body, in the export's tenant. Idempotent: an export not queued (or running with
    its lease gone: a worker died under it) is left alone."""
    export = Export.objects.filter(pk=export_id).first()
    if export is None or export.status not in ACTIVE:
        return "skipped"
    key = run_key(export)
    token = leases.take(key, LEASE_MS)
    if token is None:
        return "already running"
    try:
        return _run(export, key, token)
    except Exception:
        # dramatiq retries (the next run claims it again) until the last attempt, which fails it
        with transaction.atomic():
            row = Export.objects.select_for_update().get(pk=export.pk)
            if row.status in ACTIVE:
                if row.attempts >= MAX_ATTEMPTS:
                    _fail(row, "job_failed")
                    logger.exception("export %s failed for good", export.public_id)
                    return "failed"
                row.status = ExportStatus.QUEUED
                row.save(update_fields=["status", "updated_at"])
        raise
    finally:
        leases.release(key, token)


def _claim(export: Export) -> bool:
    with transaction.atomic():
        row = Export.objects.select_for_update().get(pk=export.pk)
        if row.status not in ACTIVE:
            return False
        row.attempts += 1
        if row.attempts > MAX_ATTEMPTS:
            _fail(row, "too_many_attempts")
            return False
        row.status = ExportStatus.RUNNING
        row.started_at = timezone.now()
        row.rows = 0
        row.progress = 0
        row.save(update_fields=["status", "started_at", "attempts", "rows", "progress", "updated_at"])
        export.attempts = row.attempts
        return True


def _membership(export: Export) -> Membership | None:
    return (
        Membership.objects.filter(
            user_id=export.owner_id,
            tenant__schema_name=current_schema(),
            is_active=True,
            user__is_active=True,
        )
        .select_related("tenant", "user")
        .first()
    )


def _run(export: Export, key: str, token: str) -> str:
    if not _claim(export):
        return "not active"
    membership = _membership(export)
    if membership is None:
        with transaction.atomic():
            _fail(Export.objects.select_for_update().get(pk=export.pk), "owner_gone")
        return "failed"
    qs = sources.queryset(membership, export.type, export.filters)
    with replica.reading_from_replica():  # the count and the rows: on the read replica when there is one
        total = qs.count()
    Export.objects.filter(pk=export.pk).update(total=total, updated_at=timezone.now())
    columns = sources.columns(membership, export.type)

    def progress(rows: int) -> bool:
        done = min(rows, total)
        percent = min(99, (done * 100 // total) if total else 0)
        if not leases.renew(key, token, LEASE_MS):
            return False  # the lease was lost: another run may have it
        updated = Export.objects.filter(pk=export.pk, status=ExportStatus.RUNNING).update(
            rows=done, progress=percent, updated_at=timezone.now()
        )
        return updated == 1  # 0: canceled meanwhile

    spool = tempfile.TemporaryFile(dir=getattr(settings, "EXPORT_TEMP_DIR", None))  # noqa: SIM115
    try:
        try:
            with replica.reading_from_replica():  # progress is written on the primary meanwhile
                rows = _write(spool, export, qs, columns, progress)
        except writers.CanceledError:
            return "canceled"
        spool.seek(0)
        return _finish(export, spool, rows)
    finally:
        spool.close()


def _write(spool: Any, export: Export, qs: QuerySet[Any], columns: Any, progress: Any) -> int:
    if export.format == ExportFormat.XLSX:
        return writers.write_xlsx(spool, qs, columns, export.language, progress=progress)
    return writers.write_csv(
        spool, qs, columns, export.language, br=export.format == ExportFormat.CSV_BR, progress=progress
    )


def _finish(export: Export, spool: Any, rows: int) -> str:
    name = f"{export.type}-{timezone.localtime():%Y-%m-%d-%H%M}.{EXTENSIONS[ExportFormat(export.format)]}"
    with transaction.atomic():
        row = Export.objects.select_for_update().get(pk=export.pk)
        if row.status != ExportStatus.RUNNING:
            return "canceled"
        stored = save_file(
            category="export", name=name, content=spool,
            content_type=CONTENT_TYPES[ExportFormat(export.format)], owner_id=export.owner_id,
            expires_at=row.expires_at,
        )  # fmt: skip
        row.file = stored
        row.size = stored.size
        row.rows = rows
        row.total = max(row.total or 0, rows)
        row.progress = 100
        row.status = ExportStatus.DONE
        row.finished_at = timezone.now()
        row.save()
        notices.ready(row)
    return "done"


def _fail(row: Export, error: str) -> None:
    """Mark `row` (locked by the caller) failed and tell its owner."""
    row.status = ExportStatus.FAILED
    row.error = error
    row.finished_at = timezone.now()
    row.save(update_fields=["status", "error", "finished_at", "updated_at"])
    notices.failed(row)


def fail_export(export_id: int, error: str) -> None:
    """The job failed for good (dramatiq gave up): failed, the owner told."""
    with transaction.atomic():
        row = Export.objects.select_for_update().filter(pk=export_id).first()
        if row is not None and row.status in ACTIVE:
            _fail(row, error)


# ---------------------------------------------------------------------------------- periodic sweep
def sweep_stuck(now: Any = None) -> int:
    """Running exports whose worker is gone (lease expired, no heartbeat for STUCK_AFTER): sent again
    while attempts remain, else failed. Queued ones waiting that long are sent again too (their
    message was lost). Returns how many it touched."""
    from exports.tasks import run_export

    now = now or timezone.now()
    touched = 0
    stale = Export.objects.filter(status__in=ACTIVE, updated_at__lt=now - STUCK_AFTER).order_by(
        "updated_at", "id"
    )
    for export in stale[:200]:
        if leases.held(run_key(export)):
            continue
        with transaction.atomic():
            row = Export.objects.select_for_update().get(pk=export.pk)
            if row.status not in ACTIVE or row.updated_at >= now - STUCK_AFTER:
                continue
            if row.attempts >= MAX_ATTEMPTS:
                _fail(row, "worker_lost")
            else:
                row.status = ExportStatus.QUEUED
                row.save(update_fields=["status", "updated_at"])
                enqueue_on_commit(run_export, row.pk)
        touched += 1
    return touched


def purge_expired(now: Any = None) -> int:
    """Delete the files of expired exports (the rows stay, as history, without a file)."""
    now = now or timezone.now()
    purged = 0
    for export in Export.objects.filter(expires_at__lte=now, file__isnull=False).select_related("file")[:500]:
        with transaction.atomic():
            stored = export.file
            Export.objects.filter(pk=export.pk).update(file=None)
            if stored is not None:
                delete_file(stored)
        purged += 1
    return purged
