"""Statements (/api/statements), external adjustments (/api/statements/adjustments) and client
balances (/api/admin/balances): staff screens admin/statements, financial/statements and
admin/clients-balance. Handlers are thin: access and logic live in statements.services."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from typing import Any

from django.http import HttpRequest
from django.utils import timezone
from ninja import Query, Router
from ninja.responses import Status

from access.guard import membership_of, requires_route
from accounts import second_factor
from core.idempotency import idempotent
from core.pagination import keyset_page
from ledger.models import LedgerAccount
from statements import services
from statements.models import Adjustment
from statements.schemas import (
    AccountListOut,
    AccountQuery,
    AdjustmentIn,
    AdjustmentListOut,
    AdjustmentOut,
    AdjustmentQuery,
    AdjustmentReasonIn,
    BalanceListOut,
    BalanceQuery,
    StatementOut,
    StatementQuery,
)

router = Router(tags=["statements"])
balances_router = Router(tags=["statements"])

STATEMENT_ROUTES = ("admin/statements", "financial/statements")
BALANCE_ROUTES = ("admin/clients-balance",)


def account_out(a: LedgerAccount) -> dict[str, Any]:
    return {
        "code": a.code,
        "kind": a.kind,
        "currency": a.currency,
        "client": {"slug": a.tenant.slug, "name": a.tenant.name} if a.tenant is not None else None,
        "provider": a.provider,
        "balance": a.display_balance,
    }


def adjustment_out(a: Adjustment) -> dict[str, Any]:
    return {
        "id": a.public_id,
        "client": {"slug": a.tenant.slug, "name": a.tenant.name},
        "direction": a.direction,
        "amount": a.amount,
        "currency": a.currency,
        "reason": a.reason,
        "status": a.status,
        "proposed_by": {"email": a.proposed_by.email},
        "decided_by": {"email": a.decided_by.email} if a.decided_by is not None else None,
        "decided_at": a.decided_at,
        "reject_reason": a.reject_reason,
        "created_at": a.created_at,
    }


@router.get("/accounts", response=AccountListOut, summary="Ledger accounts of a client, or the platform's")
@requires_route(*STATEMENT_ROUTES)
def list_accounts(request: HttpRequest, filters: Query[AccountQuery]) -> dict[str, Any]:
    accounts = services.account_list(membership_of(request), filters.client)
    return {"items": [account_out(a) for a in accounts]}


@router.get("", response=StatementOut, summary="An account's statement for a period: keyset pages")
@requires_route(*STATEMENT_ROUTES)
def get_statement(request: HttpRequest, filters: Query[StatementQuery]) -> dict[str, Any]:
    membership = membership_of(request)
    if filters.cursor:
        services.check_cursor(filters.cursor)  # a forged cursor is refused as such, whatever else is asked
    account = services.access_account(membership, filters.account)
    today = timezone.localdate()
    page = services.statement(
        account,
        date_from=filters.date_from or today.replace(day=1),
        date_to=filters.date_to or today,
        cursor=filters.cursor,
        size=filters.per_page,
    )
    return {
        "account": account_out(account),
        "date_from": page.date_from,
        "date_to": page.date_to,
        "opening_balance": page.opening_balance,
        "closing_balance": page.closing_balance,
        "items": [line.__dict__ for line in page.lines],
        "next_cursor": page.next_cursor,
    }


@router.get("/adjustments", response=AdjustmentListOut, summary="External credits and debits: keyset pages")
@requires_route(*STATEMENT_ROUTES)
def list_adjustments(request: HttpRequest, filters: Query[AdjustmentQuery]) -> dict[str, Any]:
    qs = services.filtered_adjustments(
        services.adjustments_for(membership_of(request)), status=filters.status, client=filters.client
    )
    rows, next_cursor = keyset_page(
        qs, sort=filters.sort, allowed=("created_at",), cursor=filters.cursor, size=filters.per_page
    )
    return {"items": [adjustment_out(a) for a in rows], "next_cursor": next_cursor}


@router.post(
    "/adjustments", response={201: AdjustmentOut}, summary="Propose an external credit or debit (a reason)"
)
@requires_route(*STATEMENT_ROUTES, write=True)
@idempotent("adjustments.create")
def propose_adjustment(request: HttpRequest, payload: AdjustmentIn) -> Status[dict[str, Any]]:
    adjustment = services.propose(
        membership_of(request), client=payload.client, direction=payload.direction,
        amount=payload.amount, currency=payload.currency, reason=payload.reason,
    )  # fmt: skip
    return Status(201, adjustment_out(adjustment))


@router.post(
    "/adjustments/{adjustment_id}/confirm",
    response=AdjustmentOut,
    summary="Confirm (another staff member): posts it to the ledger",
)
@requires_route(*STATEMENT_ROUTES, write=True)
def confirm_adjustment(request: HttpRequest, adjustment_id: str) -> dict[str, Any]:
    second_factor.require_step_up(request)  # it moves money, as a payout's approval: a fresh second factor
    return adjustment_out(services.confirm(membership_of(request), adjustment_id))


@router.post("/adjustments/{adjustment_id}/reject", response=AdjustmentOut, summary="Reject (a reason)")
@requires_route(*STATEMENT_ROUTES, write=True)
def reject_adjustment(
    request: HttpRequest, adjustment_id: str, payload: AdjustmentReasonIn
) -> dict[str, Any]:
    return adjustment_out(services.reject(membership_of(request), adjustment_id, payload.reason))


@balances_router.get(
    "", response=BalanceListOut, summary="Available, pending and held per client and currency; totals"
)
@requires_route(*BALANCE_ROUTES)
def list_balances(request: HttpRequest, filters: Query[BalanceQuery]) -> dict[str, Any]:
    page = services.page_number(filters.cursor)
    rows, count, totals = services.balance_rows(
        membership_of(request), q=filters.q, currency=filters.currency, sort=filters.sort,
        page=page, size=filters.per_page,
    )  # fmt: skip
    return {
        "items": [
            {
                "client": {"slug": r.slug, "name": r.name},
                "currency": r.currency,
                "available": r.available,
                "pending": r.pending,
                "held": r.held,
            }
            for r in rows
        ],
        "next_cursor": str(page + 1) if page * filters.per_page < count else None,
        "count": count,
        "totals": [{"currency": c, **t} for c, t in totals.items()],
    }
