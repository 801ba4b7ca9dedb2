"""The session user of the specification (section 3) plus the menu entries this user may see."""

from __future__ import annotations

from typing import Any

from access.guard import may_write, principal_of
from access.policy import home_route, visible_entries
from accounts.models import Membership
from tenants.models import TenantKind


def session_user(membership: Membership) -> dict[str, Any]:
    user = membership.user
    tenant = membership.tenant
    principal = principal_of(membership)
    writable = may_write(membership.role)
    entries = visible_entries(principal)
    return {
        "id": user.pk,
        "email": user.email,
        "userName": user.display_name,
        "role": membership.role,
        "userRole": membership.role,
        "modules": list(tenant.modules),
        "feature_toggles": list(tenant.feature_toggles),
        "company_name": tenant.name,
        "client": {"name": tenant.name} if tenant.kind == TenantKind.CLIENT else None,
        "tenant": {"slug": tenant.slug, "name": tenant.name, "kind": tenant.kind},
        "language": user.language,
        "avatar_url": "/api/auth/avatar" if user.avatar else None,
        "interface_settings": user.interface_settings,
        "home": home_route(membership.role, entries),
        # What the user may change: the same rule the API enforces (access.guard, write=True).
        "can_write": writable,
        "menu": [
            {
                "route": e.route,
                "group": e.group,
                "badge": e.badge,
                "write": writable and may_write(membership.role, e.route),
            }
            for e in entries
        ],
    }
