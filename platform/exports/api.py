"""Exports: /api/exports (request, list, read, cancel, download).

Every operation is open to any member (`any_member`): what an export may select is the list's own
rule, checked per type when it is requested (the member must see that list: 403 otherwise) and again
when its file is downloaded; a read-only role may export what it may read. An export is its owner's
alone: another member of the tenant, or anyone on another host, gets 404.
"""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime.

from datetime import datetime
from typing import Any, Literal

from django.http import FileResponse, HttpRequest
from ninja import Field, Router, Schema
from ninja.responses import Status

from access.guard import any_member, membership_of
from core.api_errors import ErrorOut
from core.api_types import IdempotencyKey
from exports import services
from exports.models import Export
from files.services import file_response

router = Router(tags=["exports"])


class ExportIn(Schema):
    type: Literal["payments", "payouts", "volume", "partner_report"] = Field(
        description='"payments" and "payouts" on a client\'s host; "volume" (staff) on the platform\'s; '
        '"partner_report" (filters `from`, `to`) on a partner\'s'
    )
    format: Literal["csv", "xlsx", "csv_br"] = Field(
        description='"csv" (`,`, decimal point), "xlsx", or "csv_br" (`;`, decimal comma, UTF-8 BOM: '
        'what Brazilian spreadsheets open directly; also "csv" with dialect "br")'
    )
    dialect: Literal["", "standard", "br"] = ""
    filters: dict[str, Any] = Field(
        default_factory=dict,
        description="The list's own query parameters (GET /api/deposits, GET /api/payouts or "
        "GET /api/stats/volume)",
    )


class ExportCreatedOut(Schema):
    id: str
    status: str


class ExportOut(Schema):
    id: str
    type: str
    format: str
    status: Literal["queued", "running", "done", "failed", "canceled"]
    progress: int = Field(description="Percent done")
    rows: int = Field(description="Rows written so far (all of them once done)")
    total: int | None = Field(description="Rows the filters selected when the run started")
    size: int = Field(description="Bytes of the file (once done)")
    filters: dict[str, Any]
    error: str
    created_at: datetime
    finished_at: datetime | None
    expires_at: datetime
    url: str | None = Field(description="Where to download the file (while done and not expired)")


def export_out(export: Export) -> dict[str, Any]:
    from django.utils import timezone

    available = export.status == "done" and export.file_id is not None and export.expires_at > timezone.now()
    return {
        "id": export.public_id,
        "type": export.type,
        "format": export.format,
        "status": export.status,
        "progress": export.progress,
        "rows": export.rows,
        "total": export.total,
        "size": export.size,
        "filters": export.filters,
        "error": export.error,
        "created_at": export.created_at,
        "finished_at": export.finished_at,
        "expires_at": export.expires_at,
        "url": f"/api/exports/{export.public_id}/file" if available else None,
    }


@router.post(
    "",
    response={200: ExportCreatedOut, 202: ExportCreatedOut},
    summary="Export a list's filtered rows to a file (a job; 200 when the Idempotency-Key was seen)",
)
@any_member
def create_export(
    request: HttpRequest, payload: ExportIn, idempotency_key: IdempotencyKey = None
) -> Status[dict[str, Any]]:
    export, created = services.create_export_once(
        membership_of(request),
        type_=payload.type,
        format_=payload.format,
        filters=payload.filters,
        dialect=payload.dialect,
        idempotency_key=idempotency_key,
    )
    return Status(202 if created else 200, {"id": export.public_id, "status": export.status})


@router.get("", response=list[ExportOut], summary="The user's own exports, newest first (the last 100)")
@any_member
def list_exports(request: HttpRequest) -> list[dict[str, Any]]:
    rows = services.own_exports(membership_of(request)).order_by("-created_at", "-id")[:100]
    return [export_out(e) for e in rows]


@router.get("/{export_id}", response=ExportOut, summary="One export: status, progress, rows, url")
@any_member
def get_export(request: HttpRequest, export_id: str) -> dict[str, Any]:
    return export_out(services.access_export(membership_of(request), export_id))


@router.post("/{export_id}/cancel", response=ExportOut, summary="Cancel a queued or running export")
@any_member
def cancel_export(request: HttpRequest, export_id: str) -> dict[str, Any]:
    return export_out(services.cancel_export(membership_of(request), export_id))


@router.get(
    "/{export_id}/file",
    response={200: None, 404: ErrorOut},
    summary="Download an export's file (its owner only)",
)
@any_member
def download_export(request: HttpRequest, export_id: str) -> FileResponse:
    export = services.downloadable(membership_of(request), export_id)
    assert export.file is not None
    return file_response(export.file)
