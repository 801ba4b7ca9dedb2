"""Notices: what the platform's editors (and admins) publish to an audience, shown above every screen
of its readers while live (page2 writes them; the shell reads `live_for`). Public schema: a notice is
the platform's word to everyone in an audience, never one tenant's data."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from accounts.models import Membership
from accounts.roles import Role
from audit import services as audit
from core.errors import AppError, NotFoundError
from core.ids import new_public_id
from notifications.models import Notice, NoticeAudience
from tenants.models import TenantKind

MAX_LISTED = 200  # what page2 lists: the newest notices (a handful a month in practice)


def audience_of(membership: Membership) -> str:
    """The audience a member reads notices as: by the kind of tenant, customers apart."""
    if membership.role == Role.CUSTOMER:
        return str(NoticeAudience.CUSTOMERS)
    kind = str(membership.tenant.kind)
    if kind == TenantKind.PLATFORM:
        return str(NoticeAudience.STAFF)
    if kind == TenantKind.PARTNER:
        return str(NoticeAudience.PARTNERS)
    return str(NoticeAudience.CLIENTS)


def live(now: datetime | None = None) -> QuerySet[Notice]:
    now = now or timezone.now()
    return Notice.objects.filter(withdrawn_at__isnull=True, starts_at__lte=now).filter(
        Q(ends_at__isnull=True) | Q(ends_at__gt=now)
    )


def live_for(membership: Membership) -> list[Notice]:
    """The notices a member reads now, warnings first, then newest."""
    audience = audience_of(membership)
    rows = live().filter(audience__in=(NoticeAudience.EVERYONE, audience))
    return sorted(rows, key=lambda n: (n.level != "warning", -n.starts_at.timestamp()))


def state_of(notice: Notice, now: datetime | None = None) -> str:
    """scheduled, live, ended or withdrawn."""
    now = now or timezone.now()
    if notice.withdrawn_at is not None:
        return "withdrawn"
    if notice.starts_at > now:
        return "scheduled"
    if notice.ends_at is not None and notice.ends_at <= now:
        return "ended"
    return "live"


def listed() -> QuerySet[Notice]:
    return Notice.objects.select_related("created_by").order_by("-created_at", "-id")[:MAX_LISTED]


@dataclass(frozen=True)
class NoticeInput:
    message_pt_br: str
    message_en: str
    audience: str
    level: str
    starts_at: datetime | None
    ends_at: datetime | None


def publish(membership: Membership, data: NoticeInput) -> Notice:
    """A notice in both interface languages; it starts now unless given a later start, and ends when
    given an end after its start that is still to come (422 notice_period_invalid otherwise)."""
    now = timezone.now()
    starts = data.starts_at or now
    if data.ends_at is not None and (data.ends_at <= starts or data.ends_at <= now):
        raise AppError("notice_period_invalid", status=422, fields={"ends_at": "notice_period_invalid"})
    with transaction.atomic():
        notice = Notice.objects.create(
            public_id=new_public_id("ntc"),
            message_pt_br=data.message_pt_br.strip(),
            message_en=data.message_en.strip(),
            audience=data.audience,
            level=data.level,
            starts_at=starts,
            ends_at=data.ends_at,
            created_by=membership.user,
        )
        audit.record(
            "notice.published",
            actor=membership.user,
            target=notice,
            data={"notice": notice.public_id, "audience": notice.audience, "level": notice.level},
        )
    return notice


def withdraw(membership: Membership, public_id: str) -> Notice:
    """Take a notice down now (idempotent: a withdrawn one stays as it was)."""
    with transaction.atomic():
        notice = Notice.objects.select_for_update().filter(public_id=public_id).first()
        if notice is None:
            raise NotFoundError
        if notice.withdrawn_at is None:
            notice.withdrawn_at = timezone.now()
            notice.save(update_fields=["withdrawn_at"])
            audit.record(
                "notice.withdrawn", actor=membership.user, target=notice, data={"notice": notice.public_id}
            )
    return notice
