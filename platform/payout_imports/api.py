"""Payout imports: /api/payout-imports (preview, confirm, cancel, list with the tabs' filter, the
example spreadsheet), for the clients/manual-withdraws screen."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime.

from typing import Any, Literal

from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django_tenants.utils import schema_context
from ninja import File, Query, Router, Schema
from ninja.files import UploadedFile
from ninja.responses import Status

from access.guard import membership_of, requires_route
from access.scoped import access_tenant_by_slug
from accounts.models import Membership
from core.errors import AppError, NotFoundError
from core.idempotency import idempotent
from core.pagination import DEFAULT_PAGE_SIZE, keyset_page
from payout_imports import services
from payout_imports.example import example_csv, example_xlsx
from payout_imports.models import PayoutImport, PayoutImportRow
from payout_imports.reader import MAX_UPLOAD_BYTES
from payout_imports.schemas import ImportDetailOut, ImportListOut, ImportOut
from payout_imports.validate import Row
from tenants.models import Tenant, TenantKind

router = Router(tags=["payout-imports"])
admin_router = Router(tags=["payout-imports"])
ROUTES = (services.ROUTE,)
STAFF_ROUTES = ("employee/payout-requests", "admin/payout-requests")  # importing for a chosen client
SORTS = ("created_at", "amount")


def _errors(errors: list[dict[str, Any]]) -> list[dict[str, str]]:
    return [
        {
            "field": e["field"],
            "code": e["code"],
            "message": services.row_error_message(e["code"], e.get("params") or {}),
        }
        for e in errors
    ]


def import_out(p: PayoutImport) -> dict[str, Any]:
    return {
        "id": p.public_id,
        "status": p.status,
        "file_name": p.file_name,
        "format": p.file_format,
        "failed": p.failed,
        "totals": {
            "rows": p.total_rows,
            "ok": p.ok_rows,
            "error": p.error_rows,
            "amount": p.amount,
            "currency": p.currency,
            "processed": p.processed_rows,
            "submitted": p.submitted_rows,
            "not_submitted": p.not_submitted_rows,
            "submitted_amount": p.submitted_amount,
        },
        "created_at": p.created_at,
        "confirmed_at": p.confirmed_at,
        "finished_at": p.finished_at,
    }


def _row_out(
    line: int, ok: bool, errors: list[dict[str, Any]], data: dict[str, Any], amount: int, **after: str
) -> dict[str, Any]:
    """A row as answered: `after` holds what confirm left (outcome, reason code, payout_id)."""
    reason = after.get("reason", "")
    return {
        "line": line,
        "status": "ok" if ok else "error",
        "errors": _errors(errors),
        "name": data.get("name", ""),
        "email": data.get("email", ""),
        "document": data.get("document", ""),
        "amount": data.get("amount", amount) or 0,
        "method": data.get("method", ""),
        "bank": data.get("bank_name", ""),
        "pix_key": data.get("pix_key", ""),
        "outcome": after.get("outcome", ""),
        "reason": services.reason_message(reason) if reason else "",
        "payout_id": after.get("payout_id", ""),
    }


def preview_rows(rows: list[Row]) -> list[dict[str, Any]]:
    return [_row_out(r.line, r.ok, r.errors, r.data, r.amount) for r in rows]


def stored_rows(p: PayoutImport) -> list[dict[str, Any]]:
    rows = PayoutImportRow.objects.filter(payout_import=p).order_by("line")
    return [
        _row_out(
            r.line,
            r.ok,
            r.errors,
            r.data,
            r.amount,
            outcome=r.outcome,
            reason=r.reason,
            payout_id=r.payout_public_id,
        )
        for r in rows.iterator(chunk_size=2000)
    ]


@router.post(
    "",
    response={201: ImportDetailOut},
    summary="Upload a spreadsheet (CSV or XLSX, field `file`): validated rows, nothing moves yet",
)
@requires_route(*ROUTES, write=True)
@idempotent("payout_imports.create")
def preview_import(request: HttpRequest, file: File[UploadedFile | None] = None) -> Status[dict[str, Any]]:
    membership = membership_of(request)
    name, content = _uploaded(file)
    payout_import, rows = services.preview_import(membership, name=name, content=content)
    return Status(201, {**import_out(payout_import), "rows": preview_rows(rows)})


def _uploaded(file: UploadedFile | None) -> tuple[str, bytes]:
    """The upload's name and content, at most MAX_UPLOAD_BYTES (+1, so the reader can tell it is over).
    `file` is optional in the handlers' signatures so that the route guard answers before the body."""
    if file is None:
        raise AppError("invalid_input", fields={"file": "required"})
    if file.size is not None and file.size > MAX_UPLOAD_BYTES:
        raise AppError("file_too_large", status=400, megabytes=MAX_UPLOAD_BYTES // (1024 * 1024))
    return file.name or "", file.read(MAX_UPLOAD_BYTES + 1)


class ImportQuery(Schema):
    tab: Literal["all", "failed"] = "all"
    sort: str = "-created_at"
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = None


@router.get("", response=ImportListOut, summary="Imports, newest first; tab=failed: some row failed")
@requires_route(*ROUTES)
def list_imports(request: HttpRequest, filters: Query[ImportQuery]) -> dict[str, Any]:
    return _page(services.imports_of(membership_of(request)), filters)


def _page(qs: QuerySet[PayoutImport], filters: ImportQuery) -> dict[str, Any]:
    """One keyset page of `qs` as the list's tab, sort and cursor ask."""
    if filters.tab == "failed":
        qs = services.failed(qs)
    rows, next_cursor = keyset_page(
        qs, sort=filters.sort, allowed=SORTS, cursor=filters.cursor, size=filters.per_page
    )
    return {"items": [import_out(p) for p in rows], "next_cursor": next_cursor}


@router.get("/example", response={200: None}, summary="The example spreadsheet (format=xlsx|csv)")
@requires_route(*ROUTES)
def example(request: HttpRequest, format: Literal["xlsx", "csv"] = "xlsx") -> HttpResponse:
    return _example(format)


def _example(format: str) -> HttpResponse:
    if format == "csv":
        body, content_type, name = example_csv(), "text/csv; charset=utf-8", "payout-import-example.csv"
    else:
        body = example_xlsx()
        content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        name = "payout-import-example.xlsx"
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["X-Content-Type-Options"] = "nosniff"
    return response


@router.get("/{import_id}", response=ImportDetailOut, summary="One import with its rows (and their outcome)")
@requires_route(*ROUTES)
def get_import(request: HttpRequest, import_id: str) -> dict[str, Any]:
    with services.access_import(membership_of(request), import_id) as p:
        return {**import_out(p), "rows": stored_rows(p)}


@router.post("/{import_id}/confirm", response=ImportDetailOut, summary="Confirm: the ok rows become payouts")
@requires_route(*ROUTES, write=True)
def confirm_import(request: HttpRequest, import_id: str) -> dict[str, Any]:
    membership = membership_of(request)
    with services.access_import(membership, import_id) as p:
        confirmed = services.confirm_import(membership, p)
        return {**import_out(confirmed), "rows": stored_rows(confirmed)}


@router.post("/{import_id}/cancel", response=ImportOut, summary="Cancel a preview (nothing was paid)")
@requires_route(*ROUTES, write=True)
def cancel_import(request: HttpRequest, import_id: str) -> dict[str, Any]:
    membership = membership_of(request)
    with services.access_import(membership, import_id) as p:
        return import_out(services.cancel_import(membership, p))


# ------------------------------------------------------------------- staff: for a chosen client
# /api/admin/payout-imports/{client}/...: the client (its slug) in the path, as admin/kyc does; one the
# staff member may not see (an employee sees the clients granted) is a 404.
def _client(membership: Membership, slug: str) -> Tenant:
    tenant = access_tenant_by_slug(membership, slug)
    if tenant.kind != TenantKind.CLIENT:
        raise NotFoundError
    return tenant


@admin_router.post(
    "/{client}",
    response={201: ImportDetailOut},
    summary="Upload a spreadsheet of payouts for a client (staff; multipart `file`): nothing moves yet",
)
@requires_route(*STAFF_ROUTES, write=True)
@idempotent("payout_imports.staff_create")
def staff_preview_import(
    request: HttpRequest, client: str, file: File[UploadedFile | None] = None
) -> Status[dict[str, Any]]:
    membership = membership_of(request)
    tenant = _client(membership, client)
    name, content = _uploaded(file)
    with schema_context(tenant.schema_name):
        payout_import, rows = services.preview_import(
            membership, name=name, content=content, for_client=tenant
        )
        return Status(201, {**import_out(payout_import), "rows": preview_rows(rows)})


@admin_router.get("/{client}", response=ImportListOut, summary="A client's imports (staff), newest first")
@requires_route(*STAFF_ROUTES)
def staff_list_imports(request: HttpRequest, client: str, filters: Query[ImportQuery]) -> dict[str, Any]:
    membership = membership_of(request)
    tenant = _client(membership, client)
    with schema_context(tenant.schema_name):
        return _page(services.imports_of(membership, tenant), filters)


@admin_router.get("/{client}/example", response={200: None}, summary="The example spreadsheet (staff)")
@requires_route(*STAFF_ROUTES)
def staff_example(request: HttpRequest, client: str, format: Literal["xlsx", "csv"] = "xlsx") -> HttpResponse:
    _client(membership_of(request), client)
    return _example(format)


@admin_router.get(
    "/{client}/{import_id}", response=ImportDetailOut, summary="One of a client's imports (staff)"
)
@requires_route(*STAFF_ROUTES)
def staff_get_import(request: HttpRequest, client: str, import_id: str) -> dict[str, Any]:
    membership = membership_of(request)
    tenant = _client(membership, client)
    with schema_context(tenant.schema_name), services.access_import(membership, import_id, tenant) as p:
        return {**import_out(p), "rows": stored_rows(p)}


@admin_router.post(
    "/{client}/{import_id}/confirm", response=ImportDetailOut, summary="Confirm a client's import (staff)"
)
@requires_route(*STAFF_ROUTES, write=True)
def staff_confirm_import(request: HttpRequest, client: str, import_id: str) -> dict[str, Any]:
    membership = membership_of(request)
    tenant = _client(membership, client)
    with schema_context(tenant.schema_name), services.access_import(membership, import_id, tenant) as p:
        confirmed = services.confirm_import(membership, p, tenant)
        return {**import_out(confirmed), "rows": stored_rows(confirmed)}


@admin_router.post(
    "/{client}/{import_id}/cancel", response=ImportOut, summary="Cancel a client's import (staff)"
)
@requires_route(*STAFF_ROUTES, write=True)
def staff_cancel_import(request: HttpRequest, client: str, import_id: str) -> dict[str, Any]:
    membership = membership_of(request)
    tenant = _client(membership, client)
    with schema_context(tenant.schema_name), services.access_import(membership, import_id, tenant) as p:
        return import_out(services.cancel_import(membership, p, tenant))
