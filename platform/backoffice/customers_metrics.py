"""admin/customers-metrics: per customer (CPF/CNPJ) across clients, over a period: paid deposits,
volume, refund ratio and MED ratio, sortable, top first.

One grouped query over the public transaction index (by its created_at index, the period bounding the
rows read: the default is the last 30 days) with the MED cases of the period counted per document in a
correlated subquery; BRL figures; the top 10 to 100 rows of the chosen order. Not visited tenant by tenant.
"""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from datetime import date, timedelta
from typing import Any, Literal

from django.db.models import Count, F, FloatField, IntegerField, Max, OuterRef, Q, Subquery, Sum, Value
from django.db.models.functions import Cast, Coalesce, NullIf
from django.http import HttpRequest
from django.utils import timezone
from ninja import Query, Router, Schema
from pydantic import Field

from access.guard import membership_of, requires_route
from access.scoped import visible_tenants
from accounts.models import Membership
from core.api_types import IsoDate
from core.dates import day_end, day_start
from core.errors import AppError
from core.pagination import DEFAULT_PAGE_SIZE, PAGE_SIZES
from gateway.models import TransactionIndex
from med.models import MedCase

router = Router(tags=["customers"])
ROUTES = ("admin/customers-metrics",)
PAID = ("confirmed", "paid_to_client", "refunded")
DEFAULT_DAYS = 30
MAX_DAYS = 366
SortLiteral = Literal["-volume", "-deposits", "-refund_ratio", "-med_ratio"]


class MetricsQuery(Schema):
    date_from: IsoDate | None = None
    date_to: IsoDate | None = None
    sort: SortLiteral = "-volume"
    per_page: int = Field(default=DEFAULT_PAGE_SIZE, description="How many of the top: 10, 25, 50 or 100")


class CustomerMetricOut(Schema):
    document: str
    name: str
    clients: int = Field(description="How many clients it paid")
    deposits: int = Field(description="Paid deposits (BRL)")
    volume: int = Field(description="Centavos paid (BRL)")
    refunded: int = Field(description="Centavos refunded (BRL)")
    refund_ratio: float = Field(description="Refunded / volume, 0..1")
    med_cases: int = Field(description="MED cases opened against its deposits")
    med_ratio: float = Field(description="MED cases / paid deposits, 0..1")


class CustomerMetricListOut(Schema):
    items: list[CustomerMetricOut]
    next_cursor: str | None = None
    date_from: date
    date_to: date


def period(date_from: date | None, date_to: date | None) -> tuple[date, date]:
    end = date_to or timezone.localdate()
    start = date_from or end - timedelta(days=DEFAULT_DAYS - 1)
    if start > end:
        raise AppError("invalid_input", fields={"date_from": "after_date_to"})
    if (end - start).days >= MAX_DAYS:
        raise AppError("invalid_input", fields={"date_from": "period_too_long"})
    return start, end


def metrics(membership: Membership, start: date, end: date, sort: str, top: int) -> list[dict[str, Any]]:
    since, until = day_start(start), day_end(end)
    rows = TransactionIndex.objects.filter(
        tenant__in=visible_tenants(membership), currency="BRL", created_at__gte=since
    ).exclude(document="")
    if until is not None:
        rows = rows.filter(created_at__lt=until)
    paid = Q(kind="deposit", status__in=PAID)
    med = (
        MedCase.objects.filter(payer_document=OuterRef("document"), created_at__gte=since)
        .filter(**({"created_at__lt": until} if until else {}))
        .order_by()
        .values("payer_document")
        .annotate(n=Count("id"))
        .values("n")
    )
    grouped = (
        rows.values("document")
        .annotate(
            name=Max("name"),
            clients=Count("tenant", distinct=True, filter=paid),
            deposits=Count("id", filter=paid),
            volume=Coalesce(Sum("amount", filter=paid), 0),
            refunded=Coalesce(Sum("amount", filter=Q(kind="refund", status="confirmed")), 0),
            med_cases=Coalesce(Subquery(med, output_field=IntegerField()), 0),
        )
        .filter(deposits__gt=0)
        .annotate(
            refund_ratio=Coalesce(
                Cast(F("refunded"), FloatField()) / Cast(NullIf(F("volume"), 0), FloatField()), Value(0.0)
            ),
            med_ratio=Coalesce(
                Cast(F("med_cases"), FloatField()) / Cast(NullIf(F("deposits"), 0), FloatField()), Value(0.0)
            ),
        )
        .order_by(sort, "-volume", "document")
    )
    return [dict(row) for row in grouped[:top]]


@router.get(
    "", response=CustomerMetricListOut, summary="Customers (CPF/CNPJ) across clients: top of a period"
)
@requires_route(*ROUTES)
def customers_metrics(request: HttpRequest, filters: Query[MetricsQuery]) -> dict[str, Any]:
    start, end = period(filters.date_from, filters.date_to)
    if filters.per_page not in PAGE_SIZES:
        raise AppError("invalid_input", fields={"per_page": "invalid"})
    items = metrics(membership_of(request), start, end, filters.sort, filters.per_page)
    return {"items": items, "next_cursor": None, "date_from": start, "date_to": end}
