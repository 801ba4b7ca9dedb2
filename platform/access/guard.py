"""Authorize API endpoints from the route table.

Every endpoint that needs a session declares what it serves:
- `@requires_route("admin/clients")`: the user must see that entry of the route table
  (`write=True` also refuses the read-only roles, e.g. client_user_analyst);
- `@any_member`: any signed-in member of this host's tenant (profile, notifications).
The isolation suite enumerates every API operation and fails on one that declares neither
(unless it is listed as public there), so a new route cannot be left unguarded.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from django.http import HttpRequest

from access.policy import Principal, route_allowed
from accounts.models import Membership
from accounts.roles import Role
from core.errors import ForbiddenError, NotAuthenticatedError

F = TypeVar("F", bound=Callable[..., Any])

# Roles that may read what their entries show but never change anything (section 6 and the issue:
# "client_user_analyst read-only"; partner analysts and support read their clients).
READ_ONLY_ROLES = frozenset({Role.CLIENT_USER_ANALYST, Role.PARTNER_ANALYST, Role.PARTNER_SUPPORT})


# Entries a role sees but may not change. The direct_deposits module shows "Depósitos na Chave" to
# every role of the client, the customer included (section 2's Customer group): a customer reads the
# company's PIX keys (where to send money) but never adds or removes one.
READ_ONLY_ENTRIES = frozenset({("clients/direct_deposits", Role.CUSTOMER)})


def may_write(role: str, route: str | None = None) -> bool:
    """Whether this role may use the write operations of the entries it sees (of `route`'s, when
    given); `/api/auth/me` says it per entry."""
    return role not in READ_ONLY_ROLES and (route, role) not in READ_ONLY_ENTRIES


def membership_of(request: HttpRequest) -> Membership:
    membership: Membership | None = getattr(request, "membership", None)
    if membership is None:
        raise NotAuthenticatedError
    return membership


def principal_of(membership: Membership) -> Principal:
    tenant = membership.tenant
    return Principal(
        role=membership.role,
        modules=frozenset(tenant.modules),
        feature_toggles=frozenset(tenant.feature_toggles),
    )


def check_route(membership: Membership, routes: tuple[str, ...], *, write: bool) -> None:
    principal = principal_of(membership)
    if not any(route_allowed(route, principal) for route in routes):
        raise ForbiddenError
    if write and not any(
        route_allowed(route, principal) and may_write(membership.role, route) for route in routes
    ):
        raise ForbiddenError("read_only_role")


def requires_route(*routes: str, write: bool = False) -> Callable[[F], F]:
    """Allow the call when the user may see any one of `routes` (and may write, if `write`)."""

    def decorate(view: F) -> F:
        @wraps(view)
        def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
            check_route(membership_of(request), routes, write=write)
            return view(request, *args, **kwargs)

        guarded.cofre_routes = routes  # type: ignore[attr-defined]
        guarded.cofre_write = write  # type: ignore[attr-defined]
        return guarded  # type: ignore[return-value]

    return decorate


def any_member(view: F) -> F:
    """Allow any signed-in member of this host's tenant."""

    @wraps(view)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        membership_of(request)
        return view(request, *args, **kwargs)

    guarded.cofre_any_member = True  # type: ignore[attr-defined]
    return guarded  # type: ignore[return-value]
