"""Deposits and balance: /api/deposits, /api/balance."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from dataclasses import replace
from datetime import date
from typing import Any, Literal

from django.conf import settings
from django.db.models import F, Value
from django.db.models.functions import Coalesce
from django.http import HttpRequest, HttpResponse
from ninja import Field, Query, Router, Schema
from ninja.responses import Status

from access.guard import membership_of, requires_route
from accounts import throttle
from accounts.models import Membership
from audit.services import client_ip
from core.api_errors import ErrorOut
from core.api_types import IdempotencyKey, IsoDate
from core.csp import document_policy
from core.errors import AppError, NotFoundError
from core.pagination import DEFAULT_PAGE_SIZE, keyset_page
from core.renderer import prevalidated
from ledger.models import Posting
from ledger.services import tenant_balances
from payments import queries, receipts, services, settlements
from payments.models import Deposit, Settlement
from payments.schemas import (
    BalanceOut,
    DepositDetailOut,
    DepositIn,
    DepositListOut,
    DepositOut,
    DepositReceiptOut,
    SettlementDetailOut,
    SettlementListOut,
    SettlementReceiptOut,
    SummaryOut,
)
from plugin_api import Payer
from tenants.models import TenantKind
from tenants.tenancy import current_schema

router = Router(tags=["deposits"])
balance_router = Router(tags=["balance"])
settlements_router = Router(tags=["settlements"])

DEPOSIT_ROUTES = ("clients/payments",)
SORTS = ("created_at", "amount", "due_date")


class DepositQuery(Schema):
    status: list[str] = []
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


def deposit_out(d: Deposit) -> dict[str, Any]:
    return {
        "id": d.public_id,
        "status": d.status,
        "method": d.method,
        "amount": d.amount,
        "currency": d.currency,
        "fee": d.fee,
        "net": d.net,
        "paid_amount": d.paid_amount,
        "refunded_amount": d.refunded_amount,
        "description": d.description,
        "payer_name": d.payer_name,
        "payer_document": d.payer_document,
        "payer_email": d.payer_email,
        "address": {
            "street": d.street,
            "number": d.number,
            "complement": d.complement,
            "neighborhood": d.neighborhood,
            "city": d.city,
            "state": d.state,
            "zipcode": d.zipcode,
        },
        "due_date": d.due_date,
        "barcode": d.barcode or None,
        "typed_line": d.typed_line or None,
        "brcode": d.brcode or None,
        "txid": d.txid or None,
        "expires_at": d.expires_at,
        "card_brand": d.card_brand or None,
        "card_last4": d.card_last4 or None,
        "wire_instructions": d.wire_instructions or None,
        "provider": d.provider,
        "provider_reference": d.provider_reference,
        "created_at": d.created_at,
        "confirmed_at": d.confirmed_at,
        "settle_on": d.settle_on,
        "settled_at": d.settled_at,
    }


LIST_FIELDS = (
    *("public_id", "status", "method", "amount", "currency", "fee", "refunded_amount", "payer_name"),
    *("payer_document", "due_date", "provider", "provider_reference", "created_at", "confirmed_at"),
)


def deposit_list_item(d: Deposit | dict[str, Any]) -> dict[str, Any]:
    """A row of the list, from a deposit or from a `.values(*LIST_FIELDS, "id")` row."""
    row = d if isinstance(d, dict) else {name: getattr(d, name) for name in LIST_FIELDS}
    return {
        "id": row["public_id"],
        "status": row["status"],
        "method": row["method"],
        "amount": row["amount"],
        "currency": row["currency"],
        "fee": row["fee"],
        "net": row["amount"] - row["fee"],  # Deposit.net
        "refunded_amount": row["refunded_amount"],
        "payer_name": row["payer_name"],
        "payer_document": row["payer_document"],
        "due_date": row["due_date"],
        "provider": row["provider"],
        "provider_reference": row["provider_reference"],
        "created_at": row["created_at"],
        "confirmed_at": row["confirmed_at"],
    }


def query_filters(filters: DepositQuery) -> queries.DepositFilters:
    return queries.DepositFilters(
        status=filters.status,
        method=filters.method,
        currency=filters.currency,
        date_from=filters.date_from,
        date_to=filters.date_to,
        amount_min=filters.amount_min,
        amount_max=filters.amount_max,
        q=filters.q,
    )


def deposit_filtered(filters: DepositQuery) -> Any:
    return queries.filtered(query_filters(filters))


@router.post(
    "",
    response={200: DepositOut, 201: DepositOut},
    summary="Create a deposit (billet, PIX, card, transfer; 200 when the Idempotency-Key was seen)",
)
@requires_route(*DEPOSIT_ROUTES, write=True)
def create_deposit(
    request: HttpRequest, payload: DepositIn, idempotency_key: IdempotencyKey = None
) -> Status[dict[str, Any]]:
    membership = membership_of(request)
    deposit, created = services.create_deposit_once(
        membership,
        services.DepositInput(
            method=payload.method,
            amount=payload.amount,
            currency=payload.currency,
            payer=Payer(**payload.payer.dict()),
            description=payload.description,
            due_date=payload.due_date,
            expires_in_seconds=payload.expires_in_seconds,
            card_token=payload.card_token,
            extra=dict(payload.extra),
        ),
        idempotency_key=idempotency_key,
    )
    return Status(201 if created else 200, deposit_out(deposit))


@router.get("", response=DepositListOut, summary="Deposits: filters, search, keyset pages")
@requires_route(*DEPOSIT_ROUTES)
def list_deposits(request: HttpRequest, filters: Query[DepositQuery]) -> HttpResponse:
    membership_of(request)
    # Only the columns a row shows, as dicts (no model built per row): a page of whole records costs
    # twice as much to read and build.
    qs = deposit_filtered(filters)
    sort = filters.sort
    columns: tuple[str, ...] = (*LIST_FIELDS, "id")
    if sort.lstrip("-") == "due_date":
        # Deposits without a due date (PIX, card) sort after every date: keyset needs a non-null key.
        qs = qs.annotate(due_sort=Coalesce(F("due_date"), Value(date.max)))
        sort = sort.replace("due_date", "due_sort")
        columns = (*columns, "due_sort")
    rows_qs = qs.values(*columns)
    selective = queries.is_selective(qs)
    fast = None
    if selective and sort.lstrip("-") == "created_at":
        words = queries.name_terms(filters.q)
        search = replace(query_filters(filters), q="")

        def fast(descending: bool, after: tuple[Any, int] | None, limit: int) -> list[dict[str, Any]] | None:
            page = queries.name_page(
                search, words, descending=descending, after=after, limit=limit, fields=LIST_FIELDS
            )
            if page is None:
                return None
            return [{**{name: getattr(d, name) for name in LIST_FIELDS}, "id": d.pk} for d in page]

    rows, next_cursor = keyset_page(
        rows_qs,
        sort=sort,
        allowed=(*SORTS, "due_sort"),
        cursor=filters.cursor,
        size=filters.per_page,
        selective=selective,
        fast=fast,
    )
    # Built from typed columns by deposit_list_item (tests/payments check it against DepositListOut).
    return prevalidated({"items": [deposit_list_item(row) for row in rows], "next_cursor": next_cursor})


@router.get(
    "/summary", response=SummaryOut, summary="Count, amount, fees and average ticket of the filtered set"
)
@requires_route(*DEPOSIT_ROUTES)
def deposits_summary(request: HttpRequest, filters: Query[DepositQuery]) -> dict[str, Any]:
    # Apart from the list: a page stays fast at any size of the set; the totals cost a scan of it.
    membership_of(request)
    return queries.summary(deposit_filtered(filters))


@router.get(
    "/{deposit_id}", response=DepositDetailOut, summary="One deposit with timeline and ledger postings"
)
@requires_route(*DEPOSIT_ROUTES)
def get_deposit(request: HttpRequest, deposit_id: str) -> dict[str, Any]:
    membership = membership_of(request)
    deposit = services.access_deposit(membership, deposit_id)
    postings = (
        Posting.objects.filter(entry__reference=deposit.public_id, entry__tenant=membership.tenant)
        .select_related("entry", "account")
        .order_by("entry__created_at", "pk")
    )
    return {
        **deposit_out(deposit),
        "provider_name": services.provider_name(deposit.provider),
        "events": [
            {
                "at": e.at,
                "from_status": e.from_status,
                "to_status": e.to_status,
                "source": e.source,
                "note": e.note,
                "provider_event_id": e.provider_event_id,
            }
            for e in deposit.events.all()
        ],
        "postings": [
            {
                "entry": p.entry.kind,
                "kind": p.account.kind,
                "account": p.account.code,
                "amount": p.amount,
                "currency": p.currency,
                "at": p.entry.created_at,
            }
            for p in postings
        ],
    }


@router.get(
    "/{deposit_id}/document",
    response={200: None, 404: ErrorOut},
    summary="The payer's document: printable boleto (HTML) or PIX QR code (SVG)",
)
@requires_route(*DEPOSIT_ROUTES)
def deposit_document(request: HttpRequest, deposit_id: str) -> HttpResponse:
    return document_response(services.access_deposit(membership_of(request), deposit_id))


@router.get(
    "/{deposit_id}/receipt",
    response={200: DepositReceiptOut, 404: ErrorOut, 409: ErrorOut},
    summary="A paid deposit's receipt (409 receipt_not_paid before it is paid)",
)
@requires_route(*DEPOSIT_ROUTES, "clients/consolidation")
def deposit_receipt(request: HttpRequest, deposit_id: str) -> dict[str, Any]:
    membership = membership_of(request)
    deposit = services.access_deposit(membership, deposit_id)
    return receipts.deposit_receipt(membership.tenant, deposit)


def document_response(deposit: Deposit) -> HttpResponse:
    """The payer's document of a deposit already loaded in the user's scope (404 when none)."""
    document = services.payer_document(deposit)
    if document is None:
        raise NotFoundError
    response = HttpResponse(document.body, content_type=document.content_type)
    # A boleto page is self-contained: nothing to load, no script to run, its own styles by hash.
    response["Content-Security-Policy"] = document_policy(document.body)
    response["Content-Disposition"] = f'inline; filename="{document.filename}"'
    return response


@balance_router.get("", response=list[BalanceOut], summary="Balance per currency: available, pending, held")
@requires_route("clients/home", "clients/payments", "client/wallet-withdraws")
def balance(request: HttpRequest) -> list[dict[str, Any]]:
    tenant = membership_of(request).tenant
    return [b.__dict__ for b in tenant_balances(tenant, tenant.currencies)]


# -------------------------------------------------------------------------------- settlements
SETTLEMENT_ROUTES = ("clients/consolidation",)


class SettlementQuery(Schema):
    date_from: IsoDate | None = None
    date_to: IsoDate | None = None
    method: list[Literal["billet", "pix", "card", "wire"]] = []
    currency: list[Literal["BRL", "USD"]] = []
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = None


class SettlementDepositsQuery(Schema):
    per_page: int = 100
    cursor: str | None = None


def access_settlement(membership: Membership, public_id: str) -> Settlement:
    """This host's tenant only (the same rule as access_deposit), else 404."""
    if membership.tenant.kind != TenantKind.CLIENT or membership.tenant.schema_name != current_schema():
        raise NotFoundError
    found = Settlement.objects.filter(public_id=public_id).first()
    if found is None:
        raise NotFoundError
    return found


@settlements_router.get(
    "", response=SettlementListOut, summary="Settlements per day, method and currency: keyset pages"
)
@requires_route(*SETTLEMENT_ROUTES)
def list_settlements(request: HttpRequest, filters: Query[SettlementQuery]) -> dict[str, Any]:
    membership = membership_of(request)
    if membership.tenant.kind != TenantKind.CLIENT:
        raise NotFoundError
    qs = settlements.filtered(
        settlements.SettlementFilters(
            date_from=filters.date_from,
            date_to=filters.date_to,
            method=tuple(filters.method),
            currency=tuple(filters.currency),
        )
    )
    rows, next_cursor = keyset_page(
        qs, sort="-day", allowed=("day",), cursor=filters.cursor, size=filters.per_page
    )
    return {"items": [settlements.settlement_out(s) for s in rows], "next_cursor": next_cursor}


@settlements_router.get(
    "/{settlement_id}", response=SettlementDetailOut, summary="One settlement with its deposits"
)
@requires_route(*SETTLEMENT_ROUTES)
def get_settlement(
    request: HttpRequest, settlement_id: str, page: Query[SettlementDepositsQuery]
) -> dict[str, Any]:
    membership = membership_of(request)
    found = access_settlement(membership, settlement_id)
    deposits = Deposit.objects.filter(settlement=found).only(
        "public_id", "payer_name", "payer_document", "amount", "paid_amount", "fee", "settled_at"
    )
    rows, next_cursor = keyset_page(
        deposits, sort="created_at", allowed=("created_at",), cursor=page.cursor, size=page.per_page
    )
    return {
        **settlements.settlement_out(found),
        "deposits": settlements.deposits_out(membership.tenant, rows),
        "deposits_cursor": next_cursor,
    }


@settlements_router.get(
    "/{settlement_id}/receipt",
    response={200: SettlementReceiptOut, 404: ErrorOut},
    summary="A settlement's receipt with its payments",
)
@requires_route(*SETTLEMENT_ROUTES)
def settlement_receipt(request: HttpRequest, settlement_id: str) -> dict[str, Any]:
    membership = membership_of(request)
    return receipts.settlement_receipt(membership.tenant, access_settlement(membership, settlement_id))


# ------------------------------------------------------------------------------ receipt verifier
receipts_router = Router(tags=["receipts"])


class ReceiptVerifyQuery(Schema):
    code: str = Field(max_length=80)


class ReceiptPartyOut(Schema):
    name: str  # masked: the first letter of each word
    document: str  # a CPF masked, a CNPJ as printed; empty when unknown


class ReceiptVerifyOut(Schema):
    """Whether a receipt's authentication code is genuine; when it is, only the minimum to match a
    printed copy: the kind, method, amount (centavos), the day, the masked payer (deposit) or
    beneficiary (settlement)."""

    valid: bool
    kind: Literal["deposit", "settlement"] | None = None
    method: str | None = None
    currency: str | None = None
    amount: int | None = None
    date: IsoDate | None = None  # the São Paulo day it was paid (deposit) or settled (settlement)
    party: ReceiptPartyOut | None = None


@receipts_router.get(
    "/verify",
    response={200: ReceiptVerifyOut, 400: ErrorOut, 429: ErrorOut},
    auth=None,
    summary="Whether a receipt's authentication code is genuine (public; throttled per address)",
)
def verify_receipt(request: HttpRequest, query: Query[ReceiptVerifyQuery]) -> dict[str, Any]:
    wait = throttle.attempt(
        "receipt-verify",
        client_ip(request),
        settings.RECEIPT_VERIFY_MAX_PER_ADDRESS,
        settings.RECEIPT_VERIFY_WINDOW_SECONDS,
    )
    if wait:
        raise AppError("too_many_attempts", status=429, minutes=throttle.minutes(wait))
    return receipts.verify(query.code)
