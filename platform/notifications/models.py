"""Notifications for one identity in one tenant (public schema; always read through the membership)."""

from __future__ import annotations

from django.db import models

from accounts.models import User
from tenants.models import Tenant


class NotificationType(models.IntegerChoices):
    INFO = 1, "Info"
    SUCCESS = 2, "Success"
    WARNING = 3, "Warning"
    DANGER = 4, "Danger"  # section 4: type id 4 shows the danger icon


class Notification(models.Model):
    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="notifications")
    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="notifications")
    type_id = models.PositiveSmallIntegerField(
        choices=NotificationType.choices, default=NotificationType.INFO
    )
    status = models.PositiveSmallIntegerField(default=1)  # section 4: status 0 shows the danger icon
    # What happened (a kind of notifications.kinds, rendered in the reader's language) and its
    # parameters; `title`/`content` hold a ready-made text for notifications without a kind.
    kind = models.CharField(max_length=64, blank=True, default="")
    params = models.JSONField(default=dict, blank=True)
    link = models.CharField(
        max_length=300, blank=True, default=""
    )  # a dashboard route, e.g. "admin/compliance"
    title = models.CharField(max_length=200, blank=True)
    content = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created_at", "-id")
        indexes = [models.Index(fields=("user", "tenant", "-created_at"), name="notif_user_tenant_idx")]

    def __str__(self) -> str:
        return self.title


class NoticeAudience(models.TextChoices):
    """Who reads a notice: by the kind of tenant the user signs in to (customers apart from clients)."""

    EVERYONE = "everyone", "Everyone"
    STAFF = "staff", "Platform staff"
    CLIENTS = "clients", "Client companies"
    PARTNERS = "partners", "Partners"
    CUSTOMERS = "customers", "Customers"


class NoticeLevel(models.TextChoices):
    INFO = "info", "Info"
    WARNING = "warning", "Warning"


class Notice(models.Model):
    """A notice the platform's editors publish to an audience (page2), shown above every screen of
    its readers while it is live: between `starts_at` and `ends_at`, unless withdrawn."""

    public_id = models.CharField(max_length=40, unique=True)
    message_pt_br = models.CharField(max_length=500)
    message_en = models.CharField(max_length=500)
    audience = models.CharField(max_length=16, choices=NoticeAudience.choices)
    level = models.CharField(max_length=16, choices=NoticeLevel.choices, default=NoticeLevel.INFO)
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField(null=True, blank=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(User, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-created_at", "-id")
        indexes = [models.Index(fields=("audience", "starts_at"), name="notice_audience_idx")]

    def __str__(self) -> str:
        return self.public_id
