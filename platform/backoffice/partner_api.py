"""The partner area, on the partner's own host: /api/partner/deposits, /withdraws, /balance, /home, and
its clients (/api/partner/clients: onboard, list, suspend and reactivate, partner_admin and
partner_superadmin only).

Lists take the filters and keyset pages of a client's own lists (GET /api/deposits, /api/payouts) plus
`client=<slug>`, and every row names its client; all of it is read from the public schema (the
transaction index, the ledger, the statistics roll-ups) across exactly the partner's linked clients
(backoffice.partner), in one query per answer.
"""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime.

from datetime import datetime
from typing import Any

from django.http import HttpRequest
from ninja import Field, Query, Router, Schema
from ninja.responses import Status
from pydantic import BaseModel

from access.guard import membership_of, requires_route
from accounts import second_factor
from accounts.models import Membership
from backoffice import partner, services
from core.api_types import BasisPoints, Centavos, IsoDate
from core.errors import AppError, ForbiddenError
from core.idempotency import idempotent
from core.pagination import DEFAULT_PAGE_SIZE, keyset_page
from gateway.models import TransactionIndex
from notifications import invitations
from stats.services import checked_period
from tenants.models import Tenant, TenantStatus
from tenants.services import tenant_host

router = Router(tags=["partner"])

DEPOSIT_ROUTES = ("partner/deposits", "partner-providers/deposits")
WITHDRAW_ROUTES = ("partner/withdraws",)
BALANCE_ROUTES = ("partner/balance", "partner-providers/home")
HOME_ROUTES = ("partner-providers/home", "partner/balance")
SORTS = ("created_at", "amount")  # the index keeps no due date: a client's due_date sort is not offered


class PartnerListQuery(Schema):
    status: list[str] = []
    method: list[str] = []
    currency: list[str] = []
    date_from: IsoDate | None = None
    date_to: IsoDate | None = None
    amount_min: int | None = None
    amount_max: int | None = None
    q: str = Field(default="", max_length=200)
    sort: str = "-created_at"
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = None
    client: str = Field(default="", max_length=63, description="One client's slug (404 if not yours)")


class PartnerDepositQuery(PartnerListQuery):
    provider: list[str] = Field(default=[], description="The bank provider that carried the deposit")


class PartnerWithdrawQuery(PartnerListQuery):
    kind: list[str] = Field(default=[], description="standard, manual, transactional or wallet")


class PartnerDepositOut(BaseModel):
    id: str
    client: str
    client_name: str
    status: str
    method: str
    amount: int
    currency: str
    fee: int
    net: int
    payer_name: str
    payer_document: str
    provider: str
    provider_reference: str
    created_at: datetime
    updated_at: datetime | None


class PartnerDepositListOut(BaseModel):
    items: list[PartnerDepositOut]
    next_cursor: str | None


class PartnerWithdrawOut(BaseModel):
    id: str
    client: str
    client_name: str
    status: str
    kind: str
    method: str
    amount: int
    currency: str
    fee: int
    beneficiary_name: str
    beneficiary_document: str
    bank_name: str
    destination: str
    provider: str
    transaction_id: str
    created_at: datetime
    updated_at: datetime | None


class PartnerWithdrawListOut(BaseModel):
    items: list[PartnerWithdrawOut]
    next_cursor: str | None


class PartnerBalanceQuery(Schema):
    currency: list[str] = []
    client: str = Field(default="", max_length=63)


class PartnerBalanceOut(BaseModel):
    client: str
    client_name: str
    currency: str
    available: int
    pending: int
    held: int


class PartnerHomeQuery(Schema):
    currency: str = Field(default="BRL", pattern="^(BRL|USD)$")
    from_: IsoDate | None = Field(default=None, alias="from")
    to: IsoDate | None = None
    client: str = Field(default="", max_length=63)


class PartnerHomeTotalsOut(BaseModel):
    deposits_count: int
    deposits_amount: int
    volume: int
    fee: int
    payouts_count: int
    payouts_amount: int
    available: int
    pending: int
    held: int


class PartnerHomeClientOut(PartnerHomeTotalsOut):
    client: str
    client_name: str


class PartnerHomeOut(BaseModel):
    currency: str
    from_: str = Field(alias="from")
    to: str
    clients: list[PartnerHomeClientOut]
    totals: PartnerHomeTotalsOut | None


def _filters(q: PartnerListQuery, **extra: Any) -> partner.IndexFilters:
    return partner.IndexFilters(
        status=q.status, method=q.method, currency=q.currency, date_from=q.date_from, date_to=q.date_to,
        amount_min=q.amount_min, amount_max=q.amount_max, q=q.q, **extra,
    )  # fmt: skip


def _page(
    request: HttpRequest, kind: str, q: PartnerListQuery, **extra: Any
) -> tuple[list[TransactionIndex], str | None]:
    clients = partner.partner_clients(membership_of(request), q.client)
    qs = partner.index_rows(clients, kind, _filters(q, **extra))
    return keyset_page(qs, sort=q.sort, allowed=SORTS, cursor=q.cursor, size=q.per_page)


@router.get("/deposits", response=PartnerDepositListOut, summary="Deposits of every client of the partner")
@requires_route(*DEPOSIT_ROUTES)
def partner_deposits(request: HttpRequest, filters: Query[PartnerDepositQuery]) -> dict[str, Any]:
    rows, next_cursor = _page(request, "deposit", filters, provider=filters.provider)
    items = [
        {
            "id": r.public_id, "client": r.tenant.slug, "client_name": r.tenant.name,
            "status": r.status, "method": r.method, "amount": r.amount, "currency": r.currency, "fee": r.fee,
            "net": r.amount - r.fee, "payer_name": r.name, "payer_document": r.document,
            "provider": r.provider, "provider_reference": r.provider_reference,
            "created_at": r.created_at, "updated_at": r.updated_at,
        }
        for r in rows
    ]  # fmt: skip
    return {"items": items, "next_cursor": next_cursor}


@router.get("/withdraws", response=PartnerWithdrawListOut, summary="Payouts of every client of the partner")
@requires_route(*WITHDRAW_ROUTES)
def partner_withdraws(request: HttpRequest, filters: Query[PartnerWithdrawQuery]) -> dict[str, Any]:
    rows, next_cursor = _page(request, "payout", filters, payout_kind=filters.kind)
    items = [
        {
            "id": r.public_id, "client": r.tenant.slug, "client_name": r.tenant.name,
            "status": r.status, "kind": r.payout_kind, "method": r.method, "amount": r.amount,
            "currency": r.currency, "fee": r.fee, "beneficiary_name": r.name,
            "beneficiary_document": r.document, "bank_name": r.bank_name, "destination": r.destination,
            "provider": r.provider, "transaction_id": r.provider_reference,
            "created_at": r.created_at, "updated_at": r.updated_at,
        }
        for r in rows
    ]  # fmt: skip
    return {"items": items, "next_cursor": next_cursor}


@router.get(
    "/balance",
    response=list[PartnerBalanceOut],
    summary="Balance of each client of the partner, per currency",
)
@requires_route(*BALANCE_ROUTES)
def partner_balance(request: HttpRequest, filters: Query[PartnerBalanceQuery]) -> list[dict[str, Any]]:
    clients = partner.partner_clients(membership_of(request), filters.client)
    return partner.balances(clients, filters.currency)


@router.get(
    "/home",
    response=PartnerHomeOut,
    summary="The partner's clients at a glance: deposits, volume, payouts, fees and balance of a period",
    by_alias=True,
)
@requires_route(*HOME_ROUTES)
def partner_home(request: HttpRequest, query: Query[PartnerHomeQuery]) -> dict[str, Any]:
    clients = partner.partner_client_names(membership_of(request), query.client)
    period = checked_period(query.from_, query.to)
    answer = partner.home(clients, query.currency, period.start, period.end)
    return {**answer, "from": answer["from"].isoformat(), "to": answer["to"].isoformat()}


# ------------------------------------------------------------------------------- the partner's clients

CLIENTS_ROUTE = "partner/users"  # the Clientes panel of the partner's users screen (ARCHITECTURE.md)


class OwnClientQuery(Schema):
    q: str = Field(default="", max_length=100, description="Slug or name contains")
    status: list[str] = []
    sort: str = "-created_at"
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = None


class OwnClientOut(BaseModel):
    slug: str
    name: str
    status: str
    currencies: list[str]
    host: str
    created_at: datetime


class OwnClientListOut(BaseModel):
    items: list[OwnClientOut]
    next_cursor: str | None


class OwnClientCreateIn(Schema):
    slug: str = Field(min_length=2, max_length=30)
    name: str = Field(min_length=1, max_length=200)
    owner_email: str = Field(min_length=3, max_length=254)
    owner_name: str = Field(default="", max_length=150)
    currencies: list[str] = ["BRL"]


class OwnClientCreatedOut(BaseModel):
    client: OwnClientOut
    owner_email: str
    initial_password: str | None


class OwnClientStatusIn(Schema):
    reason: str = Field(min_length=1, max_length=500, description="Why (kept in the audit trails)")


def _client_manager(request: HttpRequest) -> Membership:
    """The partner (owner), partner_admin and partner_superadmin: the reading roles are refused (403)."""
    membership = membership_of(request)
    if membership.role not in services.PARTNER_CLIENT_MANAGERS:
        raise ForbiddenError
    return membership


def client_out(tenant: Tenant) -> dict[str, Any]:
    return {
        "slug": tenant.slug, "name": tenant.name, "status": tenant.status, "currencies": tenant.currencies,
        "host": tenant_host(tenant.slug), "created_at": tenant.created_at,
    }  # fmt: skip


@router.get("/clients", response=OwnClientListOut, summary="The partner's clients, with their status")
@requires_route(CLIENTS_ROUTE)
def partner_client_list(request: HttpRequest, filters: Query[OwnClientQuery]) -> dict[str, Any]:
    membership = _client_manager(request)
    if any(s not in TenantStatus.values for s in filters.status):
        raise AppError("invalid_input", fields={"status": "invalid"})
    qs = partner.partner_client_tenants(membership, q=filters.q, status=filters.status)
    rows, next_cursor = keyset_page(
        qs, sort=filters.sort, allowed=("created_at", "slug"), cursor=filters.cursor, size=filters.per_page
    )
    return {"items": [client_out(t) for t in rows], "next_cursor": next_cursor}


@router.post(
    "/clients",
    response={201: OwnClientCreatedOut},
    summary="Onboard a client under the partner (its owner's one-time password is shown once)",
)
@requires_route(CLIENTS_ROUTE, write=True)
@idempotent("partner_clients.create")
def partner_client_create(request: HttpRequest, payload: OwnClientCreateIn) -> Status[dict[str, Any]]:
    membership = _client_manager(request)
    result = services.do_partner_create_client(
        membership.user,
        membership.tenant,
        slug=payload.slug,
        name=payload.name,
        owner_email=payload.owner_email,
        owner_name=payload.owner_name,
        currencies=payload.currencies,
    )
    invitations.invite_owner(request, result.tenant, result.owner_email, membership.user)
    body = {
        "client": client_out(result.tenant),
        "owner_email": result.owner_email,
        "initial_password": result.initial_password,
    }
    return Status(201, body)


@router.post(
    "/clients/{slug}/suspend", response=OwnClientOut, summary="Suspend a client of the partner (reason)"
)
@requires_route(CLIENTS_ROUTE, write=True)
def partner_client_suspend(request: HttpRequest, slug: str, payload: OwnClientStatusIn) -> dict[str, Any]:
    membership = _client_manager(request)
    client = partner.access_partner_client(membership, slug)
    services.do_partner_set_client_status(
        membership.user, membership.tenant, client, TenantStatus.SUSPENDED, reason=payload.reason
    )
    return client_out(client)


@router.post(
    "/clients/{slug}/reactivate", response=OwnClientOut, summary="Reactivate a client of the partner"
)
@requires_route(CLIENTS_ROUTE, write=True)
def partner_client_reactivate(request: HttpRequest, slug: str, payload: OwnClientStatusIn) -> dict[str, Any]:
    membership = _client_manager(request)
    client = partner.access_partner_client(membership, slug)
    services.do_partner_set_client_status(
        membership.user, membership.tenant, client, TenantStatus.ACTIVE, reason=payload.reason
    )
    return client_out(client)


class ClientFeeOut(BaseModel):
    method: str = Field(description='A payment method, or "payout_pix" / "payout_ted"')
    currency: str
    percent_bp: int
    fixed: int
    own: bool = Field(description="The client's own rate (false: the platform's default applies)")
    floor_percent_bp: int = Field(description="The lowest percentage the partner may set")
    floor_fixed: int = Field(description="The lowest fixed part the partner may set, centavos")


class OwnClientDetailOut(OwnClientOut):
    modules: list[str]
    feature_toggles: list[str]
    allowed_modules: list[str] = Field(description="What the platform lets the partner turn on or off")
    allowed_toggles: list[str]
    fees: list[ClientFeeOut]


class OwnClientConfigIn(Schema):
    modules: list[str] | None = None
    feature_toggles: list[str] | None = None


class OwnClientFeeIn(Schema):
    method: str = Field(max_length=40)
    currency: str = Field(pattern="^(BRL|USD)$")
    percent_bp: BasisPoints = Field(ge=0, le=10_000)
    fixed: Centavos = Field(ge=0, le=10**8)


def client_detail(partner_tenant: Tenant, client: Tenant) -> dict[str, Any]:
    allowance = services.partner_allowance(partner_tenant)
    return {
        **client_out(client), "modules": client.modules, "feature_toggles": client.feature_toggles,
        "allowed_modules": sorted(allowance.modules), "allowed_toggles": sorted(allowance.toggles),
        "fees": services.client_fee_table(partner_tenant, client),
    }  # fmt: skip


@router.get(
    "/clients/{slug}",
    response=OwnClientDetailOut,
    summary="A client of the partner: modules, toggles and fee rates, with what the partner may change",
)
@requires_route(CLIENTS_ROUTE)
def partner_client_detail(request: HttpRequest, slug: str) -> dict[str, Any]:
    membership = _client_manager(request)
    return client_detail(membership.tenant, partner.access_partner_client(membership, slug))


@router.patch(
    "/clients/{slug}",
    response=OwnClientDetailOut,
    summary="Turn a client's modules and toggles on or off, within what the platform allows the partner",
)
@requires_route(CLIENTS_ROUTE, write=True)
def partner_client_configure(request: HttpRequest, slug: str, payload: OwnClientConfigIn) -> dict[str, Any]:
    membership = _client_manager(request)
    client = partner.access_partner_client(membership, slug)
    services.do_partner_configure_client(
        membership.user, membership.tenant, client,
        modules=payload.modules, feature_toggles=payload.feature_toggles,
    )  # fmt: skip
    return client_detail(membership.tenant, client)


@router.put(
    "/clients/{slug}/fee-rates",
    response=OwnClientDetailOut,
    summary="Set a client's fee rate for a method and currency, no lower than the platform's floor",
)
@requires_route(CLIENTS_ROUTE, write=True)
def partner_client_fee(request: HttpRequest, slug: str, payload: OwnClientFeeIn) -> dict[str, Any]:
    membership = _client_manager(request)
    client = partner.access_partner_client(membership, slug)
    second_factor.require_step_up(request)  # a fee rate: a fresh second factor for a user who has one
    services.do_partner_set_client_fee(
        membership.user, membership.tenant, client, method=payload.method, currency=payload.currency,
        percent_bp=payload.percent_bp, fixed=payload.fixed,
    )  # fmt: skip
    return client_detail(membership.tenant, client)
