"""Statistics: /api/stats/summary and /api/stats/series (the dashboards and integrations alike), and
/api/stats/volume (staff: money paid per client)."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime.

from typing import Any

from django.db.models import QuerySet
from django.http import HttpRequest
from ninja import Query, Router

from access.guard import membership_of, requires_route
from access.scoped import access_tenant_by_slug, sees_every_client, visible_tenants
from accounts.models import Membership
from core.api_errors import ErrorOut
from core.replica import reading_from_replica
from stats import services
from stats.schemas import (
    StatsQuery,
    StatsSeriesOut,
    StatsSeriesQuery,
    StatsSummaryOut,
    VolumeOut,
    VolumeQuery,
)
from tenants.models import Tenant, TenantKind

router = Router(tags=["stats"])

# Whoever sees a home, metrics or volume screen: clients their own tenant, staff every client they may
# see (or one, `client=<slug>`), partners their linked clients.
STATS_ROUTES = (
    "clients/home", "clients/metrics", "admin/home", "admin/overall", "admin/volume",
    "partner/balance", "partner-providers/home", "company/atividade",
)  # fmt: skip
# The volume per client: the platform's screens that compare clients.
VOLUME_ROUTES = ("admin/volume", "admin/overall")
ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut}


def scope(membership: Membership, client: str) -> QuerySet[Tenant] | Tenant:
    """The tenants a question covers: one client by slug (404 outside the user's scope), else all (for
    staff who see every client, `sees_every_client`, the statistics read the platform's roll-ups).

    Decided on the primary (who sees what never reads a lagging replica): the figures are then read
    in `reading_from_replica()` (core.replica) over exactly these tenants. Every client is no choice to
    decide: a subquery, no query here (the series across every client reads no tenant at all)."""
    if client:
        return access_tenant_by_slug(membership, client)
    if membership.tenant.kind == TenantKind.CLIENT:
        return membership.tenant
    if sees_every_client(membership):
        return Tenant.objects.filter(kind=TenantKind.CLIENT)
    visible = visible_tenants(membership).filter(kind=TenantKind.CLIENT)
    return Tenant.objects.filter(pk__in=list(visible.values_list("pk", flat=True)))


@router.get(
    "/summary",
    response={200: StatsSummaryOut, **ERRORS},
    summary="Deposits, payouts and balance of a period",
    by_alias=True,
)
@requires_route(*STATS_ROUTES)
def stats_summary(request: HttpRequest, query: Query[StatsQuery]) -> dict[str, Any]:
    membership = membership_of(request)
    period = services.checked_period(query.from_, query.to)
    tenants = scope(membership, query.client)
    every = not query.client and sees_every_client(membership)
    with reading_from_replica():
        return services.summary(tenants, query.currency, period, every_client=every)


@router.get(
    "/series",
    response={200: StatsSeriesOut, **ERRORS},
    summary="Deposits and payouts per day or month",
    by_alias=True,
)
@requires_route(*STATS_ROUTES)
def stats_series(request: HttpRequest, query: Query[StatsSeriesQuery]) -> dict[str, Any]:
    membership = membership_of(request)
    period = services.checked_period(query.from_, query.to, interval=query.interval)
    tenants = scope(membership, query.client)
    every = not query.client and sees_every_client(membership)
    with reading_from_replica():
        return services.series(tenants, query.currency, period, query.interval, every_client=every)


@router.get(
    "/volume",
    response={200: VolumeOut, **ERRORS},
    summary="Money paid per client and currency in a period: deposits per method, payouts, fees, balance",
    by_alias=True,
)
@requires_route(*VOLUME_ROUTES)
def stats_volume(request: HttpRequest, query: Query[VolumeQuery]) -> dict[str, Any]:
    membership = membership_of(request)
    period = services.checked_period(query.from_, query.to)
    sort = services.checked_sort(query.sort, services.VOLUME_SORTS)
    tenants = services.volume_tenants(membership, query.client)
    if isinstance(tenants, QuerySet):  # decided on the primary, like scope()
        tenants = Tenant.objects.filter(pk__in=list(tenants.values_list("pk", flat=True)))
    with reading_from_replica():
        return services.volume(tenants, period, query.currency, sort)
