"""Every role of the product specification (section 6) and the tenant kind it belongs to."""

from __future__ import annotations

from django.db import models

from tenants.models import TenantKind


class Role(models.TextChoices):
    # platform staff (public schema, public host)
    ADMIN = "admin"
    EMPLOYEE = "employee"
    FINANCIAL = "financial"
    COMPANY = "company"
    HMS = "hms"
    EDITOR = "editor"
    # client companies (merchants) and their end customers
    CLIENT = "client"
    CLIENT_USER = "client_user"
    CLIENT_USER_ADMIN = "client_user_admin"
    CLIENT_USER_ANALYST = "client_user_analyst"
    CLIENT_USER_FINANCIAL = "client_user_financial"
    CUSTOMER = "customer"
    # partners
    PARTNER = "partner"
    PARTNER_ADMIN = "partner_admin"
    PARTNER_SUPPORT = "partner_support"
    PARTNER_ANALYST = "partner_analyst"
    PARTNER_PROVIDERS = "partner_providers"
    PARTNER_SUPERADMIN = "partner_superadmin"


ROLES_BY_KIND: dict[str, tuple[Role, ...]] = {
    TenantKind.PLATFORM: (Role.ADMIN, Role.EMPLOYEE, Role.FINANCIAL, Role.COMPANY, Role.HMS, Role.EDITOR),
    TenantKind.CLIENT: (
        Role.CLIENT,
        Role.CLIENT_USER,
        Role.CLIENT_USER_ADMIN,
        Role.CLIENT_USER_ANALYST,
        Role.CLIENT_USER_FINANCIAL,
        Role.CUSTOMER,
    ),
    TenantKind.PARTNER: (
        Role.PARTNER,
        Role.PARTNER_ADMIN,
        Role.PARTNER_SUPPORT,
        Role.PARTNER_ANALYST,
        Role.PARTNER_PROVIDERS,
        Role.PARTNER_SUPERADMIN,
    ),
}

STAFF_ROLES = frozenset({Role.ADMIN, Role.EMPLOYEE, Role.FINANCIAL})


def kind_of_role(role: str) -> str:
    for kind, roles in ROLES_BY_KIND.items():
        if role in roles:
            return kind
    raise ValueError(f"unknown role {role!r}")
