"""A restriction: one party (kind + normalised value) blocked platform-wide or for one client.

Status as stored: proposed -> active (validated by another staff member) | rejected; active -> revoked.
"expired" is never stored: a proposed or active restriction whose `expires_at` has passed reads as
expired and no longer applies (no job has to flip it at the right second)."""

from __future__ import annotations

from django.db import models

from accounts.models import User
from tenants.models import Tenant


class RestrictionKind(models.TextChoices):
    DOCUMENT = "document", "CPF/CNPJ"
    PIX_KEY = "pix_key", "PIX key"
    BANK_ACCOUNT = "bank_account", "Bank account"
    EMAIL = "email", "E-mail"
    PHONE = "phone", "Phone"


class RestrictionScope(models.TextChoices):
    PLATFORM = "platform", "Platform"
    CLIENT = "client", "Client"


class RestrictionStatus(models.TextChoices):
    PROPOSED = "proposed", "Proposed"
    ACTIVE = "active", "Active"
    REJECTED = "rejected", "Rejected"
    REVOKED = "revoked", "Revoked"


class Restriction(models.Model):
    public_id = models.CharField(max_length=32, unique=True)
    kind = models.CharField(max_length=16, choices=RestrictionKind.choices)
    value = models.CharField(max_length=120)  # normalised per kind (restrictions.normalize)
    scope = models.CharField(max_length=8, choices=RestrictionScope.choices)
    tenant = models.ForeignKey(Tenant, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    reason = models.TextField()
    status = models.CharField(
        max_length=10, choices=RestrictionStatus.choices, default=RestrictionStatus.PROPOSED
    )
    expires_at = models.DateTimeField(null=True, blank=True)
    proposed_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    validated_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    validated_at = models.DateTimeField(null=True, blank=True)
    ended_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    ended_at = models.DateTimeField(null=True, blank=True)
    end_reason = models.TextField(blank=True)  # why it was rejected or revoked
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [
            # The lookup of every money movement: active restrictions of a few (kind, value) pairs.
            models.Index(
                fields=("kind", "value"),
                condition=models.Q(status="active"),
                name="restriction_active_lookup",
            ),
            models.Index(fields=("created_at", "id"), name="restriction_created"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=(models.Q(scope="platform", tenant__isnull=True))
                | (models.Q(scope="client", tenant__isnull=False)),
                name="restriction_scope_tenant",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.public_id} {self.kind}:{self.value} ({self.status})"


class AlertRule(models.TextChoices):
    BURST = "burst", "Many deposits from one document in a short time"
    NIGHT_PIX = "night_pix", "PIX at night over R$ 1.000 from a person"


class AlertStatus(models.TextChoices):
    OPEN = "open", "Open"
    ACKNOWLEDGED = "acknowledged", "Acknowledged"
    RESOLVED = "resolved", "Resolved"


class Alert(models.Model):
    """What a rule saw in money as it moved (restrictions.alerts), waiting in admin/customers-alert.
    One alert open per (client, rule, document): later hits add to its count, not to the queue."""

    public_id = models.CharField(max_length=32, unique=True)
    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="+")
    rule = models.CharField(max_length=16, choices=AlertRule.choices)
    document = models.CharField(max_length=20)
    reference = models.CharField(max_length=32)  # the movement that opened it (a deposit's public id)
    amount = models.BigIntegerField()
    currency = models.CharField(max_length=3)
    hits = models.PositiveIntegerField(default=1)
    status = models.CharField(max_length=14, choices=AlertStatus.choices, default=AlertStatus.OPEN)
    notes = models.JSONField(default=list)  # [{"author": e-mail, "text": ..., "at": iso}]
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [models.Index(fields=("created_at", "id"), name="alert_created")]
        constraints = [
            models.UniqueConstraint(
                fields=("tenant", "rule", "document"),
                condition=~models.Q(status="resolved"),
                name="alert_one_unresolved",
            )
        ]

    def __str__(self) -> str:
        return f"{self.public_id} {self.rule} ({self.status})"
