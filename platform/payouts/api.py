"""Money out: /api/banks, /api/bank-accounts, /api/payouts (with the compliance queue),
/api/admin/payouts, /api/admin/compliance-rules, /api/refunds and /api/deposits/{id}/refunds."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from datetime import date
from typing import Annotated, Any

from django.http import HttpRequest
from django_tenants.utils import schema_context
from ninja import Query, Router, Schema
from ninja.params import functions as param
from ninja.responses import Status

from access.guard import any_member, membership_of, requires_route
from access.scoped import access_tenant_by_slug, visible_tenants
from accounts.models import Membership
from brazil.banks import load_participants
from core.errors import NotFoundError
from core.pagination import DEFAULT_PAGE_SIZE, keyset_page
from core.tenancy import current_schema
from ledger.models import Posting
from payments.services import access_deposit
from payouts import bank_accounts, queries, refunds, services
from payouts.bank_accounts import BeneficiaryInput
from payouts.compliance import services as compliance
from payouts.models import BankAccount, Payout, Refund
from payouts.schemas import (
    BankAccountIn,
    BankAccountOut,
    BankOut,
    CancelIn,
    ComplianceListOut,
    ComplianceRuleIn,
    ComplianceRuleOut,
    CountOut,
    PayoutDetailOut,
    PayoutIn,
    PayoutListOut,
    PayoutOut,
    RefundIn,
    RefundListOut,
    RefundOut,
    RejectIn,
    ReviewIn,
    StaffPayoutIn,
)
from tenants.models import Tenant, TenantKind

banks_router = Router(tags=["bank accounts"])
bank_accounts_router = Router(tags=["bank accounts"])
router = Router(tags=["payouts"])
admin_router = Router(tags=["payouts"])
compliance_rules_router = Router(tags=["payouts"])
refunds_router = Router(tags=["refunds"])
deposit_refunds_router = Router(tags=["refunds"])

BANK_ACCOUNT_ROUTES = ("clients/withdraws", "contas-bancarias")
PAYOUT_ROUTES = (
    "clients/withdraws",
    "clients/manual-withdraws",
    "clients/transactional-withdraws",
    "client/wallet-withdraws",
    "sacar",
)
STAFF_PAYOUT_ROUTES = ("employee/payout-requests", "admin/payout-requests")
COMPLIANCE_ROUTES = ("admin/compliance",)
WALLET_ROUTE = "client/wallet-withdraws"  # its dialog lists the company's own accounts
STAFF_WALLET_ROUTES = ("admin/wallet-withdraws",)  # its rows open the payout's detail
REFUND_ROUTES = ("clients/refunds",)
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
def bank_out(ispb: str, compe: str, name: str) -> dict[str, Any] | None:
    if not ispb:
        return None
    return {"ispb": ispb, "compe": compe or None, "name": name}


def bank_account_out(a: BankAccount) -> dict[str, Any]:
    return {
        "id": a.public_id,
        "owner": a.owner_kind,
        "holder_name": a.holder_name,
        "holder_document": a.holder_document,
        "bank": bank_out(a.bank_ispb, a.bank_compe, a.bank_name),
        "agency": a.agency,
        "agency_digit": a.agency_digit,
        "account": a.account,
        "account_digit": a.account_digit,
        "account_type": a.account_type,
        "operation": a.operation,
        "pix_key": a.pix_key,
        "pix_key_type": a.pix_key_type,
        "created_at": a.created_at,
    }


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


def payout_input(payload: PayoutIn) -> services.PayoutInput:
    return services.PayoutInput(
        amount=payload.amount,
        currency=payload.currency,
        method=payload.method,
        kind=payload.kind,
        bank_account_id=payload.bank_account_id,
        beneficiary=BeneficiaryInput(**payload.beneficiary.dict()) if payload.beneficiary else None,
        description=payload.description,
        sandbox_scenario=payload.sandbox_scenario or "",
    )


# -------------------------------------------------------------------------------------- banks
@banks_router.get("", response=list[BankOut], summary="Payment-system participants (COMPE and ISPB)")
@any_member
def list_banks(request: HttpRequest) -> list[dict[str, Any]]:
    banks = sorted(load_participants().values(), key=lambda b: (b.compe is None, b.compe or "", b.ispb))
    return [{"ispb": b.ispb, "compe": b.compe, "name": b.name} for b in banks]


# ------------------------------------------------------------------------------ bank accounts
@bank_accounts_router.get("", response=list[BankAccountOut], summary="Bank accounts (a customer: own)")
@requires_route(*BANK_ACCOUNT_ROUTES, WALLET_ROUTE)
def list_bank_accounts(request: HttpRequest) -> list[dict[str, Any]]:
    return [bank_account_out(a) for a in bank_accounts.list_bank_accounts(membership_of(request))]


@bank_accounts_router.post("", response={201: BankAccountOut}, summary="Register a bank account")
@requires_route(*BANK_ACCOUNT_ROUTES, write=True)
def create_bank_account(request: HttpRequest, payload: BankAccountIn) -> Status[dict[str, Any]]:
    account = bank_accounts.create_bank_account(membership_of(request), BeneficiaryInput(**payload.dict()))
    return Status(201, bank_account_out(account))


@bank_accounts_router.delete(
    "/{bank_account_id}", response={204: None}, summary="Remove a bank account (payouts keep theirs)"
)
@requires_route(*BANK_ACCOUNT_ROUTES, write=True)
def delete_bank_account(request: HttpRequest, bank_account_id: str) -> Status[None]:
    membership = membership_of(request)
    account = bank_accounts.access_bank_account(membership, bank_account_id)
    bank_accounts.delete_bank_account(membership, account)
    return Status(204, None)


# ------------------------------------------------------------------------------------ payouts
class PayoutQuery(Schema):
    status: list[str] = []
    kind: list[str] = []
    method: list[str] = []
    currency: list[str] = []
    date_from: date | None = None
    date_to: date | None = None
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
    sort: str = "created_at"
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = None


@router.get("/compliance", response=ComplianceListOut, summary="Payouts waiting for review, across clients")
@requires_route(*COMPLIANCE_ROUTES)
def compliance_queue(request: HttpRequest, filters: Query[ComplianceQuery]) -> dict[str, Any]:
    qs = services.compliance_queue(membership_of(request))
    if filters.client:
        qs = qs.filter(tenant__slug=filters.client)
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
    return Tenant.objects.get(schema_name=current_schema())


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


# ------------------------------------------------------------------------- compliance rules
@compliance_rules_router.get("", response=list[ComplianceRuleOut], summary="Auto-approval rules")
@requires_route(*COMPLIANCE_ROUTES)
def list_compliance_rules(request: HttpRequest) -> list[dict[str, Any]]:
    rules = compliance.rules_for(visible_tenants(membership_of(request)))
    return [rule_out(rule) for rule in rules]


@compliance_rules_router.put(
    "/{slug}", response=ComplianceRuleOut, summary="Set a client's auto-approval threshold"
)
@requires_route(*COMPLIANCE_ROUTES, write=True)
def set_compliance_rule(request: HttpRequest, slug: str, payload: ComplianceRuleIn) -> dict[str, Any]:
    membership = membership_of(request)
    tenant = access_tenant_by_slug(membership, slug, perm="change_tenant")
    return rule_out(compliance.set_rule(membership, tenant, payload.currency, payload.auto_approve_up_to))


def rule_out(rule: Any) -> dict[str, Any]:
    return {
        "client": {"slug": rule.tenant.slug, "name": rule.tenant.name},
        "currency": rule.currency,
        "auto_approve_up_to": rule.auto_approve_up_to,
        "updated_at": rule.updated_at,
    }


# ------------------------------------------------------------------------------------ refunds
@deposit_refunds_router.post(
    "/{deposit_id}/refunds",
    response={201: RefundOut},
    summary="Refund part or all of a paid deposit (pending until the provider confirms it)",
)
@requires_route(*REFUND_ROUTES, write=True)
def create_refund(request: HttpRequest, deposit_id: str, payload: RefundIn) -> Status[dict[str, Any]]:
    membership = membership_of(request)
    deposit = access_deposit(membership, deposit_id)
    scenario = payload.sandbox_scenario or ""
    data = refunds.RefundInput(payload.amount, payload.reason, sandbox_scenario=scenario)
    refund = refunds.create_refund(membership, deposit, data)
    return Status(201, refund_out(refund))


class RefundQuery(Schema):
    deposit: str = ""
    sort: str = "-created_at"
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = None


@refunds_router.get("", response=RefundListOut, summary="Refunds (estornos), newest first")
@requires_route(*REFUND_ROUTES)
def list_refunds(request: HttpRequest, filters: Query[RefundQuery]) -> dict[str, Any]:
    qs = refunds.list_refunds(membership_of(request))
    if filters.deposit:
        qs = qs.filter(deposit__public_id=filters.deposit)
    rows, next_cursor = keyset_page(
        qs, sort=filters.sort, allowed=SORTS, cursor=filters.cursor, size=filters.per_page
    )
    return {"items": [refund_out(r) for r in rows], "next_cursor": next_cursor}


@refunds_router.get("/{refund_id}", response=RefundOut, summary="One refund")
@requires_route(*REFUND_ROUTES)
def get_refund(request: HttpRequest, refund_id: str) -> dict[str, Any]:
    return refund_out(refunds.access_refund(membership_of(request), refund_id))
