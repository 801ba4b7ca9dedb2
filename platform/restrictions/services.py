"""Restrictions: propose, validate (another staff member), reject, revoke, list; and `check_parties`,
the ONE check money movements call (payments.check_deposit, payouts.check_payout).

Every step is audited in the public trail; a proposal notifies the staff who validate; a refused
movement notifies the client's admins."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django_tenants.utils import schema_context

from access.scoped import visible_tenants
from accounts.models import Membership
from audit import services as audit
from core.errors import AppError, ForbiddenError, NotFoundError
from core.ids import new_public_id
from core.messages import message
from restrictions import notices
from restrictions.models import Restriction, RestrictionKind, RestrictionScope, RestrictionStatus
from restrictions.normalize import normalize
from tenants.models import Tenant, TenantKind

St = RestrictionStatus
MAX_REASON = 1000


# ------------------------------------------------------------------------------------ enforcement
@dataclass(frozen=True)
class Party:
    """Someone a movement names: a kind, its normalised value, and the request field it came from."""

    kind: str
    value: str
    field: str


def in_force(now: datetime | None = None) -> Q:
    """Active and not past its expiry."""
    now = now or timezone.now()
    return Q(status=St.ACTIVE) & (Q(expires_at__isnull=True) | Q(expires_at__gt=now))


def find_hit(tenant: Tenant, parties: Iterable[Party]) -> tuple[Restriction, Party] | None:
    """The first restriction in force on any of `parties` for `tenant` (platform-wide or its own): one
    query on the partial index of active (kind, value) pairs, nothing cached (a restriction validated
    a second ago applies to the next movement; no cache can answer for another tenant)."""
    wanted = {(p.kind, p.value): p for p in parties if p.value}
    if not wanted:
        return None
    pairs = Q()
    for kind, value in wanted:
        pairs |= Q(kind=kind, value=value)
    found = (
        Restriction.objects.filter(pairs)
        .filter(in_force())
        .filter(Q(tenant__isnull=True) | Q(tenant_id=tenant.pk))
        .order_by("pk")
        .first()
    )
    if found is None:
        return None
    return found, wanted[(found.kind, found.value)]


def check_parties(tenant: Tenant, parties: Iterable[Party], *, operation: str) -> None:
    """Refuse a movement (`restricted`, 422) that names a party under a restriction in force. The
    refusal is recorded (the public audit trail) and the client's admins are notified, in their own
    transaction: the refused request writes nothing else."""
    hit = find_hit(tenant, parties)
    if hit is None:
        return
    restriction, party = hit
    with transaction.atomic(), schema_context("public"):
        audit.record(
            "restriction.hit",
            target=restriction,
            data={"client": tenant.slug, "operation": operation, "kind": party.kind, "field": party.field},
        )
        notices.hit(tenant, operation=operation, kind=party.kind)
    raise AppError(
        "restricted",
        status=422,
        party=message(f"restricted_party_{party.kind}"),
        fields={party.field: "restricted"},
    )


# ------------------------------------------------------------------------------------ staff actions
def _staff(membership: Membership) -> None:
    if membership.tenant.kind != TenantKind.PLATFORM:
        raise ForbiddenError


def restrictions_for(membership: Membership) -> QuerySet[Restriction]:
    """Platform-wide restrictions and those of the clients the member may see."""
    _staff(membership)
    return Restriction.objects.filter(
        Q(tenant__isnull=True) | Q(tenant__in=visible_tenants(membership))
    ).select_related("tenant", "proposed_by", "validated_by", "ended_by")


def access_restriction(membership: Membership, public_id: str, *, lock: bool = False) -> Restriction:
    qs = restrictions_for(membership)
    if lock:
        qs = qs.select_for_update(of=("self",))
    found = qs.filter(public_id=public_id).first()
    if found is None:
        raise NotFoundError
    return found


def _reason(text: str, field: str = "reason") -> str:
    reason = " ".join((text or "").split())
    if len(reason) < 3:
        raise AppError("invalid_input", fields={field: "required"})
    if len(reason) > MAX_REASON:
        raise AppError("invalid_input", fields={field: "too_long"})
    return reason


def propose(
    membership: Membership,
    *,
    kind: str,
    value: str,
    scope: str,
    client: str | None,
    reason: str,
    expires_at: datetime | None,
) -> Restriction:
    _staff(membership)
    errors: dict[str, str] = {}
    if kind not in RestrictionKind.values:
        errors["kind"] = "invalid_choice"
    if scope not in RestrictionScope.values:
        errors["scope"] = "invalid_choice"
    if errors:
        raise AppError("invalid_input", fields=errors)
    normalised = normalize(kind, value)
    tenant: Tenant | None = None
    if scope == RestrictionScope.CLIENT:
        if not client:
            raise AppError("invalid_input", fields={"client": "required"})
        tenant = visible_tenants(membership).filter(slug=client, kind=TenantKind.CLIENT).first()
        if tenant is None:
            raise AppError("invalid_input", fields={"client": "not_found"})
    elif client:
        raise AppError("invalid_input", fields={"client": "only_for_client_scope"})
    clean_reason = _reason(reason)
    if expires_at is not None and expires_at <= timezone.now():
        raise AppError("invalid_input", fields={"expires_at": "must_be_future"})
    with transaction.atomic():
        same = Restriction.objects.filter(
            kind=kind, value=normalised, tenant=tenant, status__in=(St.PROPOSED, St.ACTIVE)
        ).filter(Q(expires_at__isnull=True) | Q(expires_at__gt=timezone.now()))
        if same.exists():
            raise AppError("restriction_exists", status=409)
        restriction = Restriction.objects.create(
            public_id=new_public_id("rst"), kind=kind, value=normalised, scope=scope, tenant=tenant,
            reason=clean_reason, expires_at=expires_at, proposed_by=membership.user,
        )  # fmt: skip
        audit.record(
            "restriction.proposed",
            actor=membership.user,
            target=restriction,
            data={"id": restriction.public_id, "kind": kind, "scope": scope,
                  "client": tenant.slug if tenant else None, "reason": clean_reason},
        )  # fmt: skip
        notices.proposed(
            author=membership.user.email, kind=kind, value=normalised, client=tenant.name if tenant else None
        )
    return restriction


def effective_status(restriction: Restriction, now: datetime | None = None) -> str:
    now = now or timezone.now()
    expired = restriction.expires_at is not None and restriction.expires_at <= now
    if restriction.status in (St.PROPOSED, St.ACTIVE) and expired:
        return "expired"
    return str(restriction.status)


def _pending(restriction: Restriction) -> None:
    status = effective_status(restriction)
    if status != St.PROPOSED:
        raise AppError("restriction_not_pending", status=409, status_now=status)


def validate(membership: Membership, public_id: str) -> Restriction:
    """Another staff member makes a proposal active (maker-checker)."""
    with transaction.atomic():
        restriction = access_restriction(membership, public_id, lock=True)
        _pending(restriction)
        if restriction.proposed_by_id == membership.user_id:
            raise ForbiddenError("restriction_self_validation")
        restriction.status = St.ACTIVE
        restriction.validated_by = membership.user
        restriction.validated_at = timezone.now()
        restriction.save(update_fields=["status", "validated_by", "validated_at"])
        audit.record(
            "restriction.validated", actor=membership.user, target=restriction,
            data={"id": restriction.public_id},
        )  # fmt: skip
    return restriction


def reject(membership: Membership, public_id: str, reason: str) -> Restriction:
    """Turn a proposal down (anyone who may validate, the proposer too: withdrawing it)."""
    clean = _reason(reason)
    with transaction.atomic():
        restriction = access_restriction(membership, public_id, lock=True)
        _pending(restriction)
        _end(membership, restriction, St.REJECTED, clean)
    return restriction


def revoke(membership: Membership, public_id: str, reason: str) -> Restriction:
    """Lift an active restriction (it stops applying at once)."""
    clean = _reason(reason)
    with transaction.atomic():
        restriction = access_restriction(membership, public_id, lock=True)
        status = effective_status(restriction)
        if status != St.ACTIVE:
            raise AppError("restriction_not_active", status=409, status_now=status)
        _end(membership, restriction, St.REVOKED, clean)
    return restriction


def _end(membership: Membership, restriction: Restriction, status: str, reason: str) -> None:
    restriction.status = status
    restriction.ended_by = membership.user
    restriction.ended_at = timezone.now()
    restriction.end_reason = reason
    restriction.save(update_fields=["status", "ended_by", "ended_at", "end_reason"])
    audit.record(
        f"restriction.{status}", actor=membership.user, target=restriction,
        data={"id": restriction.public_id, "reason": reason},
    )  # fmt: skip


def filtered(
    qs: QuerySet[Restriction], *, status: str | None, kind: str | None, client: str | None, q: str | None
) -> QuerySet[Restriction]:
    now = timezone.now()
    live = Q(expires_at__isnull=True) | Q(expires_at__gt=now)
    if status == "expired":
        qs = qs.filter(status__in=(St.PROPOSED, St.ACTIVE)).exclude(live)
    elif status in (St.PROPOSED, St.ACTIVE):
        qs = qs.filter(live, status=status)
    elif status:
        qs = qs.filter(status=status)
    if kind:
        qs = qs.filter(kind=kind)
    if client == "platform":
        qs = qs.filter(tenant__isnull=True)
    elif client:
        qs = qs.filter(tenant__slug=client)
    text = (q or "").strip()
    if text:
        match = Q(value__icontains=text.lower()) | Q(reason__icontains=text)
        if kind:
            with contextlib.suppress(AppError):
                match |= Q(value=normalize(kind, text))
        else:
            for k in RestrictionKind.values:
                try:
                    match |= Q(kind=k, value=normalize(k, text))
                except AppError:
                    continue
        qs = qs.filter(match)
    return qs
