"""Refunds of deposits: /api/refunds and /api/deposits/{id}/refunds."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router, Schema
from ninja.responses import Status

from access.guard import membership_of, requires_route
from core.api_types import IdempotencyKey, IsoDate
from core.pagination import DEFAULT_PAGE_SIZE, keyset_page
from payments.services import access_deposit
from refunds import queries
from refunds import services as refunds
from refunds.models import Refund
from refunds.schemas import RefundIn, RefundListOut, RefundOut

refunds_router = Router(tags=["refunds"])
deposit_refunds_router = Router(tags=["refunds"])

REFUND_ROUTES = ("clients/refunds",)
SORTS = ("created_at", "amount")


def refund_out(r: Refund) -> dict[str, Any]:
    return {
        "id": r.public_id,
        "deposit_id": r.deposit.public_id,
        "deposit_method": r.deposit.method,
        "status": r.status,
        "amount": r.amount,
        "currency": r.currency,
        "reason": r.reason,
        "from_pending": r.from_pending,
        "from_available": r.from_available,
        "payer_name": r.deposit.payer_name,
        "payer_document": r.deposit.payer_document,
        "created_by_id": r.created_by_id,
        "created_at": r.created_at,
        "confirmed_at": r.confirmed_at,
        "transaction_id": r.provider_reference,
        "failure_reason": r.failure_reason,
        "failed_at": r.failed_at,
    }


# ------------------------------------------------------------------------------------ refunds
@deposit_refunds_router.post(
    "/{deposit_id}/refunds",
    response={200: RefundOut, 201: RefundOut},
    summary="Refund part or all of a paid deposit (pending until the provider confirms it; 200 when "
    "the Idempotency-Key was seen)",
)
@requires_route(*REFUND_ROUTES, write=True)
def create_refund(
    request: HttpRequest, deposit_id: str, payload: RefundIn, idempotency_key: IdempotencyKey = None
) -> Status[dict[str, Any]]:
    membership = membership_of(request)
    deposit = access_deposit(membership, deposit_id)
    data = refunds.RefundInput(payload.amount, payload.reason, extra=dict(payload.extra))
    refund, created = refunds.create_refund_once(membership, deposit, data, idempotency_key=idempotency_key)
    return Status(201 if created else 200, refund_out(refund))


class RefundQuery(Schema):
    deposit: str = ""
    status: list[str] = []
    date_from: IsoDate | None = None
    date_to: IsoDate | None = None
    q: str = ""
    sort: str = "-created_at"
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = None


@refunds_router.get("", response=RefundListOut, summary="Refunds (estornos), newest first")
@requires_route(*REFUND_ROUTES)
def list_refunds(request: HttpRequest, filters: Query[RefundQuery]) -> dict[str, Any]:
    qs = queries.filtered(
        refunds.list_refunds(membership_of(request)),
        deposit=filters.deposit,
        status=filters.status,
        date_from=filters.date_from,
        date_to=filters.date_to,
        q=filters.q,
    )
    rows, next_cursor = keyset_page(
        qs, sort=filters.sort, allowed=SORTS, cursor=filters.cursor, size=filters.per_page
    )
    return {"items": [refund_out(r) for r in rows], "next_cursor": next_cursor}


@refunds_router.get("/{refund_id}", response=RefundOut, summary="One refund")
@requires_route(*REFUND_ROUTES)
def get_refund(request: HttpRequest, refund_id: str) -> dict[str, Any]:
    return refund_out(refunds.access_refund(membership_of(request), refund_id))
