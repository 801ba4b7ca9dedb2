"""admin/partners and admin/employees: /api/admin/partners (list, detail, commission, unlink) and
/api/admin/employees/clients (the clients each employee may see). Linking a partner's client and
granting a client to an employee are in backoffice.api; the staff users themselves are /api/members.
"""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime.

from datetime import datetime
from typing import Any

from django.http import HttpRequest
from ninja import Query, Router, Schema
from ninja.responses import Status
from pydantic import Field, field_validator

from access.guard import membership_of, requires_route
from access.scoped import access_tenant_by_slug
from accounts import second_factor
from accounts.members import members_of
from accounts.schemas import MemberOut, member_out
from backoffice import services
from core.api_types import BasisPoints, Centavos
from core.errors import AppError, NotFoundError
from core.pagination import DEFAULT_PAGE_SIZE, keyset_page
from tenants.models import Tenant, TenantKind, TenantStatus
from tenants.services import tenant_host

router = Router(tags=["admin"])

PARTNERS = "admin/partners"
EMPLOYEES = "admin/employees"


class PartnerQuery(Schema):
    q: str = Field(default="", max_length=100, description="Slug or name contains")
    status: list[str] = []
    sort: str = "-created_at"
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = None


class PartnerOut(Schema):
    slug: str
    name: str
    status: str
    host: str
    created_at: datetime
    commission_bp: int = Field(description="Share of the platform's fees on its clients, basis points")
    clients_count: int
    users_count: int = Field(description="Active users of the partner")


class PartnerListOut(Schema):
    items: list[PartnerOut]
    next_cursor: str | None


class PartnerClientOut(Schema):
    slug: str
    name: str
    status: str
    linked_at: datetime


class FeeFloorOut(Schema):
    method: str
    currency: str
    percent_bp: int
    fixed: int


class PartnerDetailOut(PartnerOut):
    clients: list[PartnerClientOut]
    users: list[MemberOut]
    allowed_modules: list[str] = Field(description="Modules the partner may turn on or off on its clients")
    allowed_toggles: list[str] = Field(description="Feature toggles the partner may turn on or off")
    fee_floors: list[FeeFloorOut] = Field(
        description="The lowest rate the partner may set per method and currency (none: the platform default)"
    )


class PartnerTermsIn(Schema):
    """Each term is optional (left out: unchanged); a term sent as null is refused."""

    commission_bp: BasisPoints | None = Field(default=None, ge=0, le=10_000)
    allowed_modules: list[str] | None = None
    allowed_toggles: list[str] | None = None

    @field_validator("commission_bp", "allowed_modules", "allowed_toggles", mode="before")
    @classmethod
    def _not_null(cls, value: object) -> object:
        if value is None:
            raise ValueError("null")
        return value


class FeeFloorIn(Schema):
    method: str = Field(
        max_length=40, description='A payment method (deposits) or "payout_pix" / "payout_ted" (payouts)'
    )
    currency: str = Field(pattern="^(BRL|USD)$")
    percent_bp: BasisPoints = Field(ge=0, le=10_000)
    fixed: Centavos = Field(ge=0, le=10**8)


class ClientRefOut(Schema):
    slug: str
    name: str


class EmployeeClientsOut(Schema):
    user_id: int
    clients: list[ClientRefOut]


def partner_out(partner: Tenant, counts: tuple[int, int]) -> dict[str, Any]:
    return {
        "slug": partner.slug,
        "name": partner.name,
        "status": partner.status,
        "host": tenant_host(partner.slug),
        "created_at": partner.created_at,
        "commission_bp": services.commission_of(partner),
        "clients_count": counts[0],
        "users_count": counts[1],
    }


def _partner(request: HttpRequest, slug: str) -> Tenant:
    """A partner the admin may see, or 404 (a client's or the platform's slug is no partner)."""
    partner = access_tenant_by_slug(membership_of(request), slug)
    if partner.kind != TenantKind.PARTNER:
        raise NotFoundError
    return partner


def _detail(partner: Tenant) -> dict[str, Any]:
    links = list(services.partner_links(partner))
    users = list(members_of(partner))
    allowance = services.partner_allowance(partner)
    return {
        **partner_out(partner, services.partner_counts([partner])[partner.pk]),
        "clients": [
            {"slug": link.client.slug, "name": link.client.name, "status": link.client.status,
             "linked_at": link.created_at}
            for link in links
        ],
        "users": [member_out(m) for m in users],
        "allowed_modules": sorted(allowance.modules),
        "allowed_toggles": sorted(allowance.toggles),
        "fee_floors": [
            {"method": f.method, "currency": f.currency, "percent_bp": f.percent_bp, "fixed": f.fixed}
            for f in services.partner_fee_floors(partner)
        ],
    }  # fmt: skip


@router.get("/partners", response=PartnerListOut, summary="Partners, their terms and sizes (keyset pages)")
@requires_route(PARTNERS)
def list_partners(request: HttpRequest, filters: Query[PartnerQuery]) -> dict[str, Any]:
    if any(s not in TenantStatus.values for s in filters.status):
        raise AppError("invalid_input", fields={"status": "invalid"})
    qs = services.partner_tenants(q=filters.q, status=filters.status)
    rows, next_cursor = keyset_page(
        qs, sort=filters.sort, allowed=("created_at", "slug"), cursor=filters.cursor, size=filters.per_page
    )
    counts = services.partner_counts(rows)
    return {"items": [partner_out(p, counts[p.pk]) for p in rows], "next_cursor": next_cursor}


@router.get("/partners/{slug}", response=PartnerDetailOut, summary="A partner, its clients and its users")
@requires_route(PARTNERS)
def get_partner(request: HttpRequest, slug: str) -> dict[str, Any]:
    return _detail(_partner(request, slug))


@router.patch(
    "/partners/{slug}",
    response=PartnerDetailOut,
    summary="Set a partner's terms: commission rate, modules and toggles it may manage on its clients",
)
@requires_route(PARTNERS, write=True)
def set_partner_terms(request: HttpRequest, slug: str, payload: PartnerTermsIn) -> dict[str, Any]:
    partner = _partner(request, slug)
    user = membership_of(request).user
    if payload.commission_bp is not None:
        services.do_set_partner_commission(user, partner, payload.commission_bp)
    if payload.allowed_modules is not None or payload.allowed_toggles is not None:
        services.do_set_partner_allowance(
            user, partner, modules=payload.allowed_modules, toggles=payload.allowed_toggles
        )
    partner.refresh_from_db()
    return _detail(Tenant.objects.select_related("partner_terms").get(pk=partner.pk))


@router.put(
    "/partners/{slug}/fee-floors",
    response=PartnerDetailOut,
    summary="Set the lowest fee rate a partner may give its clients for one method and currency",
)
@requires_route(PARTNERS, write=True)
def set_partner_fee_floor(request: HttpRequest, slug: str, payload: FeeFloorIn) -> dict[str, Any]:
    partner = _partner(request, slug)
    second_factor.require_step_up(request)  # a fee rate (the partner's floor): a fresh second factor
    services.do_set_partner_fee_floor(
        membership_of(request).user, partner, method=payload.method, currency=payload.currency,
        percent_bp=payload.percent_bp, fixed=payload.fixed,
    )  # fmt: skip
    return _detail(partner)


@router.delete(
    "/partners/{slug}/fee-floors/{method}/{currency}",
    response={204: None},
    summary="Remove a partner's fee floor (the platform's default rate is its floor again)",
)
@requires_route(PARTNERS, write=True)
def remove_partner_fee_floor(request: HttpRequest, slug: str, method: str, currency: str) -> Status[None]:
    partner = _partner(request, slug)
    second_factor.require_step_up(request)
    services.do_remove_partner_fee_floor(
        membership_of(request).user, partner, method=method, currency=currency
    )
    return Status(204, None)


@router.delete(
    "/partners/{slug}/clients/{client}", response={204: None}, summary="Take a client away from a partner"
)
@requires_route(PARTNERS, write=True)
def unlink_partner_client(request: HttpRequest, slug: str, client: str) -> Status[None]:
    membership = membership_of(request)
    partner = _partner(request, slug)
    linked = access_tenant_by_slug(membership, client)
    services.do_unlink_partner(membership.user, partner, linked)
    return Status(204, None)


@router.get(
    "/employees/clients",
    response=list[EmployeeClientsOut],
    summary="The clients each employee may see (object grants)",
)
@requires_route(EMPLOYEES)
def list_employee_clients(request: HttpRequest) -> list[dict[str, Any]]:
    granted = services.employee_clients(membership_of(request).tenant)
    return [
        {"user_id": user_id, "clients": [{"slug": t.slug, "name": t.name} for t in clients]}
        for user_id, clients in sorted(granted.items())
    ]
