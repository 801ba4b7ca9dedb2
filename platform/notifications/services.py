"""Create and read notifications, always scoped to one membership (user + tenant)."""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils import timezone

from accounts.models import Membership
from core.errors import NotFoundError
from notifications.models import Notification, NotificationType


def notify(
    membership: Membership,
    title: str,
    content: str = "",
    *,
    type_id: int = NotificationType.INFO,
    status: int = 1,
) -> Notification:
    return Notification.objects.create(
        user=membership.user,
        tenant=membership.tenant,
        title=title,
        content=content,
        type_id=type_id,
        status=status,
    )


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
