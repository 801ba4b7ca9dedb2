"""Create and read notifications, always scoped to one membership (user + tenant).

Apps notify the people who act on an event: `notify_members` (the active members of a tenant with
one of some roles) and `notify_staff` (platform staff), with a registered kind (notifications.kinds)
and its parameters, inside the transaction of the event itself (a rolled-back event notifies nobody).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone
from django_tenants.utils import get_public_schema_name

from accounts.models import Membership
from accounts.roles import Role
from core.errors import NotFoundError
from core.messages import current_language
from notifications.kinds import kind_of
from notifications.models import Notification, NotificationType
from tenants.models import Tenant


def notify(
    membership: Membership,
    title: str = "",
    content: str = "",
    *,
    kind: str = "",
    params: Mapping[str, Any] | None = None,
    link: str = "",
    type_id: int | None = None,
    status: int = 1,
) -> Notification:
    """One notification for one member: a registered `kind` with `params`, or a ready-made text."""
    fields = _fields(membership, kind=kind, params=params, link=link, title=title, content=content)
    fields.update(status=status, type_id=fields["type_id"] if type_id is None else type_id)
    return Notification.objects.create(**fields)


def notify_members(
    tenant: Tenant,
    *,
    kind: str,
    params: Mapping[str, Any] | None = None,
    link: str = "",
    roles: Iterable[str] | None = None,
) -> list[Notification]:
    """Notify every active member of `tenant` whose role is in `roles` (all members when None)."""
    members = Membership.objects.filter(tenant=tenant, is_active=True, user__is_active=True).select_related(
        "user", "tenant"
    )
    if roles is not None:
        members = members.filter(role__in=list(roles))
    rows = [Notification(**_fields(m, kind=kind, params=params, link=link)) for m in members]
    return Notification.objects.bulk_create(rows)


def notify_staff(
    *,
    kind: str,
    params: Mapping[str, Any] | None = None,
    link: str = "",
    roles: Iterable[str] = (Role.ADMIN,),
) -> list[Notification]:
    """Notify the platform's staff members with one of `roles` (admins by default)."""
    platform = Tenant.objects.get(schema_name=get_public_schema_name())
    return notify_members(platform, kind=kind, params=params, link=link, roles=roles)


def _fields(
    membership: Membership,
    *,
    kind: str,
    params: Mapping[str, Any] | None,
    link: str,
    title: str = "",
    content: str = "",
) -> dict[str, Any]:
    type_id: int = NotificationType.INFO
    if kind:
        registered = kind_of(kind)
        if registered is None:
            raise ValueError(f"unknown notification kind {kind!r}: register it (notifications.kinds)")
        type_id = registered.type_id
    return {
        "user": membership.user,
        "tenant": membership.tenant,
        "kind": kind,
        "params": dict(params or {}),
        "link": link,
        "title": title[:200],
        "content": content,
        "type_id": type_id,
    }


def rendered(notification: Notification, language: str | None = None) -> tuple[str, str]:
    """Title and content in `language` (the active one by default)."""
    registered = kind_of(notification.kind) if notification.kind else None
    if registered is None:
        return notification.title, notification.content
    return registered.render(language or current_language(), notification.params)


def notifications_of(membership: Membership) -> QuerySet[Notification]:
    return Notification.objects.filter(user=membership.user, tenant=membership.tenant)


def access_notification(membership: Membership, notification_id: int) -> Notification:
    found = notifications_of(membership).filter(pk=notification_id).first()
    if found is None:
        raise NotFoundError
    return found


def mark_read(notification: Notification) -> Notification:
    if notification.read_at is None:
        notification.read_at = timezone.now()
        notification.save(update_fields=["read_at"])
    return notification


def mark_all_read(membership: Membership) -> int:
    return notifications_of(membership).filter(read_at__isnull=True).update(read_at=timezone.now())
