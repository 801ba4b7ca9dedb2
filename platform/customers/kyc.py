"""client/kyc-consult: what the platform knows of a CPF/CNPJ, for staff (every client) and partners (their
linked clients only), answered from the public transaction index (txindex_document_idx), the
restrictions in force and the unresolved alerts: one grouped query per source, never a loop over
the tenants' schemas."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import Count, Max, Min, Q, Sum

from access.scoped import visible_tenants
from accounts.models import Membership
from audit import services as audit
from customers.services import parse_document
from gateway.models import TransactionIndex
from restrictions.models import Alert, AlertStatus, Restriction, RestrictionScope
from restrictions.services import in_force
from tenants.models import Tenant

# What counts as money that moved, per kind of movement (a deposit paid, a payout paid, a refund made).
SETTLED = {
    "deposit": ("confirmed", "paid_to_client", "refunded"),
    "payout": ("confirmed", "paid_to_client"),
    "refund": ("confirmed",),
}


@dataclass
class ClientFigures:
    tenant: Tenant
    figures: list[dict[str, Any]] = field(default_factory=list)  # {kind, currency, count, settled}
    first_seen_at: datetime | None = None
    last_seen_at: datetime | None = None


def _settled_q() -> Q:
    q = Q()
    for kind, statuses in SETTLED.items():
        q |= Q(kind=kind, status__in=statuses)
    return q


def consult(membership: Membership, document: str) -> dict[str, Any]:
    value = parse_document(document)
    visible = visible_tenants(membership)
    rows = (
        TransactionIndex.objects.filter(document=value, tenant__in=visible)
        .values("tenant_id", "kind", "currency")
        .annotate(
            count=Count("id"),
            settled=Sum("amount", filter=_settled_q()),
            first=Min("created_at"),
            last=Max("created_at"),
        )
        .order_by()
    )
    clients: dict[int, ClientFigures] = {}
    tenants = {t.pk: t for t in Tenant.objects.filter(pk__in={r["tenant_id"] for r in rows})}
    for row in rows:
        entry = clients.setdefault(row["tenant_id"], ClientFigures(tenants[row["tenant_id"]]))
        entry.figures.append(
            {"kind": row["kind"], "currency": row["currency"], "count": row["count"],
             "settled": row["settled"] or 0}
        )  # fmt: skip
        entry.first_seen_at = min(filter(None, (entry.first_seen_at, row["first"])))
        entry.last_seen_at = max(filter(None, (entry.last_seen_at, row["last"])))
    restrictions = (
        Restriction.objects.filter(in_force(), kind="document", value=value)
        .filter(Q(scope=RestrictionScope.PLATFORM) | Q(tenant__in=visible))
        .select_related("tenant")
        .order_by("-created_at")
    )
    alerts = (
        Alert.objects.filter(document=value, tenant__in=visible)
        .exclude(status=AlertStatus.RESOLVED)
        .select_related("tenant")
        .order_by("-created_at")
    )
    audit.record("kyc.consult", actor=membership.user, data={"document": value})
    ordered = sorted(clients.values(), key=lambda c: str(c.last_seen_at or ""), reverse=True)
    firsts = [c.first_seen_at for c in ordered if c.first_seen_at]
    lasts = [c.last_seen_at for c in ordered if c.last_seen_at]
    return {
        "document": value,
        "kind": "cpf" if len(value) == 11 else "cnpj",
        "first_seen_at": min(firsts) if firsts else None,
        "last_seen_at": max(lasts) if lasts else None,
        "clients": [
            {"client": {"slug": c.tenant.slug, "name": c.tenant.name}, "figures": c.figures,
             "first_seen_at": c.first_seen_at, "last_seen_at": c.last_seen_at}
            for c in ordered
        ],
        "restrictions": [
            {"id": r.public_id, "scope": r.scope, "reason": r.reason, "expires_at": r.expires_at,
             "client": {"slug": r.tenant.slug, "name": r.tenant.name} if r.tenant else None,
             "created_at": r.created_at}
            for r in restrictions
        ],
        "alerts": [
            {"id": a.public_id, "rule": a.rule, "status": a.status, "hits": a.hits,
             "client": {"slug": a.tenant.slug, "name": a.tenant.name}, "created_at": a.created_at}
            for a in alerts
        ],
    }  # fmt: skip
