"""clients/provider-banks: which bank provider serves each of the client's payment methods and
payouts, whose route that is (the client's own, the platform default, or the built-in default
provider), and what is known of its state. Read-only: providers are configured by the platform only
(admin/deposits-banks refuses a tenant's provider configuration), so the client brings no
credentials of its own. Never a credential: only codes and names leave this module.

Resolution is gateway.services.provider_for's (its own route, else the platform's, else the built-in
default), without raising: a method nobody serves is shown as unavailable."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from gateway.models import PluginConfig, PluginKind, ProviderRoute
from gateway.registry import get_registry
from tenants.models import Tenant

DEPOSIT_METHODS = ("billet", "pix", "card", "wire")  # the order of the product's screens
PAYOUT_METHODS = ("pix", "ted")  # payouts.WithdrawMethod: routed by the same table (provider_for)


@dataclass(frozen=True)
class ProviderBank:
    operation: str  # deposit | payout
    method: str
    provider: str | None  # code
    provider_name: str
    source: str  # client | platform | builtin | none
    status: str  # healthy | disabled | unavailable
    method_enabled: bool  # deposits: the payment method takes new charges for this client


def provider_banks(tenant: Tenant) -> list[ProviderBank]:
    registry = get_registry()
    routes = ProviderRoute.objects.filter(Q(tenant=tenant) | Q(tenant__isnull=True))
    own = {r.method: r.provider for r in routes if r.tenant_id == tenant.pk}
    platform = {r.method: r.provider for r in routes if r.tenant_id is None}
    configs = PluginConfig.objects.filter(Q(tenant=tenant) | Q(tenant__isnull=True))
    disabled_providers = {
        c.code for c in configs if c.kind == PluginKind.PROVIDER and c.tenant_id is None and not c.enabled
    }
    method_rows = {(c.tenant_id, c.code): c.enabled for c in configs if c.kind == PluginKind.METHOD}

    def method_enabled(code: str) -> bool:
        if code not in registry.methods:
            return False
        return method_rows.get((tenant.pk, code), method_rows.get((None, code), True))

    deposit_methods = [m for m in DEPOSIT_METHODS if m in registry.methods]
    deposit_methods += sorted(m for m in registry.methods if m not in DEPOSIT_METHODS)
    rows: list[ProviderBank] = []
    for operation, methods in (("deposit", deposit_methods), ("payout", list(PAYOUT_METHODS))):
        for method in methods:
            if method in own:
                code, source = own[method], "client"
            elif method in platform:
                code, source = platform[method], "platform"
            elif registry.default_provider is not None:
                code, source = registry.default_provider, "builtin"
            else:
                code, source = None, "none"
            provider = registry.providers.get(code) if code else None
            serves = provider is not None and (
                method in provider.payout_methods if operation == "payout" else method in provider.methods
            )
            if not serves:
                status = "unavailable"
            elif code in disabled_providers:
                status = "disabled"
            else:
                status = "healthy"
            row = ProviderBank(
                operation=operation, method=method, provider=code,
                provider_name=provider.name if provider is not None else (code or ""),
                source=source, status=status,
                method_enabled=method_enabled(method) if operation == "deposit" else True,
            )  # fmt: skip
            rows.append(row)
    return rows
