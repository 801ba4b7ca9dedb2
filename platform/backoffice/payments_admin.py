"""Admin screens of money in: plugins per tenant (enable, configure; secrets write-only),
provider routing (admin/deposits-banks) and fee rates (admin/fee-rates)."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from typing import Any

from django.db import transaction
from django.http import HttpRequest
from ninja import Router, Schema
from pydantic import Field

from access.guard import membership_of, requires_route
from access.scoped import access_tenant_by_slug
from audit import services as audit
from core.errors import AppError
from gateway import services as gateway
from gateway.models import FeeRate, PluginConfig, PluginKind, ProviderRoute
from gateway.registry import get_registry
from payments.fees import PAYOUT_FEE_METHODS
from tenants.models import Tenant

router = Router(tags=["admin"])


class PluginOut(Schema):
    kind: str
    code: str
    name: str
    tenant: str | None
    enabled: bool
    config: dict[str, Any]  # public view: write-only secrets are never included, only `secrets_set`
    config_schema: dict[str, Any]


class PluginConfigIn(Schema):
    tenant: str | None = None
    enabled: bool | None = None
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
    percent_bp: int = Field(ge=0, le=10_000)
    fixed: int = Field(ge=0, le=10**8)


def _tenant(request: HttpRequest, slug: str | None) -> Tenant | None:
    return access_tenant_by_slug(membership_of(request), slug) if slug else None


def _plugin_out(
    kind: str, code: str, name: str, row: PluginConfig | None, tenant: Tenant | None
) -> dict[str, Any]:
    schema = gateway.plugin_schema(kind, code)
    return {
        "kind": kind,
        "code": code,
        "name": name,
        "tenant": tenant.slug if tenant else None,
        "enabled": row.enabled if row else True,
        "config": gateway.config_for_display(row) if row else {},
        "config_schema": dict(schema),
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
    rows = {(r.kind, r.code): r for r in PluginConfig.objects.filter(tenant=owner)}
    plugins = [(PluginKind.METHOD, code, m.name) for code, m in registry.methods.items()]
    plugins += [(PluginKind.PROVIDER, code, p.name) for code, p in registry.providers.items()]
    return [_plugin_out(kind, code, name, rows.get((kind, code)), owner) for kind, code, name in plugins]


@router.put("/plugins/{kind}/{code}", response=PluginOut, summary="Enable, disable or configure a plugin")
@requires_route("admin/deposits-banks", "admin/withdraws-banks", write=True)
def configure_plugin(request: HttpRequest, kind: str, code: str, payload: PluginConfigIn) -> dict[str, Any]:
    if kind not in PluginKind.values:
        raise AppError("not_found", status=404)
    owner = _tenant(request, payload.tenant)
    registry = get_registry()
    plugin = registry.method(code) if kind == PluginKind.METHOD else registry.provider(code)
    with transaction.atomic():
        row = gateway.set_plugin_config(kind, code, owner, enabled=payload.enabled, values=payload.config)
        audit.record(
            "plugin.configured",
            actor=membership_of(request).user,
            target=row,
            data={"tenant": owner.slug if owner else None, "enabled": row.enabled,
                  "fields": sorted((payload.config or {}).keys())},  # values never logged: secrets
        )  # fmt: skip
    return _plugin_out(kind, code, plugin.name, row, owner)


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
    owner = _tenant(request, payload.tenant)
    get_registry().method(payload.method)
    with transaction.atomic():
        route = gateway.set_route(owner, payload.method, payload.provider)
        actor = membership_of(request).user
        audit.record("provider.route_set", actor=actor, target=route, data=payload.dict())
    return {"tenant": payload.tenant, "method": route.method, "provider": route.provider}


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
    owner = _tenant(request, payload.tenant)
    if payload.method not in PAYOUT_FEE_METHODS:
        get_registry().method(payload.method)  # a deposit's payment method (unknown: 400)
    with transaction.atomic():
        rate, _ = FeeRate.objects.update_or_create(
            tenant=owner, method=payload.method, currency=payload.currency,
            defaults={"percent_bp": payload.percent_bp, "fixed": payload.fixed},
        )  # fmt: skip
        audit.record("fee_rate.set", actor=membership_of(request).user, target=rate, data=payload.dict())
    return {**payload.dict(), "tenant": payload.tenant}
