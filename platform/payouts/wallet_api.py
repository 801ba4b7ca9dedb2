"""A customer's wallet (role customer, on its client's host): /api/wallet.

The wallet is a ledger account of its own per customer and currency (`ledger.customer_account`):
`depositar` adds money by PIX or boleto (a deposit attributed to the customer, credited to the wallet
when confirmed), `sacar` withdraws from it (payouts.services.source_account), `home` and `atividade`
read it. A customer sees only its own deposits and payouts; anything else is 404.
"""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime.

from datetime import datetime
from typing import Any, Literal

from django.http import HttpRequest, HttpResponse
from ninja import Query, Router, Schema
from ninja.responses import Status

from access.guard import membership_of, requires_route
from accounts.models import Membership
from accounts.roles import Role
from core.api_errors import ErrorOut
from core.api_types import IdempotencyKey, IsoDate
from core.dates import day_end, day_start
from core.errors import AppError, NotFoundError
from ledger.services import customer_balances
from payments import services as payments
from payments.api import deposit_out, document_response
from payments.models import Deposit
from payments.schemas import DepositOut
from payouts import services
from plugin_api import Payer
from tenants.models import TenantKind
from tenants.tenancy import current_schema

wallet_router = Router(tags=["wallet"])

WALLET_ROUTES = ("home", "atividade", "depositar", "sacar")
WALLET_METHODS = ("pix", "billet")
ACTIVITY_LIMIT = 100


class WalletBalanceOut(Schema):
    currency: str
    available: int


class WalletPayerIn(Schema):
    name: str
    document: str
    email: str = ""
    street: str = ""  # the address: a boleto asks for it
    number: str = ""
    complement: str = ""
    neighborhood: str = ""
    city: str = ""
    state: str = ""
    zipcode: str = ""


class WalletDepositIn(Schema):
    method: Literal["pix", "billet"]
    amount: int
    currency: str = "BRL"
    payer: WalletPayerIn


class ActivityOut(Schema):
    kind: Literal["deposit", "withdraw"]
    id: str
    status: str
    method: str
    amount: int
    fee: int
    currency: str
    created_at: datetime


class ActivityListOut(Schema):
    items: list[ActivityOut]


class ActivityQuery(Schema):
    kind: list[str] = []
    status: list[str] = []
    currency: list[str] = []
    date_from: IsoDate | None = None
    date_to: IsoDate | None = None


def _customer(request: HttpRequest) -> Membership:
    membership = membership_of(request)
    tenant = membership.tenant
    if (
        membership.role != Role.CUSTOMER
        or tenant.kind != TenantKind.CLIENT
        or tenant.schema_name != current_schema()
    ):
        raise NotFoundError
    return membership


def own_deposits(membership: Membership) -> Any:
    return Deposit.objects.filter(owner_user_id=membership.user_id)


@wallet_router.get("", response=list[WalletBalanceOut], summary="The customer's wallet balance per currency")
@requires_route(*WALLET_ROUTES)
def wallet_balance(request: HttpRequest) -> list[dict[str, Any]]:
    membership = _customer(request)
    tenant = membership.tenant
    balances = customer_balances(tenant, membership.user_id, tenant.currencies)
    return [{"currency": c, "available": v} for c, v in balances.items()]


@wallet_router.post(
    "/deposits",
    response={200: DepositOut, 201: DepositOut},
    summary="Add money to the wallet (PIX or boleto; 200 when the Idempotency-Key was seen)",
)
@requires_route("depositar", write=True)
def create_wallet_deposit(
    request: HttpRequest, payload: WalletDepositIn, idempotency_key: IdempotencyKey = None
) -> Status[dict[str, Any]]:
    membership = _customer(request)
    if payload.method not in WALLET_METHODS:
        raise AppError("invalid_input", fields={"method": "invalid_choice"})
    deposit, created = payments.create_deposit_once(
        membership,
        payments.DepositInput(
            method=payload.method,
            amount=payload.amount,
            currency=payload.currency,
            payer=Payer(**payload.payer.dict()),
            due_date=services.wallet_billet_due() if payload.method == "billet" else None,
        ),
        idempotency_key=idempotency_key,
    )
    return Status(201 if created else 200, deposit_out(deposit))


@wallet_router.get("/deposits/{deposit_id}", response=DepositOut, summary="One of the customer's deposits")
@requires_route(*WALLET_ROUTES)
def get_wallet_deposit(request: HttpRequest, deposit_id: str) -> dict[str, Any]:
    found = own_deposits(_customer(request)).filter(public_id=deposit_id).first()
    if found is None:
        raise NotFoundError
    return deposit_out(found)


@wallet_router.get(
    "/deposits/{deposit_id}/document",
    response={200: None, 404: ErrorOut},
    summary="The customer's boleto (HTML) or PIX QR code (SVG)",
)
@requires_route(*WALLET_ROUTES)
def wallet_deposit_document(request: HttpRequest, deposit_id: str) -> HttpResponse:
    found = own_deposits(_customer(request)).filter(public_id=deposit_id).first()
    if found is None:
        raise NotFoundError
    return document_response(found)


@wallet_router.get("/activity", response=ActivityListOut, summary="The customer's deposits and withdraws")
@requires_route(*WALLET_ROUTES)
def wallet_activity(request: HttpRequest, filters: Query[ActivityQuery]) -> dict[str, Any]:
    membership = _customer(request)
    rows: list[dict[str, Any]] = []
    kinds = set(filters.kind) or {"deposit", "withdraw"}
    sources: list[tuple[str, Any]] = []
    if "deposit" in kinds:
        sources.append(("deposit", own_deposits(membership)))
    if "withdraw" in kinds:
        sources.append(("withdraw", services.own_payouts(membership)))
    for kind, source in sources:
        qs = source
        if filters.status:
            qs = qs.filter(status__in=filters.status)
        if filters.currency:
            qs = qs.filter(currency__in=filters.currency)
        if filters.date_from:
            qs = qs.filter(created_at__gte=day_start(filters.date_from))
        end = day_end(filters.date_to) if filters.date_to else None
        if end is not None:
            qs = qs.filter(created_at__lt=end)
        for item in qs.order_by("-created_at", "-id")[:ACTIVITY_LIMIT]:
            rows.append({
                "kind": kind, "id": item.public_id, "status": item.status, "method": item.method,
                "amount": item.amount, "fee": item.fee, "currency": item.currency,
                "created_at": item.created_at,
            })  # fmt: skip
    rows.sort(key=lambda r: r["created_at"], reverse=True)
    return {"items": rows[:ACTIVITY_LIMIT]}
