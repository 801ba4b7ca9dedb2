"""Admin screens of money in: plugins per tenant (enable, configure; secrets write-only),
provider routing (admin/deposits-banks) and fee rates (admin/fee-rates)."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from typing import Any

from django.db import transaction
from django.db.models import Q
from django.http import HttpRequest
from ninja import Router, Schema
from ninja.responses import Status
from pydantic import Field

from access.guard import membership_of, requires_route
from access.scoped import access_tenant_by_slug
from accounts import second_factor
from audit import services as audit
from backoffice import services
from core.api_errors import ErrorOut
from core.api_types import BasisPoints, Centavos, JsonBool
from core.errors import AppError
from core.messages import message
from gateway import services as gateway
from gateway.models import FeeRate, PluginConfig, PluginKind, ProviderRoute
from gateway.registry import get_registry
from payments import receipts
from payments.schemas import DepositReceiptOut, SettlementReceiptOut
from plugin_api.version import API_VERSION
from tenants.models import Tenant

router = Router(tags=["admin"])


class PluginOut(Schema):
    kind: str
    code: str
    name: str
    tenant: str | None
    enabled: bool = Field(
        description="Whether it takes new work for this tenant (its own row, else the platform's)"
    )
    inherited: bool = Field(description="Tenant view: no row of its own, so `enabled` is the platform's")
    tenant_configurable: bool = Field(
        description="Methods: a tenant's row overrides the platform's. Providers: platform only"
    )
    config: dict[str, Any]  # public view: write-only secrets are never included, only `secrets_set`
    default_config: dict[str, Any] | None = Field(
        description="Tenant view: the platform's configuration (public view), which the tenant's overrides"
    )
    config_schema: dict[str, Any]
    currencies: list[str] = Field(description="Payment methods: the currencies they collect")
    methods: list[str] = Field(description="Bank providers: the payment methods they collect")
    payout_methods: list[str] = Field(description='Bank providers: the payouts they make ("pix", "ted")')
    refund_methods: list[str] = Field(description="Bank providers: the methods whose charges they refund")


class RefusedPluginOut(Schema):
    name: str = Field(description="The plugin's entry-point name")
    distribution: str = Field(description="The package that installed it")
    declared_version: str = Field(description='The plugin API version it says it is built for ("": none)')
    api_version: str = Field(description="The plugin API version this Cofre provides")
    reason: str = Field(description="no_version | bad_version | other_major | newer_minor")
    message: str = Field(description="What happened and what to do, in the request's language")


class PluginConfigIn(Schema):
    tenant: str | None = None
    enabled: JsonBool | None = None
    config: dict[str, Any] | None = None


class RouteOut(Schema):
    tenant: str | None
    method: str
    provider: str


class RouteIn(Schema):
    tenant: str | None = None
    method: str
    provider: str


class FeeRateOut(Schema):
    tenant: str | None
    method: str
    currency: str
    percent_bp: int
    fixed: int


class FeeRateIn(Schema):
    tenant: str | None = None
    method: str = Field(
        max_length=40, description='A payment method (deposits) or "payout_pix" / "payout_ted" (payouts)'
    )
    currency: str = Field(pattern="^(BRL|USD)$")
    percent_bp: BasisPoints = Field(ge=0, le=10_000)
    fixed: Centavos = Field(ge=0, le=10**8)


def _tenant(request: HttpRequest, slug: str | None) -> Tenant | None:
    return access_tenant_by_slug(membership_of(request), slug) if slug else None


def _plugin_out(
    kind: str, code: str, row: PluginConfig | None, tenant: Tenant | None, default: PluginConfig | None
) -> dict[str, Any]:
    """`row` is the tenant's own configuration (or the platform's when tenant is None); `default` the
    platform's, which a tenant without a row of its own inherits."""
    registry = get_registry()
    plugin = registry.method(code) if kind == PluginKind.METHOD else registry.provider(code)
    effective = row if row is not None else default
    return {
        "kind": kind,
        "code": code,
        "name": plugin.name,
        "tenant": tenant.slug if tenant else None,
        "enabled": effective.enabled if effective is not None else True,
        "inherited": tenant is not None and row is None,
        "tenant_configurable": kind == PluginKind.METHOD,
        "config": gateway.config_for_display(row) if row else {},
        "default_config": (gateway.config_for_display(default) if default else {}) if tenant else None,
        "config_schema": dict(gateway.plugin_schema(kind, code)),
        "currencies": sorted(getattr(plugin, "currencies", ())),
        "methods": sorted(getattr(plugin, "methods", ())),
        "payout_methods": sorted(getattr(plugin, "payout_methods", ())),
        "refund_methods": sorted(getattr(plugin, "refund_methods", ())),
    }


@router.get(
    "/plugins",
    response=list[PluginOut],
    summary="Payment methods and bank providers, with their configuration",
)
@requires_route("admin/deposits-banks", "admin/withdraws-banks")
def list_plugins(request: HttpRequest, tenant: str | None = None) -> list[dict[str, Any]]:
    owner = _tenant(request, tenant)
    registry = get_registry()
    rows = {(r.tenant_id, r.kind, r.code): r for r in PluginConfig.objects.filter(_owner_or_platform(owner))}
    plugins = [(PluginKind.METHOD, code) for code in registry.methods]
    plugins += [(PluginKind.PROVIDER, code) for code in registry.providers]
    own = owner.pk if owner else None
    return [
        _plugin_out(kind, code, rows.get((own, kind, code)), owner, rows.get((None, kind, code)))
        for kind, code in plugins
    ]


@router.get(
    "/plugins/refused",
    response=list[RefusedPluginOut],
    summary="Installed plugins not loaded: built for an incompatible plugin API version",
)
@requires_route("admin/deposits-banks", "admin/withdraws-banks")
def list_refused_plugins(request: HttpRequest) -> list[dict[str, Any]]:
    membership_of(request)
    return [
        {
            "name": entry.name,
            "distribution": entry.distribution,
            "declared_version": entry.declared,
            "api_version": API_VERSION,
            "reason": entry.reason,
            "message": message(
                f"plugin_refused_{entry.reason}",
                name=entry.name,
                declared=entry.declared,
                version=API_VERSION,
            ),
        }
        for entry in get_registry().refused
    ]


def _owner_or_platform(owner: Tenant | None) -> Q:
    return Q(tenant=owner) | Q(tenant__isnull=True) if owner else Q(tenant__isnull=True)


@router.put("/plugins/{kind}/{code}", response=PluginOut, summary="Enable, disable or configure a plugin")
@requires_route("admin/deposits-banks", "admin/withdraws-banks", write=True)
def configure_plugin(request: HttpRequest, kind: str, code: str, payload: PluginConfigIn) -> dict[str, Any]:
    if kind not in PluginKind.values:
        raise AppError("not_found", status=404)
    owner = _tenant(request, payload.tenant)
    if owner is not None and kind == PluginKind.PROVIDER:
        # gateway reads a provider's configuration for the platform only: a tenant's row would do nothing
        raise AppError("invalid_input", fields={"tenant": "provider_not_per_tenant"})
    with transaction.atomic():
        # An unknown plugin is a 400 (the registry's PluginError) before anything is written.
        row = gateway.set_plugin_config(kind, code, owner, enabled=payload.enabled, values=payload.config)
        audit.record(
            "plugin.configured",
            actor=membership_of(request).user,
            target=row,
            data={"tenant": owner.slug if owner else None, "enabled": row.enabled,
                  "fields": sorted((payload.config or {}).keys())},  # values never logged: secrets
        )  # fmt: skip
    default = (
        PluginConfig.objects.filter(tenant__isnull=True, kind=kind, code=code).first() if owner else None
    )
    return _plugin_out(kind, code, row, owner, default)


@router.get("/routes", response=list[RouteOut], summary="Which bank provider serves each method, per client")
@requires_route("admin/deposits-banks")
def list_routes(request: HttpRequest) -> list[dict[str, Any]]:
    return [
        {"tenant": r.tenant.slug if r.tenant else None, "method": r.method, "provider": r.provider}
        for r in ProviderRoute.objects.select_related("tenant").order_by("tenant__slug", "method")
    ]


@router.put(
    "/routes", response=RouteOut, summary="Route a method to a provider (tenant null: platform default)"
)
@requires_route("admin/deposits-banks", write=True)
def set_route(request: HttpRequest, payload: RouteIn) -> dict[str, Any]:
    second_factor.require_step_up(request)
    owner = _tenant(request, payload.tenant)
    get_registry().method(payload.method)
    with transaction.atomic():
        route = gateway.set_route(owner, payload.method, payload.provider)
        actor = membership_of(request).user
        audit.record("provider.route_set", actor=actor, target=route, data=payload.dict())
    return {"tenant": payload.tenant, "method": route.method, "provider": route.provider}


@router.delete(
    "/routes/{method}",
    response={204: None},
    summary="Remove a client's route: the method follows the platform default again",
)
@requires_route("admin/deposits-banks", write=True)
def remove_route(request: HttpRequest, method: str, tenant: str | None = None) -> Status[None]:
    second_factor.require_step_up(request)
    owner = _tenant(request, tenant)
    route = ProviderRoute.objects.filter(tenant=owner, method=method).first()
    if route is None:
        raise AppError("not_found", status=404)
    if owner is None:  # every method keeps a platform default; change it with PUT instead
        raise AppError("invalid_input", fields={"tenant": "required"})
    with transaction.atomic():
        audit.record(
            "provider.route_removed", actor=membership_of(request).user, target=route,
            data={"tenant": owner.slug, "method": method, "provider": route.provider},
        )  # fmt: skip
        route.delete()
    return Status(204, None)


@router.get("/fee-rates", response=list[FeeRateOut], summary="Fee rates (tenant null: platform default)")
@requires_route("admin/fee-rates")
def list_fee_rates(request: HttpRequest) -> list[dict[str, Any]]:
    return [
        {"tenant": r.tenant.slug if r.tenant else None, "method": r.method, "currency": r.currency,
         "percent_bp": r.percent_bp, "fixed": r.fixed}
        for r in FeeRate.objects.select_related("tenant").order_by("tenant__slug", "method", "currency")
    ]  # fmt: skip


@router.put("/fee-rates", response=FeeRateOut, summary="Set a fee rate: basis points plus fixed centavos")
@requires_route("admin/fee-rates", write=True)
def set_fee_rate(request: HttpRequest, payload: FeeRateIn) -> dict[str, Any]:
    second_factor.require_step_up(request)
    owner = _tenant(request, payload.tenant)
    services.do_set_fee_rate(
        membership_of(request).user, owner, method=payload.method, currency=payload.currency,
        percent_bp=payload.percent_bp, fixed=payload.fixed,
    )  # fmt: skip
    return {**payload.dict(), "tenant": payload.tenant}


@router.delete(
    "/fee-rates/{method}/{currency}",
    response={204: None},
    summary="Remove a fee rate (a client's: the platform default applies again; the platform's: no fee)",
)
@requires_route("admin/fee-rates", write=True)
def remove_fee_rate(
    request: HttpRequest, method: str, currency: str, tenant: str | None = None
) -> Status[None]:
    second_factor.require_step_up(request)
    owner = _tenant(request, tenant)
    rate = FeeRate.objects.filter(tenant=owner, method=method, currency=currency).first()
    if rate is None:
        raise AppError("not_found", status=404)
    with transaction.atomic():
        audit.record(
            "fee_rate.removed", actor=membership_of(request).user, target=rate,
            data={"tenant": tenant, "method": method, "currency": currency,
                  "percent_bp": rate.percent_bp, "fixed": rate.fixed},
        )  # fmt: skip
        rate.delete()
    return Status(204, None)


# ----------------------------------------------------------------------------------- receipts
# Staff open any client's receipt they may see (staff transactions, statements): read only, scoped by
# access.scoped through payments.receipts' staff loaders (a client they may not see is a 404).
RECEIPT_ROUTES = ("employee/transactions", "admin/statements", "financial/statements")


@router.get(
    "/clients/{client}/deposits/{deposit_id}/receipt",
    response={200: DepositReceiptOut, 404: ErrorOut, 409: ErrorOut},
    summary="A client's paid deposit's receipt (staff; 409 receipt_not_paid before it is paid)",
)
@requires_route(*RECEIPT_ROUTES)
def staff_deposit_receipt(request: HttpRequest, client: str, deposit_id: str) -> dict[str, Any]:
    return receipts.staff_deposit_receipt(membership_of(request), client, deposit_id)


@router.get(
    "/clients/{client}/settlements/{settlement_id}/receipt",
    response={200: SettlementReceiptOut, 404: ErrorOut},
    summary="A client's settlement's receipt with its payments (staff)",
)
@requires_route(*RECEIPT_ROUTES)
def staff_settlement_receipt(request: HttpRequest, client: str, settlement_id: str) -> dict[str, Any]:
    return receipts.staff_settlement_receipt(membership_of(request), client, settlement_id)
