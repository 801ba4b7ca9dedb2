"""Object-level grants (django-guardian) over client tenants.

Grants on tenant objects are written in the schema of the tenant whose users they concern: an
employee's in the public schema (staff work on the public host), a partner user's in the partner's own
schema. guardian is installed in both SHARED_APPS and TENANT_APPS, so each schema has its own grants
table and a grant can never answer for another schema (DESIGN.md: guardian leaks when shared only).
"""

from __future__ import annotations

from django.contrib.contenttypes.models import ContentType
from django_tenants.utils import get_public_schema_name, schema_context
from guardian.models import UserObjectPermission
from guardian.shortcuts import assign_perm, remove_perm

from accounts.models import Membership, User
from accounts.roles import Role
from tenants.models import PartnerClient, Tenant, TenantKind

PARTNER_MANAGERS = frozenset({Role.PARTNER, Role.PARTNER_ADMIN, Role.PARTNER_SUPERADMIN})
PARTNER_READERS = frozenset({Role.PARTNER_ANALYST, Role.PARTNER_SUPPORT, Role.PARTNER_PROVIDERS})


def grant_employee(employee: User, client: Tenant) -> None:
    with schema_context(get_public_schema_name()):
        assign_perm("tenants.view_tenant", employee, client)


def revoke_employee(employee: User, client: Tenant) -> None:
    with schema_context(get_public_schema_name()):
        remove_perm("tenants.view_tenant", employee, client)


def partner_perm_for(role: str) -> str | None:
    if role in PARTNER_MANAGERS:
        return "tenants.change_tenant"
    if role in PARTNER_READERS:
        return "tenants.view_tenant"
    return None


def sync_partner_grants(partner: Tenant) -> None:
    """Make the partner schema's grants match its memberships and client links exactly."""
    if partner.kind != TenantKind.PARTNER:
        raise ValueError("partner grants belong to partner tenants")
    clients = [link.client for link in PartnerClient.objects.filter(partner=partner).select_related("client")]
    memberships = Membership.objects.filter(tenant=partner).select_related("user")
    with schema_context(partner.schema_name):
        for membership in memberships:
            wanted = partner_perm_for(membership.role) if membership.is_active else None
            for client in clients:
                for perm in ("tenants.view_tenant", "tenants.change_tenant"):
                    if perm == wanted:
                        assign_perm(perm, membership.user, client)
                    else:
                        remove_perm(perm, membership.user, client)


def revoke_partner_client(partner: Tenant, client: Tenant) -> None:
    """Take back every grant the partner's users hold over `client` (after the link is removed: the
    partner scope already requires the link, and no stale grant is left behind for a later re-link)."""
    if partner.kind != TenantKind.PARTNER:
        raise ValueError("partner grants belong to partner tenants")
    memberships = Membership.objects.filter(tenant=partner).select_related("user")
    with schema_context(partner.schema_name):
        for membership in memberships:
            for perm in ("tenants.view_tenant", "tenants.change_tenant"):
                remove_perm(perm, membership.user, client)


def employee_grants(employees: list[int]) -> dict[int, list[int]]:
    """The client ids each of these platform users was granted (public schema), one query."""
    found: dict[int, list[int]] = {pk: [] for pk in employees}
    with schema_context(get_public_schema_name()):
        rows = UserObjectPermission.objects.filter(
            user_id__in=employees,
            permission__codename="view_tenant",
            content_type=ContentType.objects.get_for_model(Tenant),
        ).values_list("user_id", "object_pk")
        for user_id, object_pk in rows:
            found[user_id].append(int(object_pk))
    return found
