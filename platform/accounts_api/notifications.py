"""/api/notifications: the top bar's list, mark-as-read and mark-all-read."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from typing import Any

from django.http import HttpRequest
from ninja import Router, Schema

from access.guard import any_member, membership_of
from notifications import services
from notifications.models import Notification

router = Router(tags=["notifications"])
PAGE = 20


class NotificationTypeOut(Schema):
    id: int


class NotificationOut(Schema):
    id: int
    type: NotificationTypeOut
    status: int
    kind: str  # what happened (e.g. "payout.review_waiting"); "" for a ready-made text
    title: str  # in the request's language
    content: str
    link: str  # the dashboard route that acts on it (e.g. "admin/compliance"), or ""
    created_at: int  # unix seconds (section 3)
    read: bool


class NotificationListOut(Schema):
    items: list[NotificationOut]
    unread: int


class MarkedOut(Schema):
    marked: int


def notification_out(n: Notification) -> dict[str, Any]:
    title, content = services.rendered(n)
    return {
        "id": n.pk,
        "type": {"id": n.type_id},
        "status": n.status,
        "kind": n.kind,
        "title": title,
        "content": content,
        "link": n.link,
        "created_at": int(n.created_at.timestamp()),
        "read": n.read_at is not None,
    }


@router.get("", response=NotificationListOut, summary="Latest notifications and the unread count")
@any_member
def list_notifications(request: HttpRequest) -> dict[str, Any]:
    mine = services.notifications_of(membership_of(request))
    return {
        "items": [notification_out(n) for n in mine[:PAGE]],
        "unread": mine.filter(read_at__isnull=True).count(),
    }


@router.post("/read-all", response=MarkedOut, summary="Mark every notification as read")
@any_member
def read_all_notifications(request: HttpRequest) -> dict[str, int]:
    return {"marked": services.mark_all_read(membership_of(request))}


@router.post("/{notification_id}/read", response=NotificationOut, summary="Mark one notification as read")
@any_member
def read_notification(request: HttpRequest, notification_id: int) -> dict[str, Any]:
    found = services.access_notification(membership_of(request), notification_id)
    return notification_out(services.mark_read(found))
