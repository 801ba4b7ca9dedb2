"""Payouts: /api/payouts (with the compliance queue) and /api/admin/payouts."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from typing import Annotated, Any

from django.http import HttpRequest
from django_tenants.utils import schema_context
from ninja import Query, Router, Schema
from ninja.params import functions as param
from ninja.responses import Status

from access.guard import membership_of, requires_route
from access.scoped import access_tenant_by_slug
from accounts import second_factor
from accounts.models import Membership
from bank_accounts import services as bank_accounts
from bank_accounts.api import bank_account_out, bank_out
from bank_accounts.schemas import BankAccountOut
from bank_accounts.services import BeneficiaryInput
from core.api_types import IsoDate
from core.dates import day_end, day_start
from core.errors import NotFoundError
from core.pagination import DEFAULT_PAGE_SIZE, keyset_page
from ledger.models import Posting
from payouts import queries, services
from payouts.models import Payout
from payouts.schemas import (
    CancelIn,
    ComplianceListOut,
    CountOut,
    PayoutDetailOut,
    PayoutIn,
    PayoutListOut,
    PayoutOut,
    RejectIn,
    ReviewIn,
    StaffPayoutIn,
)
from tenants.models import Tenant, TenantKind
from tenants.tenancy import current_tenant

router = Router(tags=["payouts"])
admin_router = Router(tags=["payouts"])

PAYOUT_ROUTES = (
    "clients/withdraws",
    "clients/manual-withdraws",
    "clients/transactional-withdraws",
    "client/wallet-withdraws",
    "sacar",
)
STAFF_PAYOUT_ROUTES = ("employee/payout-requests", "admin/payout-requests")
COMPLIANCE_ROUTES = ("admin/compliance",)
STAFF_WALLET_ROUTES = ("admin/wallet-withdraws",)  # its rows open the payout's detail
SORTS = ("created_at", "amount")

IdempotencyKey = Annotated[
    str | None,
    param.Header(
        None,
        alias="Idempotency-Key",
        description="Required. The same key with the same body answers the same payout (200).",
    ),
]


# ------------------------------------------------------------------------------------- shapes
def payout_out(p: Payout, tenant: Tenant) -> dict[str, Any]:
    return {
        "id": p.public_id,
        "transaction_id": p.provider_reference,
        "client": {"slug": tenant.slug, "name": tenant.name},
        "kind": p.kind,
        "withdraw_method": p.method,
        "status": p.status,
        "amount": p.amount,
        "fee": p.fee,
        "currency": p.currency,
        "description": p.description,
        "beneficiary_name": p.beneficiary_name,
        "beneficiary_document": p.beneficiary_document,
        "bank": bank_out(p.bank_ispb, p.bank_compe, p.bank_name),
        "agency": p.agency,
        "agency_digit": p.agency_digit,
        "account": p.account,
        "account_digit": p.account_digit,
        "account_type": p.account_type,
        "operation": p.operation,
        "pix_key": p.pix_key,
        "bank_account_id": p.bank_account.public_id if p.bank_account_id and p.bank_account else None,
        "provider": p.provider,
        "submission_attempts": p.submission_attempts,
        "approval": p.approval,
        "created_by_id": p.created_by_id,
        "approved_by_id": p.approved_by_id,
        "rejection_reason": p.rejection_reason,
        "created_at": p.created_at,
        "updated_at": p.updated_at,
        "approved_at": p.approved_at,
        "submitted_at": p.submitted_at,
        "confirmed_at": p.confirmed_at,
        "finished_at": p.finished_at,
    }


def payout_detail(p: Payout, tenant: Tenant) -> dict[str, Any]:
    postings = (
        Posting.objects.filter(entry__reference=p.public_id, entry__tenant=tenant)
        .select_related("entry", "account")
        .order_by("entry__created_at", "pk")
    )
    return {
        **payout_out(p, tenant),
        "events": [
            {
                "at": e.at,
                "from_status": e.from_status,
                "to_status": e.to_status,
                "source": e.source,
                "note": e.note,
                "provider_event_id": e.provider_event_id,
            }
            for e in p.events.all()
        ],
        "postings": [
            {
                "entry": posting.entry.kind,
                "kind": posting.account.kind,
                "account": posting.account.code,
                "amount": posting.amount,
                "currency": posting.currency,
                "at": posting.entry.created_at,
            }
            for posting in postings
        ],
    }


def payout_input(payload: PayoutIn) -> services.PayoutInput:
    return services.PayoutInput(
        amount=payload.amount,
        currency=payload.currency,
        method=payload.method,
        kind=payload.kind,
        bank_account_id=payload.bank_account_id,
        beneficiary=BeneficiaryInput(**payload.beneficiary.dict()) if payload.beneficiary else None,
        description=payload.description,
        extra=dict(payload.extra),
    )


# ------------------------------------------------------------------------------------ payouts
class PayoutQuery(Schema):
    status: list[str] = []
    kind: list[str] = []
    method: list[str] = []
    currency: list[str] = []
    date_from: IsoDate | None = None
    date_to: IsoDate | None = None
    amount_min: int | None = None
    amount_max: int | None = None
    q: str = ""
    sort: str = "-created_at"
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = None


@router.post(
    "",
    response={200: PayoutOut, 201: PayoutOut},
    summary="Request a payout (funds are held at once; 200 when the Idempotency-Key was seen)",
)
@requires_route(*PAYOUT_ROUTES, write=True)
def create_payout(
    request: HttpRequest, payload: PayoutIn, idempotency_key: IdempotencyKey = None
) -> Status[dict[str, Any]]:
    membership = membership_of(request)
    payout, created = services.create_payout(
        membership, payout_input(payload), idempotency_key=idempotency_key
    )
    return Status(201 if created else 200, payout_out(payout, membership.tenant))


@router.get("", response=PayoutListOut, summary="Payouts: filters, search, keyset pages")
@requires_route(*PAYOUT_ROUTES)
def list_payouts(request: HttpRequest, filters: Query[PayoutQuery]) -> dict[str, Any]:
    membership = membership_of(request)
    if membership.tenant.kind != TenantKind.CLIENT:
        raise NotFoundError
    qs = queries.filtered(
        services.own_payouts(membership).select_related("bank_account"),
        queries.PayoutFilters(
            status=filters.status,
            kind=filters.kind,
            method=filters.method,
            currency=filters.currency,
            date_from=filters.date_from,
            date_to=filters.date_to,
            amount_min=filters.amount_min,
            amount_max=filters.amount_max,
            q=filters.q,
        ),
    )
    rows, next_cursor = keyset_page(
        qs, sort=filters.sort, allowed=SORTS, cursor=filters.cursor, size=filters.per_page
    )
    return {
        "items": [payout_out(p, membership.tenant) for p in rows],
        "next_cursor": next_cursor,
        "summary": queries.summary(qs),
    }


class ComplianceQuery(Schema):
    client: str = ""
    date_from: IsoDate | None = None
    date_to: IsoDate | None = None
    sort: str = "created_at"
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = None


@router.get("/compliance", response=ComplianceListOut, summary="Payouts waiting for review, across clients")
@requires_route(*COMPLIANCE_ROUTES)
def compliance_queue(request: HttpRequest, filters: Query[ComplianceQuery]) -> dict[str, Any]:
    qs = services.compliance_queue(membership_of(request))
    if filters.client:
        qs = qs.filter(tenant__slug=filters.client)
    if filters.date_from:
        qs = qs.filter(created_at__gte=day_start(filters.date_from))
    if filters.date_to and (end := day_end(filters.date_to)):
        qs = qs.filter(created_at__lt=end)
    rows, next_cursor = keyset_page(
        qs, sort=filters.sort, allowed=SORTS, cursor=filters.cursor, size=filters.per_page
    )
    return {
        "items": [
            {
                "id": row.public_id,
                "client": {"slug": row.tenant.slug, "name": row.tenant.name},
                "withdraw_method": row.method,
                "amount": row.amount,
                "fee": row.fee,
                "currency": row.currency,
                "beneficiary_name": row.name,
                "beneficiary_document": row.document,
                "status": row.status,
                "created_at": row.created_at,
            }
            for row in rows
        ],
        "next_cursor": next_cursor,
    }


@router.get("/compliance/count", response=CountOut, summary="How many payouts wait for review")
@requires_route(*COMPLIANCE_ROUTES)
def compliance_count(request: HttpRequest) -> dict[str, int]:
    return {"count": services.compliance_queue(membership_of(request)).count()}


@router.get("/{payout_id}", response=PayoutDetailOut, summary="One payout with timeline and postings")
@requires_route(*PAYOUT_ROUTES, *COMPLIANCE_ROUTES, *STAFF_PAYOUT_ROUTES, *STAFF_WALLET_ROUTES)
def get_payout(request: HttpRequest, payout_id: str) -> dict[str, Any]:
    membership = membership_of(request)
    with services.access_payout(membership, payout_id) as payout:
        return payout_detail(payout, _tenant_of(membership))


@router.post("/{payout_id}/cancel", response=PayoutOut, summary="Cancel a payout still waiting for review")
@requires_route(*PAYOUT_ROUTES, write=True)
def cancel_payout(request: HttpRequest, payout_id: str, payload: CancelIn) -> dict[str, Any]:
    membership = membership_of(request)
    with services.access_payout(membership, payout_id) as payout:
        canceled = services.cancel_payout(membership, payout, payload.reason)
        return payout_out(canceled, _tenant_of(membership))


@router.post("/{payout_id}/approve", response=PayoutOut, summary="Approve a payout (not its creator)")
@requires_route(*COMPLIANCE_ROUTES, write=True)
def approve_payout(request: HttpRequest, payout_id: str, payload: ReviewIn) -> dict[str, Any]:
    second_factor.require_step_up(request)
    membership = membership_of(request)
    with services.access_payout(membership, payout_id) as payout:
        approved = services.approve_payout(membership, payout, note=payload.note)
        return payout_out(approved, _tenant_of(membership))


@router.post("/{payout_id}/reject", response=PayoutOut, summary="Reject a payout (reason required)")
@requires_route(*COMPLIANCE_ROUTES, write=True)
def reject_payout(request: HttpRequest, payout_id: str, payload: RejectIn) -> dict[str, Any]:
    membership = membership_of(request)
    with services.access_payout(membership, payout_id) as payout:
        rejected = services.reject_payout(membership, payout, payload.reason)
        return payout_out(rejected, _tenant_of(membership))


def _tenant_of(membership: Membership) -> Tenant:
    """The tenant whose schema the connection is in (staff: the payout's; members: their own)."""
    if membership.tenant.kind == TenantKind.CLIENT:
        return membership.tenant
    return current_tenant()


# --------------------------------------------------------------------- staff: single withdraw
@admin_router.post(
    "",
    response={200: PayoutOut, 201: PayoutOut},
    summary="Generate a single withdraw for a client (staff)",
)
@requires_route(*STAFF_PAYOUT_ROUTES, write=True)
def create_staff_payout(
    request: HttpRequest, payload: StaffPayoutIn, idempotency_key: IdempotencyKey = None
) -> Status[dict[str, Any]]:
    membership = membership_of(request)
    tenant = _client_in_scope(membership, payload.client)
    with schema_context(tenant.schema_name):
        payout, created = services.create_payout(
            membership, payout_input(payload), idempotency_key=idempotency_key, tenant=tenant
        )
        return Status(201 if created else 200, payout_out(payout, tenant))


@admin_router.get(
    "/clients/{slug}/bank-accounts", response=list[BankAccountOut], summary="A client's bank accounts (staff)"
)
@requires_route(*STAFF_PAYOUT_ROUTES)
def staff_bank_accounts(request: HttpRequest, slug: str) -> list[dict[str, Any]]:
    tenant = _client_in_scope(membership_of(request), slug)
    with schema_context(tenant.schema_name):
        return [bank_account_out(a) for a in bank_accounts.company_bank_accounts()]


def _client_in_scope(membership: Membership, slug: str) -> Tenant:
    tenant = access_tenant_by_slug(membership, slug)
    if tenant.kind != TenantKind.CLIENT:
        raise NotFoundError
    return tenant
