"""Staff view across tenants: the transaction index, scoped to the tenants the staff member may see."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date

from django.db.models import Q, QuerySet

from access.scoped import visible_tenants
from accounts.models import Membership
from brazil.documents import validate_document
from brazil.errors import DocumentError
from core.dates import day_end, day_start
from gateway.models import TransactionIndex


@dataclass(frozen=True)
class TransactionFilters:
    kind: list[str]
    status: list[str]
    method: list[str]
    currency: list[str]
    tenant: str = ""
    date_from: date | None = None
    date_to: date | None = None
    q: str = ""
    payout_kind: tuple[str, ...] = ()  # payouts of these kinds only (e.g. wallet withdraws)


def scoped_index(membership: Membership) -> QuerySet[TransactionIndex]:
    return TransactionIndex.objects.filter(tenant__in=visible_tenants(membership)).select_related("tenant")


def by_identifier(qs: QuerySet[TransactionIndex], term: str) -> QuerySet[TransactionIndex]:
    """Our id, the bank's transaction id, or a CPF/CNPJ; else the start of the payer's name."""
    term = term.strip()
    if not term:
        return qs
    try:
        document = validate_document(term).value
    except DocumentError:
        document = ""
    if document:
        return qs.filter(document=document)
    return qs.filter(Q(public_id=term.lower()) | Q(provider_reference=term) | Q(name__istartswith=term))


def filtered(membership: Membership, f: TransactionFilters) -> QuerySet[TransactionIndex]:
    qs = scoped_index(membership)
    for field, values in (
        ("kind", f.kind),
        ("status", f.status),
        ("method", f.method),
        ("currency", f.currency),
        ("payout_kind", f.payout_kind),
    ):
        if values:
            qs = qs.filter(**{f"{field}__in": values})
    if f.tenant:
        qs = qs.filter(tenant__slug=f.tenant)
    if f.date_from:
        qs = qs.filter(created_at__gte=day_start(f.date_from))
    if f.date_to and (end := day_end(f.date_to)):
        qs = qs.filter(created_at__lt=end)
    return by_identifier(qs, f.q)


def wallet_withdraws(membership: Membership, f: TransactionFilters) -> QuerySet[TransactionIndex]:
    """admin/wallet-withdraws: clients' withdraws to their own accounts, in the member's scope."""
    return filtered(membership, replace(f, kind=["payout"], payout_kind=("wallet",)))
