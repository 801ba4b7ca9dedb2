"""The public index of contact points (gateway.ContactPoint, ContactUse): which CPF/CNPJ used which
e-mail or phone, across clients, for employee/kyc-phones-emails.

`observe` runs in the transaction of a deposit's or payout's creation (payments.records.record_change):
a deposit's payer e-mail, a payout's PIX key when it is an e-mail or a phone. `rebuild_tenant` backfills
one client from its records (`manage.py customers_backfill`).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F, QuerySet, Sum, Value
from django.db.models.functions import Greatest, Least

from access.scoped import visible_tenants
from accounts.models import Membership
from core.errors import AppError, ForbiddenError
from customers.models import Customer
from gateway.models import ContactPoint, ContactUse
from restrictions.normalize import normalize_phone
from tenants.models import Tenant, TenantKind

SHARED_THRESHOLD = 3  # a contact point used by this many documents or more is flagged


def contacts_of(kind: str, record: Any) -> list[tuple[str, str, str]]:
    """(kind, value, document) of the contact points a new record names."""
    if kind == "deposit" and record.payer_email:
        return [("email", str(record.payer_email).strip().lower(), str(record.payer_document))]
    if kind == "payout" and record.pix_key_type in ("email", "phone") and record.pix_key:
        value = str(record.pix_key).strip()
        if record.pix_key_type == "email":
            return [("email", value.lower(), str(record.beneficiary_document))]
        try:
            return [("phone", normalize_phone(value), str(record.beneficiary_document))]
        except AppError:
            return []
    return []


def observe(tenant: Tenant, kind: str, record: Any, at: datetime) -> None:
    for contact_kind, value, document in contacts_of(kind, record):
        note(tenant, contact_kind, value, document, at)


def note(tenant: Tenant, kind: str, value: str, document: str, at: datetime) -> None:
    """Count one use of (kind, value) by `document` at `tenant`, seen at `at`."""
    if not value or not document:
        return
    point = _point(kind, value, at)
    updated = ContactUse.objects.filter(contact=point, document=document, tenant=tenant).update(
        count=F("count") + 1,
        first_seen_at=Least("first_seen_at", Value(at)),
        last_seen_at=Greatest("last_seen_at", Value(at)),
    )
    if kind == "phone":  # the client's customer of that document, if any, has a phone to show
        Customer.objects.filter(document=document).update(phone=value)
    if updated:
        return
    try:
        with transaction.atomic():
            ContactUse.objects.create(
                contact=point, document=document, tenant=tenant, count=1, first_seen_at=at, last_seen_at=at
            )
    except IntegrityError:  # another transaction noted it first: count on its row
        note(tenant, kind, value, document, at)
        return
    _count_documents([point.pk])


def _point(kind: str, value: str, at: datetime) -> ContactPoint:
    ContactPoint.objects.bulk_create(
        [ContactPoint(kind=kind, value=value, first_seen_at=at, last_seen_at=at)], ignore_conflicts=True
    )
    point = ContactPoint.objects.select_for_update().get(kind=kind, value=value)
    if at > point.last_seen_at or at < point.first_seen_at:
        point.first_seen_at, point.last_seen_at = min(point.first_seen_at, at), max(point.last_seen_at, at)
        point.save(update_fields=["first_seen_at", "last_seen_at"])
    return point


def _count_documents(point_ids: Iterable[int]) -> None:
    for pk in point_ids:
        distinct = ContactUse.objects.filter(contact_id=pk).values("document").distinct().count()
        ContactPoint.objects.filter(pk=pk).update(documents=distinct)


def rebuild_tenant(tenant: Tenant, uses: Iterable[tuple[str, str, str, datetime]]) -> int:
    """Forget the tenant's uses and note `uses` (kind, value, document, at) again. Returns how many."""
    forgotten = ContactUse.objects.filter(tenant=tenant)
    touched = set(forgotten.values_list("contact_id", flat=True))
    forgotten.delete()
    _count_documents(touched)
    count = 0
    for kind, value, document, at in uses:
        note(tenant, kind, value, document, at)
        count += 1
    return count


# ------------------------------------------------------------------------------------ staff reads
USED_BY_SHOWN = 20


def points_for(membership: Membership, *, kind: str | None, shared: bool, q: str) -> QuerySet[ContactPoint]:
    """Every contact point (platform staff only: the route is the admin's). A point is listed when
    it has a use at a client the user may see."""
    if membership.tenant.kind != TenantKind.PLATFORM:
        raise ForbiddenError
    qs = ContactPoint.objects.filter(documents__gt=0, uses__tenant__in=visible_tenants(membership)).distinct()
    if kind:
        qs = qs.filter(kind=kind)
    if shared:
        qs = qs.filter(documents__gte=SHARED_THRESHOLD)
    term = q.strip().lower()
    if term:
        qs = qs.filter(value__startswith=term)
    return qs


def documents_of(membership: Membership, points: list[ContactPoint]) -> dict[int, list[dict[str, Any]]]:
    """Per point, the documents that used it (most uses first) and at which clients (those the user
    may see)."""
    rows = (
        ContactUse.objects.filter(contact__in=points, tenant__in=visible_tenants(membership))
        .values("contact_id", "document", "tenant__slug", "tenant__name")
        .annotate(n=Sum("count"))
        .order_by("contact_id", "-n", "document")
    )
    found: dict[int, dict[str, dict[str, Any]]] = {}
    for row in rows:
        per_point = found.setdefault(row["contact_id"], {})
        entry = per_point.setdefault(row["document"], {"document": row["document"], "clients": [], "uses": 0})
        entry["clients"].append({"slug": row["tenant__slug"], "name": row["tenant__name"]})
        entry["uses"] += row["n"]
    return {
        pk: sorted(docs.values(), key=lambda d: (-d["uses"], d["document"]))[:USED_BY_SHOWN]
        for pk, docs in found.items()
    }
