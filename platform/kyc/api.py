"""KYC onboarding: /api/kyc (a client's own file, client/kyc) and /api/admin/kyc (the staff's queue
across the clients they see, admin/customers-kyc)."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from typing import Any

from django.http import FileResponse, HttpRequest
from ninja import File, Form, Query, Router
from ninja.files import UploadedFile
from ninja.responses import Status

from access.guard import membership_of, requires_route
from core.errors import AppError
from core.idempotency import idempotent
from core.pagination import keyset_page
from kyc import services
from kyc.models import KycDocument, KycFile, KycStatus
from kyc.schemas import (
    KycApproveIn,
    KycDocumentOut,
    KycIn,
    KycListOut,
    KycOut,
    KycQuery,
    KycRejectIn,
    KycReopenIn,
    KycReviewDateIn,
)
from platform_settings import services as platform_settings

router = Router(tags=["kyc"])
admin_router = Router(tags=["kyc"])

CLIENT_ROUTE = "client/kyc"
STAFF_ROUTE = "admin/customers-kyc"
SORTS = ("changed_at",)


def _client(kyc: KycFile) -> dict[str, str]:
    return {"slug": kyc.tenant.slug, "name": kyc.tenant.name}


def document_out(document: KycDocument) -> dict[str, Any]:
    return {
        "id": document.public_id,
        "kind": document.kind,
        "name": document.name,
        "content_type": document.content_type,
        "size": document.size,
        "created_at": document.created_at,
    }


def kyc_out(kyc: KycFile) -> dict[str, Any]:
    approved = kyc.status in (KycStatus.APPROVED, KycStatus.REVIEW_DUE)
    return {
        "client": _client(kyc),
        "status": kyc.status,
        "expiring": services.is_expiring(kyc),
        "legal_name": kyc.legal_name,
        "trade_name": kyc.trade_name,
        "cnpj": kyc.cnpj,
        "people": kyc.people,
        "documents": [document_out(d) for d in services.documents_of(kyc)],
        "rejection_reason": kyc.rejection_reason,
        "reopen_reason": kyc.reopen_reason,
        "submitted_at": kyc.submitted_at,
        "decided_at": kyc.decided_at,
        "decided_by": kyc.decided_by_email or None,
        "review_due_on": kyc.review_due_on,
        "changed_at": kyc.changed_at,
        "editable": kyc.status in services.EDITABLE,
        "payouts_blocked": platform_settings.current().payouts_require_kyc and not approved,
    }


# ------------------------------------------------------------------------------ the client's own
@router.get("", response=KycOut, summary="The client's KYC file (an empty draft at first)")
@requires_route(CLIENT_ROUTE)
def get_own(request: HttpRequest) -> dict[str, Any]:
    return kyc_out(services.own_file(membership_of(request)))


@router.put("", response=KycOut, summary="Replace the company data and the people (a draft or rejected file)")
@requires_route(CLIENT_ROUTE, write=True)
def put_own(request: HttpRequest, payload: KycIn) -> dict[str, Any]:
    data = services.KycInput(
        legal_name=payload.legal_name, trade_name=payload.trade_name, cnpj=payload.cnpj,
        people=[services.PersonInput(p.role, p.name, p.cpf, p.share_bp) for p in payload.people],
    )  # fmt: skip
    return kyc_out(services.save_data(membership_of(request), data))


@router.post(
    "/documents",
    response={201: KycDocumentOut},
    summary="Upload a document (multipart `file`, `kind`): PDF, PNG or JPEG by content, at most 10 MB",
)
@requires_route(CLIENT_ROUTE, write=True)
@idempotent("kyc_documents.create")
def upload_document(
    request: HttpRequest, file: File[UploadedFile | None] = None, kind: Form[str] = ""
) -> Status[dict[str, Any]]:
    membership = membership_of(request)
    if file is None:  # optional in the signature so that the route guard answers before the body
        raise AppError("invalid_input", status=422, fields={"file": "required"})
    if file.size is not None and file.size > services.MAX_DOCUMENT_BYTES:
        raise AppError("file_too_large", status=400, megabytes=services.MAX_DOCUMENT_BYTES // (1024 * 1024))
    content = file.read(services.MAX_DOCUMENT_BYTES + 1)
    document = services.add_document(membership, kind=kind, name=file.name or "", content=content)
    return Status(201, document_out(document))


@router.get(
    "/documents/{document_id}", response={200: None}, summary="Download one of the client's documents"
)
@requires_route(CLIENT_ROUTE)
def download_own(request: HttpRequest, document_id: str) -> FileResponse:
    return services.document_response(services.own_file(membership_of(request)), document_id)


@router.delete("/documents/{document_id}", response={204: None}, summary="Remove a document (while editable)")
@requires_route(CLIENT_ROUTE, write=True)
def delete_document(request: HttpRequest, document_id: str) -> Status[None]:
    services.delete_document(membership_of(request), document_id)
    return Status(204, None)


@router.post(
    "/submit", response=KycOut, summary="Send the file for review (complete: data, people, documents)"
)
@requires_route(CLIENT_ROUTE, write=True)
def submit(request: HttpRequest) -> dict[str, Any]:
    return kyc_out(services.submit(membership_of(request)))


# ------------------------------------------------------------------------------- the staff's queue
@admin_router.get("", response=KycListOut, summary="KYC files of the clients: filters, keyset pages")
@requires_route(STAFF_ROUTE)
def list_files(request: HttpRequest, filters: Query[KycQuery]) -> dict[str, Any]:
    qs = services.filtered(
        services.files_for(membership_of(request)), status=list(filters.status), client=filters.client,
        q=filters.q,
    )  # fmt: skip
    rows, next_cursor = keyset_page(
        qs, sort=filters.sort, allowed=SORTS, cursor=filters.cursor, size=filters.per_page
    )
    counts = services.document_counts([k.pk for k in rows])
    items = [
        {
            "client": _client(k),
            "status": k.status,
            "expiring": services.is_expiring(k),
            "legal_name": k.legal_name,
            "cnpj": k.cnpj,
            "documents": counts.get(k.pk, 0),
            "submitted_at": k.submitted_at,
            "changed_at": k.changed_at,
            "review_due_on": k.review_due_on,
        }
        for k in rows
    ]
    return {"items": items, "next_cursor": next_cursor}


@admin_router.get("/{client}", response=KycOut, summary="One client's KYC file with its documents")
@requires_route(STAFF_ROUTE)
def get_file(request: HttpRequest, client: str) -> dict[str, Any]:
    return kyc_out(services.access_file(membership_of(request), client))


@admin_router.get(
    "/{client}/documents/{document_id}",
    response={200: None},
    summary="Download a document of a client's file",
)
@requires_route(STAFF_ROUTE)
def download_document(request: HttpRequest, client: str, document_id: str) -> FileResponse:
    return services.document_response(services.access_file(membership_of(request), client), document_id)


@admin_router.post("/{client}/start-review", response=KycOut, summary="Take a pending file into review")
@requires_route(STAFF_ROUTE, write=True)
def start_review(request: HttpRequest, client: str) -> dict[str, Any]:
    return kyc_out(services.start_review(membership_of(request), client))


@admin_router.post(
    "/{client}/approve", response=KycOut, summary="Approve the file (audited, the client told)"
)
@requires_route(STAFF_ROUTE, write=True)
def approve(request: HttpRequest, client: str, payload: KycApproveIn) -> dict[str, Any]:
    return kyc_out(services.approve(membership_of(request), client, review_due_on=payload.review_due_on))


@admin_router.post(
    "/{client}/reject", response=KycOut, summary="Reject the file with a reason (audited, the client told)"
)
@requires_route(STAFF_ROUTE, write=True)
def reject(request: HttpRequest, client: str, payload: KycRejectIn) -> dict[str, Any]:
    return kyc_out(services.reject(membership_of(request), client, reason=payload.reason))


@admin_router.post(
    "/{client}/review-date", response=KycOut, summary="Move the periodic review of an approved file"
)
@requires_route(STAFF_ROUTE, write=True)
def review_date(request: HttpRequest, client: str, payload: KycReviewDateIn) -> dict[str, Any]:
    return kyc_out(
        services.set_review_date(membership_of(request), client, review_due_on=payload.review_due_on)
    )


@admin_router.post(
    "/{client}/reopen",
    response=KycOut,
    summary="Reopen an approved file with a reason: review due, the client updates and resubmits it",
)
@requires_route(STAFF_ROUTE, write=True)
def reopen(request: HttpRequest, client: str, payload: KycReopenIn) -> dict[str, Any]:
    return kyc_out(services.reopen(membership_of(request), client, reason=payload.reason))
