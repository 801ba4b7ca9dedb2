"""Tenant provisioning: the one way to create, suspend, reactivate and configure a tenant.

Used by the admin API (`/api/admin/tenants`) and the `provision_tenant` management command.
New schemas are cloned from a migrated template schema when one exists (see `tenants.template`).
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django_tenants.utils import get_public_schema_name, schema_context

from tenants.models import Currency, Domain, PartnerClient, Tenant, TenantKind, TenantStatus

SLUG_RE = re.compile(r"^[a-z][a-z0-9]{1,29}$")
RESERVED_SLUGS = frozenset({"public", "www", "api", "admin", "static", "template", "platform", "pg"})
KNOWN_MODULES = frozenset({"direct_deposits"})
KNOWN_FEATURE_TOGGLES = frozenset({"manual_withdraws", "transactional_withdraws"})


class ProvisioningError(ValueError):
    """Invalid provisioning input; `field` names what to fix, `code` is machine-readable."""

    def __init__(self, code: str, field: str) -> None:
        super().__init__(f"{field}: {code}")
        self.code = code
        self.field = field


def tenant_host(slug: str) -> str:
    return f"{slug}.{settings.BASE_DOMAIN}"


def ensure_platform() -> Tenant:
    """The platform tenant is the public schema, reached on BASE_DOMAIN (and 127.0.0.1)."""
    platform, _ = Tenant.objects.get_or_create(
        schema_name=get_public_schema_name(),
        defaults={"slug": "platform", "name": "Cofre", "kind": TenantKind.PLATFORM},
    )
    for host in (settings.BASE_DOMAIN, "127.0.0.1"):
        Domain.objects.get_or_create(
            domain=host, defaults={"tenant": platform, "is_primary": host == settings.BASE_DOMAIN}
        )
    return platform


def clean_modules(modules: Iterable[str]) -> list[str]:
    values = sorted(set(modules))
    if not set(values) <= KNOWN_MODULES:
        raise ProvisioningError("unknown_module", "modules")
    return values


def clean_toggles(toggles: Iterable[str]) -> list[str]:
    values = sorted(set(toggles))
    if not set(values) <= KNOWN_FEATURE_TOGGLES:
        raise ProvisioningError("unknown_feature_toggle", "feature_toggles")
    return values


def clean_currencies(currencies: Iterable[str]) -> list[str]:
    values = sorted(set(currencies))
    if not values or not set(values) <= set(Currency.values):
        raise ProvisioningError("unknown_currency", "currencies")
    return values


def create_tenant(
    *,
    slug: str,
    name: str,
    kind: str,
    modules: Iterable[str] = (),
    feature_toggles: Iterable[str] = (),
    currencies: Iterable[str] = ("BRL",),
) -> Tenant:
    """Create the tenant row, its schema and its domain. Nothing is left behind on failure."""
    if not SLUG_RE.match(slug) or slug in RESERVED_SLUGS:
        raise ProvisioningError("invalid_slug", "slug")
    if kind not in (TenantKind.CLIENT, TenantKind.PARTNER):
        raise ProvisioningError("invalid_kind", "kind")
    if not name.strip():
        raise ProvisioningError("required", "name")
    if Tenant.objects.filter(slug=slug).exists() or Domain.objects.filter(domain=tenant_host(slug)).exists():
        raise ProvisioningError("slug_taken", "slug")
    tenant = Tenant(
        schema_name=slug,
        slug=slug,
        name=name.strip(),
        kind=kind,
        modules=clean_modules(modules),
        feature_toggles=clean_toggles(feature_toggles),
        currencies=clean_currencies(currencies),
    )
    with schema_context(get_public_schema_name()), transaction.atomic():
        tenant.save(verbosity=0)  # creates the schema (cloned from the template when present)
        Domain.objects.create(domain=tenant_host(slug), tenant=tenant, is_primary=True)
    return tenant


def link_partner(partner: Tenant, client: Tenant) -> PartnerClient:
    if partner.kind != TenantKind.PARTNER or client.kind != TenantKind.CLIENT:
        raise ProvisioningError("invalid_partner_link", "client")
    link, _ = PartnerClient.objects.get_or_create(partner=partner, client=client)
    return link


def set_status(tenant: Tenant, status: str) -> Tenant:
    if status not in TenantStatus.values:
        raise ProvisioningError("invalid_status", "status")
    tenant.status = status
    with schema_context(get_public_schema_name()):
        tenant.save(update_fields=["status"])
    return tenant


def generate_password() -> str:
    return secrets.token_urlsafe(12)


@dataclass(frozen=True)
class Provisioned:
    tenant: Tenant
    owner_email: str
    initial_password: str | None  # shown once when the platform generated it
