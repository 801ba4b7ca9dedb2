"""Tenants: /api/tenants (what the user may see) and /api/admin/* (platform admins)."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from datetime import datetime
from typing import Any

from django.http import HttpRequest
from ninja import Query, Router, Schema
from ninja.responses import Status
from pydantic import Field

from access.guard import any_member, membership_of, requires_route
from access.scoped import access_tenant_by_slug, visible_tenants
from accounts.members import access_member_user
from accounts.models import Membership
from accounts.roles import Role
from backoffice import services, transactions
from backoffice.schemas import (
    AdminTenantListOut,
    AssignmentIn,
    PartnerLinkIn,
    StatusChangeIn,
    TenantConfigIn,
    TenantCreatedOut,
    TenantCreateIn,
    TenantOut,
)
from core.api_types import IsoDate
from core.errors import AppError, NotFoundError
from core.idempotency import idempotent
from core.pagination import DEFAULT_PAGE_SIZE, keyset_page
from gateway.models import TransactionIndex
from notifications import invitations
from tenants.models import Tenant, TenantKind, TenantStatus
from tenants.services import tenant_host

router = Router(tags=["tenants"])
admin_router = Router(tags=["admin"])


def tenant_out(tenant: Tenant) -> dict[str, Any]:
    return {
        "slug": tenant.slug,
        "name": tenant.name,
        "kind": tenant.kind,
        "status": tenant.status,
        "modules": tenant.modules,
        "feature_toggles": tenant.feature_toggles,
        "currencies": tenant.currencies,
        "host": tenant_host(tenant.slug),
        "created_at": tenant.created_at,
    }


@router.get("", response=list[TenantOut], summary="Tenants this user may see")
@any_member
def list_tenants(request: HttpRequest) -> list[dict[str, Any]]:
    return [tenant_out(t) for t in visible_tenants(membership_of(request)).order_by("slug")]


@router.get("/{slug}", response=TenantOut, summary="One tenant this user may see")
@any_member
def get_tenant(request: HttpRequest, slug: str) -> dict[str, Any]:
    return tenant_out(access_tenant_by_slug(membership_of(request), slug))


def _admin_tenant(request: HttpRequest, slug: str) -> tuple[Membership, Tenant]:
    membership = membership_of(request)
    return membership, access_tenant_by_slug(membership, slug)


class AdminTenantQuery(Schema):
    q: str = Field(default="", max_length=100, description="Slug or name contains")
    kind: str = Field(default="", pattern="^(client|partner)?$")
    status: list[str] = []
    sort: str = "-created_at"
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = None


@admin_router.get("/tenants", response=AdminTenantListOut, summary="Clients and partners (keyset pages)")
@requires_route("admin/clients")
def list_admin_tenants(request: HttpRequest, filters: Query[AdminTenantQuery]) -> dict[str, Any]:
    if any(s not in TenantStatus.values for s in filters.status):
        raise AppError("invalid_input", fields={"status": "invalid"})
    qs = services.admin_tenants(q=filters.q, kind=filters.kind, status=filters.status)
    rows, next_cursor = keyset_page(
        qs, sort=filters.sort, allowed=("created_at", "slug"), cursor=filters.cursor, size=filters.per_page
    )
    items = [{**tenant_out(t), "partner": services.partner_of(t)} for t in rows]
    return {"items": items, "next_cursor": next_cursor}


@admin_router.post("/tenants", response={201: TenantCreatedOut}, summary="Provision a tenant")
@requires_route("admin/clients", write=True)
@idempotent("tenants.create")
def create_tenant(request: HttpRequest, payload: TenantCreateIn) -> Status[dict[str, Any]]:
    membership = membership_of(request)
    result = services.do_provision_tenant(
        membership.user,
        slug=payload.slug,
        name=payload.name,
        kind=payload.kind,
        owner_email=payload.owner_email,
        owner_name=payload.owner_name,
        owner_password=payload.owner_password,
        modules=payload.modules,
        feature_toggles=payload.feature_toggles,
        currencies=payload.currencies,
        partner_slug=payload.partner,
    )
    # Its owner is invited by e-mail on the new tenant's own host (a link to choose a password).
    invitations.invite_owner(request, result.tenant, result.owner_email, membership.user)
    body = {
        "tenant": tenant_out(result.tenant),
        "owner_email": result.owner_email,
        "initial_password": result.initial_password,
    }
    return Status(201, body)


@admin_router.patch("/tenants/{slug}", response=TenantOut, summary="Change modules, toggles, currencies")
@requires_route("admin/clients", write=True)
def configure_tenant(request: HttpRequest, slug: str, payload: TenantConfigIn) -> dict[str, Any]:
    membership, tenant = _admin_tenant(request, slug)
    services.do_configure_tenant(
        membership.user,
        tenant,
        name=payload.name,
        modules=payload.modules,
        feature_toggles=payload.feature_toggles,
        currencies=payload.currencies,
    )
    return tenant_out(tenant)


@admin_router.post(
    "/tenants/{slug}/suspend", response=TenantOut, summary="Suspend: logins refused, data kept"
)
@requires_route("admin/clients", write=True)
def suspend_tenant(request: HttpRequest, slug: str, payload: StatusChangeIn) -> dict[str, Any]:
    membership, tenant = _admin_tenant(request, slug)
    return tenant_out(
        services.do_set_tenant_status(membership.user, tenant, TenantStatus.SUSPENDED, reason=payload.reason)
    )


@admin_router.post("/tenants/{slug}/reactivate", response=TenantOut, summary="Reactivate a suspended tenant")
@requires_route("admin/clients", write=True)
def reactivate_tenant(request: HttpRequest, slug: str, payload: StatusChangeIn) -> dict[str, Any]:
    membership, tenant = _admin_tenant(request, slug)
    return tenant_out(
        services.do_set_tenant_status(membership.user, tenant, TenantStatus.ACTIVE, reason=payload.reason)
    )


@admin_router.post("/partners/{slug}/clients", response=TenantOut, summary="Give a partner a client")
@requires_route("admin/partners", write=True)
def link_partner_client(request: HttpRequest, slug: str, payload: PartnerLinkIn) -> dict[str, Any]:
    membership, partner = _admin_tenant(request, slug)
    client = access_tenant_by_slug(membership, payload.client)
    services.do_link_partner(membership.user, partner, client)
    return tenant_out(client)


@admin_router.post(
    "/employees/{user_id}/clients", response=TenantOut, summary="Assign a client to an employee"
)
@requires_route("admin/employees", write=True)
def assign_employee(request: HttpRequest, user_id: int, payload: AssignmentIn) -> dict[str, Any]:
    membership = membership_of(request)
    employee = access_member_user(membership, user_id, role=Role.EMPLOYEE)
    client = access_tenant_by_slug(membership, payload.client)
    if client.kind != TenantKind.CLIENT:
        raise NotFoundError
    services.do_assign_employee(membership.user, employee, client, assigned=payload.assigned)
    return tenant_out(client)


transactions_router = Router(tags=["transactions"])


class TransactionQuery(Schema):
    kind: list[str] = []
    status: list[str] = []
    method: list[str] = []
    currency: list[str] = []
    tenant: str = ""
    date_from: IsoDate | None = None
    date_to: IsoDate | None = None
    q: str = ""
    payout_kind: list[str] = []
    sort: str = "-created_at"
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = None


class TransactionOut(Schema):
    id: str
    kind: str
    client: str
    client_name: str
    method: str
    status: str
    amount: int
    fee: int
    currency: str
    name: str
    document: str
    provider: str
    transaction_id: str
    payout_kind: str = Field(default="", description="Payouts: standard, manual, transactional or wallet")
    bank_name: str = Field(default="", description="Payouts: the beneficiary's bank")
    destination: str = Field(default="", description='Payouts: "agency / account", or the PIX key alone')
    created_at: datetime
    updated_at: datetime | None = Field(default=None, description="The last change (e.g. of status)")


class TransactionListOut(Schema):
    items: list[TransactionOut]
    next_cursor: str | None


def transaction_out(row: TransactionIndex) -> dict[str, Any]:
    return {
        "id": row.public_id,
        "kind": row.kind,
        "client": row.tenant.slug,
        "client_name": row.tenant.name,
        "method": row.method,
        "status": row.status,
        "amount": row.amount,
        "fee": row.fee,
        "currency": row.currency,
        "name": row.name,
        "document": row.document,
        "provider": row.provider,
        "transaction_id": row.provider_reference,
        "payout_kind": row.payout_kind,
        "bank_name": row.bank_name,
        "destination": row.destination,
        "created_at": row.created_at,
        "updated_at": row.updated_at,
    }


@transactions_router.get("", response=TransactionListOut, summary="Transactions of every client in scope")
@requires_route("employee/transactions")
def list_transactions(request: HttpRequest, filters: Query[TransactionQuery]) -> dict[str, Any]:
    qs = transactions.filtered(
        membership_of(request),
        transactions.TransactionFilters(
            kind=filters.kind, status=filters.status, method=filters.method, currency=filters.currency,
            tenant=filters.tenant, date_from=filters.date_from, date_to=filters.date_to, q=filters.q,
            payout_kind=tuple(filters.payout_kind),
        ),
    )  # fmt: skip
    rows, next_cursor = keyset_page(
        qs, sort=filters.sort, allowed=("created_at", "amount"), cursor=filters.cursor, size=filters.per_page
    )
    return {"items": [transaction_out(r) for r in rows], "next_cursor": next_cursor}


@transactions_router.get(
    "/search", response=list[TransactionOut], summary="Find a transaction by id (top bar)"
)
@requires_route("employee/transactions")
def search_transactions(request: HttpRequest, q: str = "") -> list[dict[str, Any]]:
    if len(q.strip()) < 3:
        return []
    qs = transactions.by_identifier(transactions.scoped_index(membership_of(request)), q)
    return [transaction_out(r) for r in qs.order_by("-created_at")[:10]]


class WalletWithdrawQuery(Schema):
    status: list[str] = []
    currency: list[str] = []
    tenant: str = Field(default="", description="A client's slug")
    date_from: IsoDate | None = None
    date_to: IsoDate | None = None
    q: str = ""
    sort: str = "-created_at"
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = None


@transactions_router.get(
    "/wallet-withdraws",
    response=TransactionListOut,
    summary="Wallet withdraws (clients' withdraws to their own accounts) of every client in scope",
)
@requires_route("admin/wallet-withdraws")
def list_wallet_withdraws(request: HttpRequest, filters: Query[WalletWithdrawQuery]) -> dict[str, Any]:
    qs = transactions.wallet_withdraws(
        membership_of(request),
        transactions.TransactionFilters(
            kind=[], status=filters.status, method=[], currency=filters.currency, tenant=filters.tenant,
            date_from=filters.date_from, date_to=filters.date_to, q=filters.q,
        ),
    )  # fmt: skip
    rows, next_cursor = keyset_page(
        qs, sort=filters.sort, allowed=("created_at", "amount"), cursor=filters.cursor, size=filters.per_page
    )
    return {"items": [transaction_out(r) for r in rows], "next_cursor": next_cursor}
