"""API keys of a tenant (tenant schema): how a merchant's own systems call the API without a session.

Only a hash of the secret is stored; the token (`cofre_<prefix>_<secret>`) is shown once, at creation
and at each rotation. A rotation keeps the key (prefix, name, scope, allow-list) and gives it a new
secret; the old secret's hash stays as `previous_secret_hash` until `previous_secret_expires_at`.
A key acts for the member who created it, with that member's role *at the time of each call*.
"""

from __future__ import annotations

from datetime import datetime

from django.db import models
from django.utils import timezone


class ApiKeyStatus(models.TextChoices):
    ACTIVE = "active", "Active"
    EXPIRED = "expired", "Expired"
    REVOKED = "revoked", "Revoked"


class ApiKeyScope(models.TextChoices):
    FULL = "full", "Full"  # whatever its member's role may do
    READ_ONLY = "read_only", "Read only"  # safe methods only (GET, HEAD, OPTIONS)


class ApiKey(models.Model):
    prefix = models.CharField(max_length=16, unique=True)  # public: in the token, the list and URLs
    name = models.CharField(max_length=100)
    secret_hash = models.CharField(max_length=64)  # sha256 (hex) of the secret; never the secret
    # The member it acts for (public schema; ids, not foreign keys across schemas). Both are checked
    # on every call: a membership removed and created again does not bring its old keys back.
    membership_id = models.BigIntegerField()
    user_id = models.BigIntegerField()
    created_by_email = models.CharField(max_length=254)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by_id = models.BigIntegerField(null=True, blank=True)
    scope = models.CharField(max_length=16, choices=ApiKeyScope.choices, default=ApiKeyScope.FULL)
    # CIDRs (IPv4 or IPv6) a call must come from; empty: any address.
    allowed_ips = models.JSONField(default=list, blank=True)
    # Rotation with overlap: the secret before the last rotation keeps working until this moment.
    previous_secret_hash = models.CharField(max_length=64, blank=True, default="")
    previous_secret_expires_at = models.DateTimeField(null=True, blank=True)
    rotated_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created_at", "-id")

    def __str__(self) -> str:
        return f"{self.name} (cofre_{self.prefix})"

    def status_at(self, now: datetime | None = None) -> ApiKeyStatus:
        moment = now or timezone.now()
        if self.revoked_at is not None:
            return ApiKeyStatus.REVOKED
        if self.expires_at is not None and self.expires_at <= moment:
            return ApiKeyStatus.EXPIRED
        return ApiKeyStatus.ACTIVE

    def previous_secret_active(self, now: datetime | None = None) -> bool:
        """Whether the secret before the last rotation still works (its overlap has not ended)."""
        moment = now or timezone.now()
        return bool(self.previous_secret_hash) and (
            self.previous_secret_expires_at is not None and self.previous_secret_expires_at > moment
        )
