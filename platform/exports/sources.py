"""What an export selects: the list's own filters (the query parameters GET /api/deposits and
GET /api/payouts take, parsed by the same schemas and turned into the same queryset), and the columns
of each type with their kind (text, money, date...), which the writers format."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db.models import F, QuerySet, Value
from django.db.models.functions import Coalesce
from pydantic import BaseModel, ValidationError

from access.guard import check_route
from accounts.models import Membership
from core.errors import AppError
from exports.models import ExportType
from payments.api import DEPOSIT_ROUTES, DepositQuery, deposit_filtered
from payments.api import SORTS as DEPOSIT_SORTS
from payouts import queries as payout_queries
from payouts.api import PAYOUT_ROUTES, PayoutQuery
from payouts.api import SORTS as PAYOUT_SORTS
from payouts.services import own_payouts

# Kinds of column: how each writer formats it.
TEXT, MONEY, DATETIME, DATE, INTEGER = "text", "money", "datetime", "date", "integer"


@dataclass(frozen=True)
class Column:
    field: str  # the queryset's value name
    kind: str
    title: Mapping[str, str]  # header, per language


def col(field: str, kind: str, pt: str, en: str) -> Column:
    return Column(field, kind, {"pt-BR": pt, "en": en})


DEPOSIT_COLUMNS = (
    col("public_id", TEXT, "ID", "ID"),
    col("created_at", DATETIME, "Criado em", "Created at"),
    col("status", TEXT, "Status", "Status"),
    col("method", TEXT, "Tipo", "Type"),
    col("currency", TEXT, "Moeda", "Currency"),
    col("amount", MONEY, "Valor", "Amount"),
    col("fee", MONEY, "Tarifa", "Fee"),
    col("net", MONEY, "Líquido", "Net"),
    col("refunded_amount", MONEY, "Estornado", "Refunded"),
    col("payer_name", TEXT, "Nome", "Name"),
    col("payer_document", TEXT, "Documento", "Document"),
    col("due_date", DATE, "Vencimento", "Due date"),
    col("provider_reference", TEXT, "ID da transação", "Transaction ID"),
    col("confirmed_at", DATETIME, "Confirmado em", "Confirmed at"),
)

PAYOUT_COLUMNS = (
    col("public_id", TEXT, "ID", "ID"),
    col("created_at", DATETIME, "Criado em", "Created at"),
    col("status", TEXT, "Status", "Status"),
    col("kind", TEXT, "Tipo", "Kind"),
    col("method", TEXT, "Método de saque", "Withdraw method"),
    col("currency", TEXT, "Moeda", "Currency"),
    col("amount", MONEY, "Valor", "Amount"),
    col("fee", MONEY, "Tarifa", "Fee"),
    col("beneficiary_name", TEXT, "Nome", "Name"),
    col("beneficiary_document", TEXT, "Documento", "Document"),
    col("bank_name", TEXT, "Banco", "Bank"),
    col("agency", TEXT, "Agência", "Agency"),
    col("account", TEXT, "Conta", "Account"),
    col("operation", TEXT, "Operação", "Operation"),
    col("pix_key", TEXT, "Chave PIX", "PIX key"),
    col("provider_reference", TEXT, "ID da transação", "Transaction ID"),
    col("description", TEXT, "Descrição", "Description"),
)

COLUMNS = {ExportType.PAYMENTS: DEPOSIT_COLUMNS, ExportType.PAYOUTS: PAYOUT_COLUMNS}
ROUTES = {ExportType.PAYMENTS: DEPOSIT_ROUTES, ExportType.PAYOUTS: PAYOUT_ROUTES}
# ninja's Schema metaclass hides pydantic's class methods from mypy: typed as the BaseModel they are
QUERIES: dict[ExportType, type[BaseModel]] = {
    ExportType.PAYMENTS: DepositQuery,
    ExportType.PAYOUTS: PayoutQuery,
}
SORTS = {ExportType.PAYMENTS: DEPOSIT_SORTS, ExportType.PAYOUTS: PAYOUT_SORTS}
PAGING = ("cursor", "per_page")  # the list's paging: an export takes the whole set


def check_filters(membership: Membership, type_: str, filters: Mapping[str, Any]) -> dict[str, Any]:
    """The filters as the list would read them (400 `invalid_input` on the field otherwise), after
    checking the member may see the list (403)."""
    check_route(membership, ROUTES[ExportType(type_)], write=False)
    schema = QUERIES[ExportType(type_)]
    unknown = sorted(set(filters) - set(schema.model_fields))
    if unknown:
        raise AppError("invalid_input", fields={f"filters.{name}": "unknown_filter" for name in unknown})
    try:
        parsed = schema.model_validate(dict(filters))
    except ValidationError as exc:
        fields = {
            ".".join(["filters", *(str(p) for p in err["loc"])]): str(err["msg"]) for err in exc.errors()
        }
        raise AppError("invalid_input", fields=fields) from exc
    if str(getattr(parsed, "sort", "")).lstrip("-") not in SORTS[ExportType(type_)]:
        raise AppError("invalid_input", fields={"filters.sort": "invalid_sort"})
    clean = parsed.model_dump(mode="json", exclude=set(PAGING))
    return {key: value for key, value in clean.items() if value not in ([], None, "")}


def queryset(membership: Membership, type_: str, filters: Mapping[str, Any]) -> QuerySet[Any]:
    """The rows of the export, in the list's order (its sort, then id), as values of its columns."""
    kind = ExportType(type_)
    params: Any = QUERIES[kind].model_validate(dict(filters))
    sort = str(params.sort)
    qs: QuerySet[Any]
    if kind == ExportType.PAYMENTS:
        qs = deposit_filtered(params).annotate(net=F("amount") - F("fee"))
        if sort.lstrip("-") == "due_date":
            qs = qs.annotate(due_sort=Coalesce(F("due_date"), Value(date.max)))
            sort = sort.replace("due_date", "due_sort")
    else:
        qs = payout_queries.filtered(
            own_payouts(membership),
            payout_queries.PayoutFilters(
                status=params.status,
                kind=params.kind,
                method=params.method,
                currency=params.currency,
                date_from=params.date_from,
                date_to=params.date_to,
                amount_min=params.amount_min,
                amount_max=params.amount_max,
                q=params.q,
            ),
        )
    descending = sort.startswith("-")
    order = (sort, "-id" if descending else "id")
    return qs.order_by(*order).values_list(*(c.field for c in COLUMNS[kind]))
