"""A partner's view across its clients: deposits, payouts and balances of exactly the clients linked to
the partner (and granted to the member) at this request, read from the public schema in one query each
(the transaction index, the ledger's balance snapshots), never by visiting each client's schema.

The link set is read again on every request (no cache): a client unlinked between two requests is gone
from the second one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any, TypeVar

from django.db.models import Model, Q, QuerySet, Sum

from access.scoped import visible_tenants
from accounts.models import Membership
from brazil.documents import validate_document
from brazil.errors import DocumentError
from core.dates import day_end, day_start
from core.errors import NotFoundError
from core.text import search_text
from gateway.models import TransactionIndex
from ledger.models import CREDIT_NORMAL, TENANT_KINDS, LedgerAccount
from stats.services import Period, rollup_sums
from tenants.models import Tenant, TenantKind

M = TypeVar("M", bound=Model)
PUBLIC_ID_RE = re.compile(r"^(dep|pay|ref)_[0-9a-f]{20}$")
WORD_RE = re.compile(r"[a-z0-9]+")


def partner_clients(membership: Membership, slug: str = "") -> list[int]:
    """The ids of the clients this partner member sees now, or of the one named `slug` (404 outside
    them): read at every request, never cached. An id array, not a subquery, for the question that
    follows: the planner then knows how many clients it covers (it guessed one for the subquery and
    sorted every matching row of the 200 clients instead of walking an index)."""
    if membership.tenant.kind != TenantKind.PARTNER:
        raise NotFoundError
    clients = visible_tenants(membership).filter(kind=TenantKind.CLIENT)
    if slug:
        clients = clients.filter(slug=slug)
    ids = list(clients.values_list("pk", flat=True))
    if slug and not ids:
        raise NotFoundError
    return ids


def partner_client_names(membership: Membership, slug: str = "") -> list[tuple[int, str, str]]:
    """`partner_clients` with each client's slug and name, in the same one query (the home's rows)."""
    if membership.tenant.kind != TenantKind.PARTNER:
        raise NotFoundError
    clients = visible_tenants(membership).filter(kind=TenantKind.CLIENT)
    if slug:
        clients = clients.filter(slug=slug)
    rows = list(clients.order_by().values_list("pk", "slug", "name"))
    if slug and not rows:
        raise NotFoundError
    return rows


def partner_client_tenants(
    membership: Membership, *, q: str = "", status: list[str] | None = None
) -> QuerySet[Tenant]:
    """The clients linked to this member's partner now (and granted to the member), for its clients list."""
    if membership.tenant.kind != TenantKind.PARTNER:
        raise NotFoundError
    qs = visible_tenants(membership).filter(kind=TenantKind.CLIENT)
    statuses = [s for s in status or [] if s]
    if statuses:
        qs = qs.filter(status__in=statuses)
    term = q.strip()
    if term:
        qs = qs.filter(Q(slug__icontains=term) | Q(name__icontains=term))
    return qs


def access_partner_client(membership: Membership, slug: str) -> Tenant:
    """One client this partner member may change now, else 404 (never 403: another partner's client, or
    one unlinked a moment ago, is not revealed). The link is read again at every call."""
    if membership.tenant.kind != TenantKind.PARTNER:
        raise NotFoundError
    client = (
        visible_tenants(membership, perm="change_tenant").filter(kind=TenantKind.CLIENT, slug=slug).first()
    )
    if client is None:
        raise NotFoundError
    return client


def in_scope(qs: QuerySet[M], ids: list[int]) -> QuerySet[M]:
    """Rows of these tenants: `tenant_id = ANY(array)`, one parameter whatever the number of clients
    (an IN list of 200 placeholders costs milliseconds to build and send)."""
    if len(ids) == 1:  # one client: an equality, which the (tenant, created_at) index serves in order
        return qs.filter(tenant_id=ids[0])
    table = qs.model._meta.db_table
    return qs.extra(where=[f'"{table}"."tenant_id" = ANY(%s)'], params=[ids])  # noqa: S610  (constant SQL)


@dataclass(frozen=True)
class IndexFilters:
    """The filters of a client's own list (GET /api/deposits, /api/payouts), applied to the index."""

    status: list[str]
    method: list[str]
    currency: list[str]
    date_from: date | None = None
    date_to: date | None = None
    amount_min: int | None = None
    amount_max: int | None = None
    q: str = ""
    provider: list[str] | None = None
    payout_kind: list[str] | None = None


def index_rows(clients: list[int], kind: str, f: IndexFilters) -> QuerySet[TransactionIndex]:
    qs = in_scope(TransactionIndex.objects.filter(kind=kind), clients).select_related("tenant")
    for field, values in (
        ("status", f.status),
        ("method", f.method),
        ("currency", f.currency),
        ("provider", f.provider),
        ("payout_kind", f.payout_kind),
    ):
        if values:
            qs = qs.filter(**{f"{field}__in": values})
    if f.date_from:
        qs = qs.filter(created_at__gte=day_start(f.date_from))
    if f.date_to and (end := day_end(f.date_to)):
        qs = qs.filter(created_at__lt=end)
    if f.amount_min is not None:
        qs = qs.filter(amount__gte=f.amount_min)
    if f.amount_max is not None:
        qs = qs.filter(amount__lte=f.amount_max)
    return search(qs, f.q.strip())


def search(qs: QuerySet[TransactionIndex], term: str) -> QuerySet[TransactionIndex]:
    """As a client's list searches: our id or the bank's transaction id (exact), a CPF/CNPJ (any
    punctuation), else every word a prefix of a word of the name (the index keeps the name as typed,
    so accents count here, unlike the client's own accent-free name search)."""
    if not term:
        return qs
    if PUBLIC_ID_RE.match(term.lower()):
        return qs.filter(public_id=term.lower())
    try:
        return qs.filter(document=validate_document(term).value)
    except DocumentError:
        pass
    words = WORD_RE.findall(search_text(term))
    matches = Q(provider_reference=term)
    if words:
        by_name = Q()
        for word in words:  # [a-z0-9] only: nothing to escape in the pattern
            by_name &= Q(name__iregex=rf"\m{word}")
        matches |= by_name
    return qs.filter(matches)


def balances(clients: list[int], currency: list[str]) -> list[dict[str, Any]]:
    """Available, pending and held per client and currency, from the ledger's snapshots, one query."""
    qs = in_scope(LedgerAccount.objects.filter(kind__in=list(TENANT_KINDS)), clients)
    if currency:
        qs = qs.filter(currency__in=currency)
    rows = (
        qs.order_by()
        .values_list("tenant__slug", "tenant__name", "currency", "kind")
        .annotate(total=Sum("balance"))
    )
    out: dict[tuple[str, str], dict[str, Any]] = {}
    for slug, name, cur, kind, total in rows:
        row = out.setdefault(
            (slug, cur),
            {"client": slug, "client_name": name, "currency": cur, "available": 0, "pending": 0, "held": 0},
        )
        row[kind] = -(total or 0) if kind in CREDIT_NORMAL else (total or 0)
    return sorted(out.values(), key=lambda r: (r["client_name"].lower(), r["client"], r["currency"]))


PAID_DEPOSITS = ("confirmed", "paid_to_client", "refunded")  # money that arrived (the volume)
PAID_PAYOUTS = ("confirmed", "paid_to_client")  # money that left


def home(clients: list[tuple[int, str, str]], currency: str, start: date, end: date) -> dict[str, Any]:
    """Each client (pk, slug, name) at a glance in one currency over São Paulo days start..end
    (inclusive): deposits (every status), volume (paid deposits), payouts made, fees, and the balance
    now. Two queries across the clients: the statistics roll-ups (monthly for whole months:
    `stats.services.rollup_sums`) and the ledger's snapshots (no join: the names are the caller's)."""
    ids = [pk for pk, _, _ in clients]
    per: dict[int, dict[str, Any]] = {
        pk: {
            "client": slug, "client_name": name, "deposits_count": 0, "deposits_amount": 0,
            "volume": 0, "fee": 0, "payouts_count": 0, "payouts_amount": 0,
            "available": 0, "pending": 0, "held": 0,
        }
        for pk, slug, name in clients
    }  # fmt: skip
    for tenant_id, kind, status, n, total, fees in rollup_sums(ids, currency, Period(start, end)):
        row = per.get(tenant_id)
        if row is None:
            continue
        if kind == "deposit":
            row["deposits_count"] += n or 0
            row["deposits_amount"] += total or 0
            if status in PAID_DEPOSITS:
                row["volume"] += total or 0
                row["fee"] += fees or 0
        elif kind == "payout" and status in PAID_PAYOUTS:
            row["payouts_count"] += n or 0
            row["payouts_amount"] += total or 0
            row["fee"] += fees or 0
    snapshots = (
        in_scope(LedgerAccount.objects.filter(kind__in=list(TENANT_KINDS), currency=currency), ids)
        .order_by()
        .values_list("tenant_id", "kind")
        .annotate(total=Sum("balance"))
    )
    for tenant_id, kind, total in snapshots:
        if (row := per.get(tenant_id)) is not None:
            row[kind] = -(total or 0) if kind in CREDIT_NORMAL else (total or 0)
    items = sorted(per.values(), key=lambda r: (-r["volume"], r["client_name"].lower(), r["client"]))
    keys = [k for k in items[0] if k not in ("client", "client_name")] if items else []
    totals = {k: sum(r[k] for r in items) for k in keys} if items else {}
    return {"currency": currency, "from": start, "to": end, "clients": items, "totals": totals or None}
