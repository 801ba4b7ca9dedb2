"""Tenant provisioning: the one way to create, suspend and reactivate a tenant."""

from __future__ import annotations

import re
from typing import cast
from collections.abc import Iterable

from django.conf import settings
from django.db import transaction
from django_tenants.utils import get_public_schema_name

from tenants.models import Domain, PartnerClient, Tenant, TenantKind, TenantStatus

SLUG_RE = re.compile(r"^[a-z][a-z0-9]{1,29}$")
RESERVED_SLUGS = frozenset({"public", "www", "api", "admin", "static", "template", "pg"})


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
    return cast(Tenant, platform)


def create_tenant(
    *,
    slug: str,
    name: str,
    kind: str,
    modules: Iterable[str] = (),
    feature_toggles: Iterable[str] = (),
    currencies: Iterable[str] = ("BRL",),
) -> Tenant:
    if not SLUG_RE.match(slug) or slug in RESERVED_SLUGS:
        raise ValueError(f"invalid tenant slug {slug!r}")
    if kind not in (TenantKind.CLIENT, TenantKind.PARTNER):
        raise ValueError(f"invalid tenant kind {kind!r}")
    with transaction.atomic():
        tenant = Tenant(
            schema_name=slug,
            slug=slug,
            name=name,
            kind=kind,
            modules=sorted(set(modules)),
            feature_toggles=sorted(set(feature_toggles)),
            currencies=sorted(set(currencies)),
        )
        tenant.save()
        Domain.objects.create(domain=tenant_host(slug), tenant=tenant, is_primary=True)
    return tenant


def link_partner(partner: Tenant, client: Tenant) -> PartnerClient:
    if partner.kind != TenantKind.PARTNER or client.kind != TenantKind.CLIENT:
        raise ValueError("a partner link joins a partner tenant to a client tenant")
    link, _ = PartnerClient.objects.get_or_create(partner=partner, client=client)
    return link


def set_status(tenant: Tenant, status: str) -> Tenant:
    if status not in TenantStatus.values:
        raise ValueError(f"invalid status {status!r}")
    tenant.status = status
    tenant.save(update_fields=["status"])
    return tenant
