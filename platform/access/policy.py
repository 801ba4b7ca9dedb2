"""Apply the route table to a session user."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from access.routes import ALWAYS_ALLOWED, ROUTES, RouteEntry


@dataclass(frozen=True)
class Principal:
    """What the policy needs to know about a session user."""

    role: str
    modules: frozenset[str]
    feature_toggles: frozenset[str]


def entry_visible(entry: RouteEntry, who: Principal) -> bool:
    unlocked = (
        who.role in entry.permissions
        or not entry.permissions.isdisjoint(who.modules)
        or not entry.toggles.isdisjoint(who.feature_toggles)
    )
    return unlocked and entry.requires <= who.feature_toggles


def visible_entries(who: Principal, routes: Iterable[RouteEntry] = ROUTES) -> list[RouteEntry]:
    return [entry for entry in routes if entry_visible(entry, who)]


def route_allowed(route: str, who: Principal) -> bool:
    if route in ALWAYS_ALLOWED:
        return True
    return any(entry.route == route and entry_visible(entry, who) for entry in ROUTES)


LOGO_ROUTES = {"company": "company/atividade", "client": "clients/home", "admin": "admin/home", "hms": "hms/"}


def home_route(role: str, visible: Iterable[RouteEntry] = ()) -> str:
    """The user's own home: where the logo and the "Início" breadcrumb link, and where login lands.

    Section 2 gives company, client, admin and hms their own and any other role home/ (a customer
    route); a user whose menu lacks that route (employee, partner, client_user_analyst...) would land
    on "not authorized", so their home is the first entry of their menu instead.
    """
    spec = LOGO_ROUTES.get(role, "home/")
    routes = [entry.route for entry in visible]
    if not routes or spec.strip("/") in routes:
        return spec
    return routes[0]
