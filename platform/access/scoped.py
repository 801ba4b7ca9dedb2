"""The one way to load tenants on a user's behalf (no endpoint queries Tenant directly).

Who sees which tenants:
- platform admin and financial: every client and partner;
- employee: the clients assigned to them (guardian grant `view_tenant`, stored in the public schema);
- partner roles: the clients linked to their partner, as granted in the partner's own schema
  (`change_tenant` for managers, `view_tenant` for analysts and support);
- client roles: their own tenant only.
A tenant the user may not see answers 404, never 403: its existence is not disclosed.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.db.models.expressions import RawSQL
from guardian.shortcuts import get_objects_for_user

from accounts.models import Membership
from accounts.roles import Role
from core.errors import NotFoundError
from tenants.models import Tenant, TenantKind

# The company (the institution's own management) reads every client's figures on company/atividade;
# what it may open is still the route table's: it has no other screen.
ALL_TENANTS_ROLES = frozenset({Role.ADMIN, Role.FINANCIAL, Role.COMPANY})

PARTNER_SCOPE = """
SELECT link.client_id FROM public.tenants_partnerclient link
WHERE link.partner_id = %s AND EXISTS (
    SELECT 1 FROM guardian_userobjectpermission grant_
    JOIN auth_permission perm ON perm.id = grant_.permission_id
    JOIN django_content_type ct ON ct.id = perm.content_type_id
    WHERE grant_.user_id = %s AND ct.app_label = 'tenants' AND ct.model = 'tenant'
      AND perm.codename = ANY(%s) AND grant_.object_pk = link.client_id::text
)
"""


def sees_every_client(membership: Membership) -> bool:
    """Whether this membership sees every client and partner there is (`visible_tenants` is all)."""
    return membership.tenant.kind == TenantKind.PLATFORM and membership.role in ALL_TENANTS_ROLES


def visible_tenants(membership: Membership, *, perm: str = "view_tenant") -> QuerySet[Tenant]:
    """Client and partner tenants this membership may see (or change, with perm="change_tenant")."""
    business = Tenant.objects.exclude(kind=TenantKind.PLATFORM)
    home = membership.tenant
    if home.kind == TenantKind.PLATFORM:
        if sees_every_client(membership):
            return business
        if membership.role == Role.EMPLOYEE:
            return business.filter(pk__in=_granted_ids(membership, perm))
        return business.none()
    if home.kind == TenantKind.PARTNER:
        # Linked to the partner now AND granted to the member in the partner's own grants table (the
        # connection is in the partner's schema: its tables come first on the search path). Written as
        # one SQL subquery: guardian's get_objects_for_user builds a query costing milliseconds of ORM
        # on every request of the partner's lists, and Cofre grants tenants to users, never to groups.
        codenames = ["change_tenant"] if perm == "change_tenant" else ["view_tenant", "change_tenant"]
        params = [home.pk, membership.user_id, codenames]  # values only: the SQL is the constant above
        return business.filter(pk__in=RawSQL(PARTNER_SCOPE, params))  # noqa: S611
    return business.filter(pk=home.pk)


def _granted_ids(membership: Membership, perm: str) -> QuerySet[Tenant, dict[str, Any]]:
    # guardian reads the grants table of the schema the connection is in: the request's own tenant.
    # `change_tenant` implies `view_tenant` for a manager (any_perm).
    perms = (
        ["tenants.change_tenant"]
        if perm == "change_tenant"
        else ["tenants.view_tenant", "tenants.change_tenant"]
    )
    objects = get_objects_for_user(
        membership.user, perms, klass=Tenant, any_perm=True, with_superuser=False, accept_global_perms=False
    )
    # A subquery, not a list: the caller's query reads the grants itself (one query, no id list to
    # ship back; a partner with hundreds of clients pays for neither).
    return objects.values("pk")


def access_tenant_by_slug(membership: Membership, slug: str, *, perm: str = "view_tenant") -> Tenant:
    tenant = visible_tenants(membership, perm=perm).filter(slug=slug).first()
    if tenant is None:
        raise NotFoundError
    return tenant
