"""Batch files: /api/batch-files (CNAB 240 remittances of approved payouts and the banks' returns), for
the admin/batch-files screen. Staff only (the platform's own account at the bank)."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime.

from datetime import datetime
from typing import Any, Literal

from django.http import FileResponse, HttpRequest
from ninja import File, Form, Query, Router, Schema
from ninja.files import UploadedFile
from ninja.responses import Status

from access.guard import membership_of, requires_route
from batch_files import services
from batch_files.models import BatchFile, BatchItem, BatchKind, ReturnLine
from brazil.cnab240_payments import describe_occurrences, occurrence_codes
from core.errors import AppError
from core.idempotency import idempotent
from core.messages import current_language
from core.pagination import DEFAULT_PAGE_SIZE, keyset_page
from files.services import file_response
from gateway.registry import get_registry

router = Router(tags=["batch-files"])
ROUTES = (services.ROUTE,)


class RemittanceIn(Schema):
    provider: str
    client: str | None = None  # a client's slug; none: every client


class SimulatedReturnIn(Schema):
    outcome: Literal["all_paid", "some_rejected", "all_rejected", "scheduled"]


class OccurrenceOut(Schema):
    code: str  # a two-character code of the bank (CNAB 240 positions 231-240: up to five a line)
    label: str  # the FEBRABAN table's description in the request's language ("Unknown code" else)
    known: bool


class BatchItemOut(Schema):
    line: int
    reference: str
    client: str
    payout_id: str
    name: str
    method: str
    bank: str
    amount: int
    status: str
    occurrences: str
    occurrence_list: list[OccurrenceOut]


class ReturnLineOut(Schema):
    line: int
    reference: str
    outcome: str
    occurrences: str
    occurrence_list: list[OccurrenceOut]
    amount: int
    client: str
    payout_id: str
    name: str


class BatchFileOut(Schema):
    id: str
    kind: str
    provider: str
    client: str | None
    sequence: int
    file_name: str
    size: int
    lines: int
    amount: int
    currency: str
    summary: dict[str, int]
    duplicate_of: str
    created_at: datetime
    download_url: str


class BatchFileDetailOut(BatchFileOut):
    items: list[BatchItemOut]
    results: list[ReturnLineOut]


class BatchFileListOut(Schema):
    items: list[BatchFileOut]
    next_cursor: str | None


class BatchProviderOut(Schema):
    code: str
    name: str
    simulates_returns: bool  # a test bank: "Simulate the bank's return" on its remittances


def batch_out(b: BatchFile) -> dict[str, Any]:
    return {
        "id": b.public_id,
        "kind": b.kind,
        "provider": b.provider,
        "client": b.client.slug if b.client is not None else None,
        "sequence": b.sequence,
        "file_name": b.file_name,
        "size": b.file.size,
        "lines": b.lines,
        "amount": b.amount,
        "currency": b.currency,
        "summary": b.summary or {},
        "duplicate_of": b.duplicate_of,
        "created_at": b.created_at,
        "download_url": f"/api/batch-files/{b.public_id}/download",
    }


def occurrence_list(codes: str) -> list[dict[str, Any]]:
    """The codes of an occurrences field, each with its description in the request's language."""
    language = current_language()
    return [
        {"code": code, "label": label, "known": known}
        for code, label, known in describe_occurrences(occurrence_codes(codes), language)
    ]


def _item_out(i: BatchItem) -> dict[str, Any]:
    return {
        "line": i.line,
        "reference": i.reference,
        "client": i.tenant.slug,
        "payout_id": i.payout_public_id,
        "name": i.beneficiary_name,
        "method": i.method,
        "bank": i.bank,
        "amount": i.amount,
        "status": i.status,
        "occurrences": i.occurrences,
        "occurrence_list": occurrence_list(i.occurrences),
    }


def _line_out(r: ReturnLine) -> dict[str, Any]:
    item = r.item
    return {
        "line": r.line,
        "reference": r.reference,
        "outcome": r.outcome,
        "occurrences": r.occurrences,
        "occurrence_list": occurrence_list(r.occurrences),
        "amount": r.amount,
        "client": item.tenant.slug if item else "",
        "payout_id": item.payout_public_id if item else "",
        "name": item.beneficiary_name if item else "",
    }


def detail_out(b: BatchFile) -> dict[str, Any]:
    items = b.items.select_related("tenant").order_by("line") if b.kind == BatchKind.REMITTANCE else []
    results = b.return_lines.select_related("item__tenant") if b.kind == BatchKind.RETURN else []
    return {
        **batch_out(b),
        "items": [_item_out(i) for i in items],
        "results": [_line_out(r) for r in results],
    }


@router.get("/providers", response=list[BatchProviderOut], summary="Banks that take payouts by file")
@requires_route(*ROUTES)
def batch_providers(request: HttpRequest) -> list[dict[str, Any]]:
    membership_of(request)
    providers = get_registry().providers.values()
    return [
        {"code": p.code, "name": p.name, "simulates_returns": services.simulates_returns(p.code)}
        for p in sorted(providers, key=lambda p: p.code)
        if p.batch_payouts
    ]


@router.post(
    "/remittances",
    response={201: BatchFileDetailOut},
    summary="Generate a CNAB 240 remittance of a bank's approved payouts (one client's, or all): sent",
)
@requires_route(*ROUTES, write=True)
@idempotent("batch_files.remittance")
def generate_remittance(request: HttpRequest, payload: RemittanceIn) -> Status[dict[str, Any]]:
    membership = membership_of(request)
    client = services.client_in_scope(membership, payload.client) if payload.client else None
    batch = services.generate_remittance(membership, payload.provider, client)
    return Status(201, detail_out(batch))


@router.post(
    "/returns",
    response={201: BatchFileDetailOut},
    summary="Read a bank's CNAB 240 return (multipart `file`, `provider`): confirms or rejects each payout",
)
@requires_route(*ROUTES, write=True)
@idempotent("batch_files.return")
def read_return(
    request: HttpRequest, provider: Form[str] = "", file: File[UploadedFile | None] = None
) -> Status[dict[str, Any]]:
    membership = membership_of(request)
    if file is None:  # optional in the signature so that the route guard answers before the body
        raise AppError("invalid_input", fields={"file": "required"})
    if not provider:
        raise AppError("invalid_input", fields={"provider": "required"})
    if file.size is not None and file.size > services.MAX_RETURN_BYTES:
        raise AppError("file_too_large", status=400, megabytes=services.MAX_RETURN_BYTES // (1024 * 1024))
    content = file.read(services.MAX_RETURN_BYTES + 1)
    batch = services.read_return(membership, provider, name=file.name or "", content=content)
    return Status(201, detail_out(batch))


@router.post(
    "/{batch_id}/simulated-returns",
    response={201: BatchFileDetailOut},
    summary="A test bank's return of one of its remittances (outcome: all_paid, some_rejected, "
    "all_rejected, scheduled), read as a return: sandbox only, never in production",
)
@requires_route(*ROUTES, write=True)
@idempotent("batch_files.simulated_return")
def simulate_return(
    request: HttpRequest, batch_id: str, payload: SimulatedReturnIn
) -> Status[dict[str, Any]]:
    batch = services.simulate_return(membership_of(request), batch_id, payload.outcome)
    return Status(201, detail_out(batch))


class BatchQuery(Schema):
    kind: Literal["remittance", "return"] | None = None
    sort: str = "-created_at"
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = None


@router.get("", response=BatchFileListOut, summary="Batch files, newest first (kind: remittance or return)")
@requires_route(*ROUTES)
def list_batches(request: HttpRequest, filters: Query[BatchQuery]) -> dict[str, Any]:
    qs = services.batches_of(membership_of(request)).select_related("file")
    if filters.kind:
        qs = qs.filter(kind=filters.kind)
    rows, next_cursor = keyset_page(
        qs, sort=filters.sort, allowed=("created_at",), cursor=filters.cursor, size=filters.per_page
    )
    return {"items": [batch_out(b) for b in rows], "next_cursor": next_cursor}


@router.get("/{batch_id}", response=BatchFileDetailOut, summary="One batch file with its lines")
@requires_route(*ROUTES)
def get_batch(request: HttpRequest, batch_id: str) -> dict[str, Any]:
    with services.access_batch(membership_of(request), batch_id) as b:
        return detail_out(b)


@router.get("/{batch_id}/download", response={200: None}, summary="Download the file itself")
@requires_route(*ROUTES)
def download_batch(request: HttpRequest, batch_id: str) -> FileResponse:
    with services.access_batch(membership_of(request), batch_id) as b:
        return file_response(b.file)
