"""External credits and debits: money a staff member puts into or takes out of a client's available
balance outside the payment flows, with a reason. Maker-checker: proposed by one staff member,
confirmed (posted to the ledger) or rejected by another. Nothing reaches the books before confirmation.

Status: proposed -> confirmed | rejected."""

from __future__ import annotations

from django.db import models

from accounts.models import User
from ledger.models import JournalEntry
from tenants.models import Tenant


class Direction(models.TextChoices):
    CREDIT = "credit", "Credit"
    DEBIT = "debit", "Debit"


class AdjustmentStatus(models.TextChoices):
    PROPOSED = "proposed", "Proposed"
    CONFIRMED = "confirmed", "Confirmed"
    REJECTED = "rejected", "Rejected"


class Adjustment(models.Model):
    public_id = models.CharField(max_length=32, unique=True)
    tenant = models.ForeignKey(Tenant, on_delete=models.PROTECT, related_name="+")
    direction = models.CharField(max_length=6, choices=Direction.choices)
    amount = models.BigIntegerField()  # centavos, > 0
    currency = models.CharField(max_length=3)
    reason = models.TextField()
    status = models.CharField(
        max_length=10, choices=AdjustmentStatus.choices, default=AdjustmentStatus.PROPOSED
    )
    proposed_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    decided_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    decided_at = models.DateTimeField(null=True, blank=True)
    reject_reason = models.TextField(blank=True)
    entry = models.ForeignKey(JournalEntry, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [
            models.Index(fields=("created_at", "id"), name="adjustment_created"),
            models.Index(fields=("status", "created_at", "id"), name="adjustment_status"),
        ]
        constraints = [
            models.CheckConstraint(condition=models.Q(amount__gt=0), name="adjustment_amount_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.public_id} {self.direction} {self.amount} {self.currency} ({self.status})"
