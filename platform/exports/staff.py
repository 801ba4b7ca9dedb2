"""Staff's reports across clients (admin/reports, issue 13): deposits or payouts of every client the
member may see, from the platform's transaction index (gateway.TransactionIndex: one query across
clients, never a loop over their schemas), filtered by period, status, method, currency and client."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any, Literal

from django.db.models import F, QuerySet
from ninja import Field, Schema
from pydantic import ValidationError

from access.scoped import visible_tenants
from accounts.models import Membership
from core.api_types import IsoDate
from core.dates import day_end, day_start
from core.errors import AppError
from exports.columns import DATETIME, MONEY, TEXT, Column, col
from gateway.models import TransactionIndex
from stats.services import STATUSES, checked_period
from tenants.models import TenantKind

ROUTES = ("admin/reports",)
KINDS = {"payments": "deposit", "payouts": "payout"}


class StaffReportFilters(Schema):
    """What admin/reports asks: a period of São Paulo days (`date_to` inclusive; by default the current
    month), statuses, methods and currencies (any when empty), one client by slug (every one when empty)."""

    date_from: IsoDate | None = None
    date_to: IsoDate | None = None
    status: list[str] = Field(default_factory=list, max_length=10)
    method: list[str] = Field(default_factory=list, max_length=10)
    currency: list[Literal["BRL", "USD"]] = Field(default_factory=list, max_length=2)
    client: str = Field(default="", max_length=63)


FILTERS = tuple(StaffReportFilters.model_fields)

_COMMON = (
    col("client", TEXT, "Cliente", "Client"),
    col("public_id", TEXT, "ID", "ID"),
    col("created_at", DATETIME, "Criado em", "Created at"),
    col("status", TEXT, "Status", "Status"),
    col("method", TEXT, "Método", "Method"),
    col("currency", TEXT, "Moeda", "Currency"),
    col("amount", MONEY, "Valor", "Amount"),
    col("fee", MONEY, "Tarifa", "Fee"),
    col("net", MONEY, "Líquido", "Net"),
)
DEPOSIT_COLUMNS = (
    *_COMMON,
    col("name", TEXT, "Nome do pagador", "Payer name"),
    col("document", TEXT, "Documento", "Document"),
    col("provider", TEXT, "Banco provedor", "Provider bank"),
    col("provider_reference", TEXT, "ID da transação", "Transaction ID"),
)
PAYOUT_COLUMNS = (
    *_COMMON,
    col("payout_kind", TEXT, "Tipo", "Kind"),
    col("name", TEXT, "Beneficiário", "Beneficiary"),
    col("document", TEXT, "Documento", "Document"),
    col("bank_name", TEXT, "Banco", "Bank"),
    col("destination", TEXT, "Destino", "Destination"),
    col("provider", TEXT, "Banco provedor", "Provider bank"),
    col("provider_reference", TEXT, "ID da transação", "Transaction ID"),
)
COLUMNS: dict[str, tuple[Column, ...]] = {"payments": DEPOSIT_COLUMNS, "payouts": PAYOUT_COLUMNS}


def check_filters(membership: Membership, type_: str, filters: Mapping[str, Any]) -> dict[str, Any]:
    """The filters as the report reads them, the period made explicit (400 naming the field)."""
    unknown = sorted(set(filters) - set(FILTERS))
    if unknown:
        raise AppError("invalid_input", fields={f"filters.{name}": "unknown_filter" for name in unknown})
    try:
        parsed = StaffReportFilters.model_validate(dict(filters))
    except ValidationError as exc:
        fields = {
            ".".join(["filters", *(str(p) for p in err["loc"])]): str(err["msg"]) for err in exc.errors()
        }
        raise AppError("invalid_input", fields=fields) from exc
    try:
        period = checked_period(parsed.date_from, parsed.date_to)
    except AppError as exc:
        renamed = {"from": "date_from", "to": "date_to"}
        raw = exc.params.get("fields")
        named = {f"filters.{renamed.get(k, k)}": v for k, v in raw.items()} if isinstance(raw, dict) else {}
        raise AppError(exc.code, fields=named) from exc
    wrong = [s for s in parsed.status if s not in STATUSES[KINDS[type_]]]
    if wrong:
        raise AppError("invalid_input", fields={"filters.status": "invalid_choice"})
    if parsed.client and not _clients(membership).filter(slug=parsed.client).exists():
        raise AppError("invalid_input", fields={"filters.client": "unknown_client"})
    clean: dict[str, Any] = {"date_from": period.start.isoformat(), "date_to": period.end.isoformat()}
    for key in ("status", "method", "currency", "client"):
        value = getattr(parsed, key)
        if value:
            clean[key] = value
    return clean


def _clients(membership: Membership) -> Any:
    return visible_tenants(membership).filter(kind=TenantKind.CLIENT)


def queryset(membership: Membership, type_: str, filters: Mapping[str, Any]) -> QuerySet[Any]:
    """The rows, newest first, as values of the type's columns."""
    qs = TransactionIndex.objects.filter(
        kind=KINDS[type_], tenant__in=_clients(membership).values("pk"),
        created_at__gte=day_start(date.fromisoformat(filters["date_from"])),
    )  # fmt: skip
    end = day_end(date.fromisoformat(filters["date_to"]))
    if end:
        qs = qs.filter(created_at__lt=end)
    for key in ("status", "method", "currency"):
        if filters.get(key):
            qs = qs.filter(**{f"{key}__in": filters[key]})
    if filters.get("client"):
        qs = qs.filter(tenant__slug=filters["client"])
    qs = qs.annotate(client=F("tenant__slug"), net=F("amount") - F("fee"))
    return qs.order_by("-created_at", "-id").values_list(*(c.field for c in COLUMNS[type_]))
