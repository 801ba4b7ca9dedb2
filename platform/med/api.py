"""The MED desk: /api/med-cases (staff across the clients they see, employee/meds; a client's members
see their own read-only, clients/meds). Evidence files are the desk's: staff attach, list and
download them; a client reads the outcome, not the files."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from typing import Any

from django.http import FileResponse, HttpRequest
from django.utils import timezone
from ninja import File, Query, Router
from ninja.files import UploadedFile
from ninja.responses import Status

from access.guard import membership_of, requires_route
from core.errors import AppError
from core.idempotency import idempotent
from core.pagination import keyset_page
from med import services
from med.models import MedCase, MedEvidence
from med.schemas import DecisionIn, EvidenceOut, MedDetailOut, MedListOut, MedQuery

router = Router(tags=["med"])

DESK = "employee/meds"
READ_ROUTES = (DESK, "clients/meds")
SORTS = ("queue_rank", "reported_at")


def case_out(case: MedCase) -> dict[str, Any]:
    deadline = services.due_at(case)
    level = services.warning_level(case)
    return {
        "id": case.public_id,
        "client": {"slug": case.tenant.slug, "name": case.tenant.name},
        "provider": case.provider,
        "case_reference": case.case_reference,
        "deposit_id": case.deposit_id,
        "deposit_amount": case.deposit_amount,
        "payer_name": case.payer_name,
        "payer_document": case.payer_document,
        "amount": case.amount,
        "currency": case.currency,
        "reason": case.reason,
        "details": case.details,
        "status": case.status,
        "held_amount": case.held_amount,
        "hold_shortfall": case.hold_shortfall,
        "refunded_amount": case.refunded_amount,
        "refund_confirmed": case.refund_confirmed,
        "paid_at": case.paid_at,
        "reported_at": case.reported_at,
        "notified_at": case.notified_at,
        "analysis_due_at": case.analysis_due_at,
        "refund_due_at": case.refund_due_at,
        "due_at": deadline,
        "seconds_left": int((deadline - timezone.now()).total_seconds()) if deadline else None,
        "urgency": services.URGENCY[level] if deadline else "closed",
        "closed_at": case.closed_at,
        "notices": case.notices,
        "hops_count": len(case.hops),
        "decided_by": case.decided_by.email if case.decided_by is not None else None,
        "decided_at": case.decided_at,
        "cancel_reason": case.cancel_reason,
        "bank_report": case.bank_report,
        "bank_informed_at": case.bank_informed_at,
    }


def evidence_out(evidence: MedEvidence) -> dict[str, Any]:
    return {
        "id": evidence.public_id,
        "name": evidence.name,
        "content_type": evidence.content_type,
        "size": evidence.size,
        "uploaded_by": evidence.uploaded_by.email,
        "created_at": evidence.created_at,
    }


def detail_out(case: MedCase, *, staff: bool = True) -> dict[str, Any]:
    statuses = services.refund_statuses(case)
    return {
        **case_out(case),
        "hops": case.hops,
        "justification": case.justification,
        "evidence_note": case.evidence_note if staff else "",
        "evidence": [evidence_out(e) for e in services.evidence_of(case)] if staff else [],
        "parts": [
            {
                "seq": p.seq,
                "refund_id": p.refund_id,
                "amount": p.amount,
                "status": statuses.get(p.refund_id, p.status),
            }
            for p in case.parts.all()
        ],
    }


@router.get(
    "", response=MedListOut, summary="MED cases: overdue first, then by deadline; filters, keyset pages"
)
@requires_route(*READ_ROUTES)
def list_cases(request: HttpRequest, filters: Query[MedQuery]) -> dict[str, Any]:
    qs = services.filtered(
        services.cases_for(membership_of(request)),
        status=list(filters.status), client=filters.client, urgency=filters.urgency, q=filters.q,
    )  # fmt: skip
    sort = "queue_rank" if filters.sort in ("queue", "queue_rank") else filters.sort
    rows, next_cursor = keyset_page(
        qs, sort=sort, allowed=SORTS, cursor=filters.cursor, size=filters.per_page
    )
    return {"items": [case_out(c) for c in rows], "next_cursor": next_cursor}


@router.get("/{case_id}", response=MedDetailOut, summary="One MED case with its traced hops and refund parts")
@requires_route(*READ_ROUTES)
def get_case(request: HttpRequest, case_id: str) -> dict[str, Any]:
    membership = membership_of(request)
    case = services.access_case(membership, case_id)
    return detail_out(case, staff=services.may_see_evidence(membership))


@router.post(
    "/{case_id}/evidence",
    response={201: EvidenceOut},
    summary="Attach an evidence file to an open case (multipart `file`): PDF, PNG or JPEG by content, "
    "at most 10 MB",
)
@requires_route(DESK, write=True)
@idempotent("med.evidence")
def upload_evidence(
    request: HttpRequest, case_id: str, file: File[UploadedFile | None] = None
) -> Status[dict[str, Any]]:
    membership = membership_of(request)
    services.access_case(membership, case_id)  # another's case is a 404 whatever the body
    if file is None:  # optional in the signature so that the route guard answers before the body
        raise AppError("invalid_input", status=422, fields={"file": "required"})
    if file.size is not None and file.size > services.MAX_EVIDENCE_BYTES:
        raise AppError("file_too_large", status=400, megabytes=services.MAX_EVIDENCE_BYTES // (1024 * 1024))
    content = file.read(services.MAX_EVIDENCE_BYTES + 1)
    evidence = services.add_evidence(membership, case_id, name=file.name or "", content=content)
    return Status(201, evidence_out(evidence))


@router.get(
    "/{case_id}/evidence/{evidence_id}", response={200: None}, summary="Download an evidence file (staff)"
)
@requires_route(DESK)
def download_evidence(request: HttpRequest, case_id: str, evidence_id: str) -> FileResponse:
    return services.evidence_response(membership_of(request), case_id, evidence_id)


@router.post(
    "/{case_id}/accept",
    response=MedDetailOut,
    summary="Accept the claim: refund it (in parts as the balance allows)",
)
@requires_route(DESK, write=True)
def accept_case(request: HttpRequest, case_id: str, payload: DecisionIn) -> dict[str, Any]:
    case = services.accept(
        membership_of(request),
        case_id,
        justification=payload.justification,
        evidence_note=payload.evidence_note,
    )
    return detail_out(case)


@router.post("/{case_id}/reject", response=MedDetailOut, summary="Reject the claim: the block is lifted")
@requires_route(DESK, write=True)
def reject_case(request: HttpRequest, case_id: str, payload: DecisionIn) -> dict[str, Any]:
    case = services.reject(
        membership_of(request),
        case_id,
        justification=payload.justification,
        evidence_note=payload.evidence_note,
    )
    return detail_out(case)
