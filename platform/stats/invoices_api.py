"""Monthly fee invoices of clients: /api/admin/invoices (staff only: the admin/invoices screen)."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime.

from dataclasses import asdict
from typing import Any, Literal

from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone
from ninja import Query, Router, Schema

from access.guard import membership_of, requires_route
from access.scoped import visible_tenants
from accounts.models import Membership
from core.api_errors import ErrorOut
from core.errors import NotFoundError
from core.pagination import invalid_cursor
from stats import invoices
from stats.schemas import InvoiceDetailOut, InvoiceListOut
from tenants.models import Tenant, TenantKind
from tenants.tenancy import current_schema

invoices_router = Router(tags=["invoices"])

INVOICE_ROUTES = ("admin/invoices",)
ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut}


class InvoiceQuery(Schema):
    month: str = ""  # YYYY-MM; the current São Paulo month when empty
    client: str = ""  # a client's slug
    status: Literal["", "open", "closed"] = ""
    per_page: int = 50
    cursor: str | None = None  # the number of the last invoice of the previous page


def _staff(request: HttpRequest) -> Membership:
    """Platform staff on the platform's host only; anyone else is refused by the route table first."""
    membership = membership_of(request)
    if membership.tenant.kind != TenantKind.PLATFORM or current_schema() != "public":
        raise NotFoundError
    return membership


def _clients(membership: Membership) -> QuerySet[Tenant]:
    return visible_tenants(membership).filter(kind=TenantKind.CLIENT)


def summary_out(invoice: invoices.Invoice) -> dict[str, Any]:
    return {
        "number": invoice.number,
        "client": {"slug": invoice.tenant.slug, "name": invoice.tenant.name},
        "month": f"{invoice.month:%Y-%m}",
        "period_start": invoice.month,
        "period_end": invoice.period_end,
        "status": invoice.status,
        "totals": invoice.totals(),
    }


@invoices_router.get(
    "", response={200: InvoiceListOut, **ERRORS}, summary="The month's fee invoices, one per client"
)
@requires_route(*INVOICE_ROUTES)
def list_invoices(request: HttpRequest, filters: Query[InvoiceQuery]) -> dict[str, Any]:
    membership = _staff(request)
    month = invoices.parse_month(filters.month) if filters.month else invoices.current_month()
    scope = _clients(membership)
    if filters.client:
        scope = scope.filter(slug=filters.client)
        if not scope.exists():
            raise NotFoundError
    found = [i for i in invoices.invoices(scope, month) if not filters.status or i.status == filters.status]
    if filters.cursor:
        numbers = [i.number for i in found]
        if filters.cursor not in numbers:  # forged, or of another month or filter: not this list's
            raise invalid_cursor()
        found = found[numbers.index(filters.cursor) + 1 :]
    size = max(1, min(filters.per_page, 200))
    page = found[:size]
    return {
        "items": [summary_out(i) for i in page],
        "next_cursor": page[-1].number if len(found) > size else None,
    }


@invoices_router.get(
    "/{number}", response={200: InvoiceDetailOut, **ERRORS}, summary="One invoice with its lines"
)
@requires_route(*INVOICE_ROUTES)
def get_invoice(request: HttpRequest, number: str) -> dict[str, Any]:
    membership = _staff(request)
    tenant_id, month = invoices.parse_number(number)
    tenant = _clients(membership).filter(pk=tenant_id).first()
    if tenant is None:
        raise NotFoundError
    invoice = invoices.invoice(tenant, month)
    return {
        **summary_out(invoice),
        "issued_at": timezone.now(),
        "lines": [asdict(line) for line in invoice.lines],
    }
