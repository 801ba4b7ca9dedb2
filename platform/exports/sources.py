"""What an export selects: the list's own filters (the query parameters GET /api/deposits,
GET /api/payouts and GET /api/stats/volume take, parsed by the same schemas and turned into the same
queryset), and the columns of each type with their kind (text, money, date...), which the writers
format."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from django.db.models import F, QuerySet, Value
from django.db.models.functions import Coalesce
from pydantic import BaseModel, ValidationError

from access.guard import check_route
from access.scoped import visible_tenants
from accounts.models import Membership
from core.errors import AppError
from exports import staff
from exports.columns import DATE, DATETIME, INTEGER, MONEY, TEXT, Column, col
from exports.models import ExportType
from payments.api import DEPOSIT_ROUTES, DepositQuery, deposit_filtered
from payments.api import SORTS as DEPOSIT_SORTS
from payouts import queries as payout_queries
from payouts.api import PAYOUT_ROUTES, PayoutQuery
from payouts.api import SORTS as PAYOUT_SORTS
from payouts.services import own_payouts
from stats import services as stats_services
from stats.schemas import VolumeQuery

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
    col("method", TEXT, "Método de saque", "Withdrawal method"),
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

_METHOD_TITLES = {
    "billet": ("Boleto", "Billet"), "card": ("Cartão", "Card"),
    "wire": ("Transferência", "Transfer"), "pix": ("PIX", "PIX"),
}  # fmt: skip
VOLUME_COLUMNS = (
    col("client", TEXT, "Cliente", "Client"),
    col("name", TEXT, "Nome", "Name"),
    col("currency", TEXT, "Moeda", "Currency"),
    *(
        column
        for method in stats_services.VOLUME_METHODS
        for column in (
            col(
                f"{method}_count",
                INTEGER,
                f"{_METHOD_TITLES[method][0]} (qtd.)",
                f"{_METHOD_TITLES[method][1]} (count)",
            ),
            col(f"{method}_amount", MONEY, _METHOD_TITLES[method][0], _METHOD_TITLES[method][1]),
        )
    ),
    col("deposits_count", INTEGER, "Depósitos (qtd.)", "Deposits (count)"),
    col("deposits_amount", MONEY, "Depósitos", "Deposits"),
    col("payouts_count", INTEGER, "Saques (qtd.)", "Payouts (count)"),
    col("payouts_amount", MONEY, "Saques", "Payouts"),
    col("fees", MONEY, "Tarifas", "Fees"),
    col("balance", MONEY, "Saldo disponível", "Available balance"),
)
assert tuple(c.field for c in VOLUME_COLUMNS) == stats_services.VOLUME_COLUMNS

PARTNER_REPORT_COLUMNS = (
    col("client", TEXT, "Cliente", "Client"),
    col("name", TEXT, "Nome", "Name"),
    col("currency", TEXT, "Moeda", "Currency"),
    col("deposits_count", INTEGER, "Depósitos pagos (qtd.)", "Paid deposits (count)"),
    col("deposits_amount", MONEY, "Depósitos pagos", "Paid deposits"),
    col("payouts_count", INTEGER, "Saques (qtd.)", "Payouts (count)"),
    col("payouts_amount", MONEY, "Saques", "Payouts"),
    col("fees", MONEY, "Tarifas", "Fees"),
    col("commission", MONEY, "Comissão do parceiro", "Partner commission"),
    col("balance", MONEY, "Saldo disponível", "Available balance"),
)
assert tuple(c.field for c in PARTNER_REPORT_COLUMNS) == stats_services.PARTNER_REPORT_COLUMNS

COLUMNS = {
    ExportType.PAYMENTS: DEPOSIT_COLUMNS,
    ExportType.PAYOUTS: PAYOUT_COLUMNS,
    ExportType.VOLUME: VOLUME_COLUMNS,
    ExportType.PARTNER_REPORT: PARTNER_REPORT_COLUMNS,
}
# The partner's report: whoever sees the partner's home or its balances (every partner role that reads
# its clients' money).
PARTNER_REPORT_ROUTES = ("partner-providers/home", "partner/balance")
ROUTES = {
    ExportType.PAYMENTS: DEPOSIT_ROUTES,
    ExportType.PAYOUTS: PAYOUT_ROUTES,
    ExportType.VOLUME: ("admin/volume",),
    ExportType.PARTNER_REPORT: PARTNER_REPORT_ROUTES,
}
# Where each type is made: a client's lists on its own host, staff's reports on the platform's (there,
# payments and payouts are the report across clients of exports.staff).
CLIENT_TYPES = frozenset({ExportType.PAYMENTS, ExportType.PAYOUTS})
PLATFORM_TYPES = frozenset({ExportType.PAYMENTS, ExportType.PAYOUTS, ExportType.VOLUME})
PARTNER_TYPES = frozenset({ExportType.PARTNER_REPORT})


def _staff_report(membership: Membership, type_: str) -> bool:
    return membership.tenant.kind == "platform" and type_ in staff.KINDS


def routes(membership: Membership, type_: str) -> tuple[str, ...]:
    """The routes whose viewers may make (and download) an export of `type_` on the member's host."""
    return staff.ROUTES if _staff_report(membership, type_) else tuple(ROUTES[ExportType(type_)])


def columns(membership: Membership, type_: str) -> tuple[Column, ...]:
    return staff.COLUMNS[type_] if _staff_report(membership, type_) else COLUMNS[ExportType(type_)]


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
    check_route(membership, routes(membership, type_), write=False)
    if _staff_report(membership, type_):
        return staff.check_filters(membership, type_, filters)
    if type_ == ExportType.VOLUME:
        return check_volume_filters(membership, filters)
    if type_ == ExportType.PARTNER_REPORT:
        return check_partner_report_filters(filters)
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


VOLUME_FILTERS = ("from", "to", "currency", "client", "sort")


def check_volume_filters(membership: Membership, filters: Mapping[str, Any]) -> dict[str, Any]:
    """GET /api/stats/volume's parameters, read as it reads them; the period made explicit (the file
    is of the days asked for, whenever it runs)."""
    unknown = sorted(set(filters) - set(VOLUME_FILTERS))
    if unknown:
        raise AppError("invalid_input", fields={f"filters.{name}": "unknown_filter" for name in unknown})
    try:
        parsed = VolumeQuery.model_validate(dict(filters))
    except ValidationError as exc:
        fields = {
            ".".join(["filters", *(str(p) for p in err["loc"])]): str(err["msg"]) for err in exc.errors()
        }
        raise AppError("invalid_input", fields=fields) from exc
    try:
        period = stats_services.checked_period(parsed.from_, parsed.to)
        stats_services.checked_sort(parsed.sort, stats_services.VOLUME_SORTS)
        stats_services.volume_tenants(membership, parsed.client)
    except AppError as exc:
        raw = exc.params.get("fields")
        named = {f"filters.{k}": v for k, v in raw.items()} if isinstance(raw, dict) else {}
        raise AppError(exc.code, fields=named) from exc
    clean = {"from": period.start.isoformat(), "to": period.end.isoformat(), "sort": parsed.sort}
    return clean | {key: value for key in ("currency", "client") if (value := getattr(parsed, key))}


PARTNER_REPORT_FILTERS = ("from", "to")


def check_partner_report_filters(filters: Mapping[str, Any]) -> dict[str, Any]:
    """A period of São Paulo days (`from`, `to` inclusive; by default this month), made explicit."""
    unknown = sorted(set(filters) - set(PARTNER_REPORT_FILTERS))
    if unknown:
        raise AppError("invalid_input", fields={f"filters.{name}": "unknown_filter" for name in unknown})
    days: dict[str, date | None] = {}
    for key in PARTNER_REPORT_FILTERS:
        raw = filters.get(key)
        try:
            days[key] = date.fromisoformat(raw) if raw else None
        except (TypeError, ValueError) as exc:
            raise AppError("invalid_input", fields={f"filters.{key}": "invalid_date"}) from exc
    try:
        period = stats_services.checked_period(days["from"], days["to"])
    except AppError as exc:
        raw = exc.params.get("fields")
        named = {f"filters.{k}": v for k, v in raw.items()} if isinstance(raw, dict) else {}
        raise AppError(exc.code, fields=named) from exc
    return {"from": period.start.isoformat(), "to": period.end.isoformat()}


def partner_report_rows(membership: Membership, filters: Mapping[str, Any]) -> QuerySet[Any]:
    """The partner's clients now (its link and the member's grants, read when the job runs)."""
    period = stats_services.Period(date.fromisoformat(filters["from"]), date.fromisoformat(filters["to"]))
    clients = visible_tenants(membership)
    qs = stats_services.partner_report_queryset(membership.tenant, clients, period)
    return qs.values_list(*(c.field for c in PARTNER_REPORT_COLUMNS))


def volume_rows(membership: Membership, filters: Mapping[str, Any]) -> QuerySet[Any]:
    period = stats_services.Period(date.fromisoformat(filters["from"]), date.fromisoformat(filters["to"]))
    tenants = stats_services.volume_tenants(membership, filters.get("client", ""))
    qs = stats_services.volume_queryset(
        tenants, period, filters.get("currency", ""), filters.get("sort", "-deposits_amount")
    )
    return qs.values_list(*(c.field for c in VOLUME_COLUMNS))


def queryset(membership: Membership, type_: str, filters: Mapping[str, Any]) -> QuerySet[Any]:
    """The rows of the export, in the list's order (its sort, then id), as values of its columns."""
    kind = ExportType(type_)
    if _staff_report(membership, type_):
        return staff.queryset(membership, type_, filters)
    if kind == ExportType.VOLUME:
        return volume_rows(membership, filters)
    if kind == ExportType.PARTNER_REPORT:
        return partner_report_rows(membership, filters)
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
