"""MED cases (Mecanismo Especial de Devolução, MED 2.0) reported by a bank provider about a client's
paid PIX deposit: the disputed amount blocked in the client's balance, the clocks of the norm, the
staff's decision and the refund parts it called for.

Status: open (notified, funds blocked, 7 days to analyse) -> refunding (accepted: the refund is due
within 24 hours, paid in parts as the balance allows) -> completed; open -> rejected (the block is
lifted); open -> cancelled (withdrawn by the bank, or a notice that cannot stand: past the 80-day
claim window, not a paid PIX deposit)."""

from __future__ import annotations

from django.db import models

from accounts.models import User
from tenants.models import Tenant


class MedStatus(models.TextChoices):
    OPEN = "open", "Open (awaiting analysis)"
    REFUNDING = "refunding", "Accepted, refunding"
    COMPLETED = "completed", "Refunded"
    REJECTED = "rejected", "Rejected"
    CANCELLED = "cancelled", "Cancelled"


ACTIVE_STATUSES = (MedStatus.OPEN.value, MedStatus.REFUNDING.value)


class MedCase(models.Model):
    public_id = models.CharField(max_length=32, unique=True)
    tenant = models.ForeignKey(Tenant, on_delete=models.PROTECT, related_name="+")
    provider = models.CharField(max_length=40)
    case_reference = models.CharField(max_length=80)  # the provider's id of the case
    deposit_id = models.CharField(max_length=32)  # the deposit's public id (in the tenant's schema)
    deposit_amount = models.BigIntegerField()
    payer_name = models.CharField(max_length=200, blank=True)
    payer_document = models.CharField(max_length=20, blank=True)
    amount = models.BigIntegerField()  # centavos disputed (capped at what the deposit can still refund)
    currency = models.CharField(max_length=3)
    reason = models.CharField(max_length=24)  # fraud | operational_failure
    details = models.CharField(max_length=200, blank=True)
    hops = models.JSONField(default=list)  # MED 2.0 tracked accounts, depth 1..5
    status = models.CharField(max_length=10, choices=MedStatus.choices, default=MedStatus.OPEN)
    # Money: what the case holds now in the client's held balance, and what could not be held at once.
    held_amount = models.BigIntegerField(default=0)
    hold_shortfall = models.BigIntegerField(default=0)
    holds = models.PositiveIntegerField(default=0)  # hold entries posted (keys hold:1, hold:2, ...)
    refunded_amount = models.BigIntegerField(default=0)  # refund parts created and not failed
    refund_confirmed = models.BigIntegerField(default=0)  # of which confirmed by the provider
    # Clocks of the norm.
    paid_at = models.DateTimeField(null=True, blank=True)
    reported_at = models.DateTimeField()  # the infraction opened at the payer's institution
    notified_at = models.DateTimeField()  # when Cofre learnt of it (funds blocked)
    analysis_due_at = models.DateTimeField()  # notified + 7 days
    refund_due_at = models.DateTimeField(null=True, blank=True)  # accepted + 24 hours
    closed_at = models.DateTimeField(null=True, blank=True)
    # The desk's order: active cases by their deadline (overdue first), then closed ones newest first.
    queue_rank = models.BigIntegerField()
    warned_level = models.PositiveSmallIntegerField(default=0)  # 1: 48 h, 2: 24 h, 3: 6 h, 4: overdue
    notices = models.PositiveIntegerField(default=1)  # notices received of this case
    decided_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    decided_at = models.DateTimeField(null=True, blank=True)
    justification = models.TextField(blank=True)
    evidence_note = models.TextField(blank=True)
    cancel_reason = models.CharField(max_length=40, blank=True)
    # Telling the bank of the decision (plugin API 1.2, BankProvider.report_med_decision), by the worker
    # after the decision commits: "" (nothing to tell yet), pending, informed, not_supported (the
    # provider does not take reports).
    bank_report = models.CharField(max_length=14, blank=True)
    bank_report_attempts = models.PositiveIntegerField(default=0)
    bank_informed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            # Duplicate notices of one case meet here: one case, one block.
            models.UniqueConstraint(fields=("provider", "case_reference"), name="med_case_provider_ref"),
        ]
        indexes = [
            models.Index(fields=("queue_rank", "id"), name="med_queue"),
            models.Index(fields=("tenant", "deposit_id"), name="med_deposit"),
            models.Index(fields=("reported_at", "id"), name="med_reported"),
        ]

    def __str__(self) -> str:
        return f"{self.public_id} {self.deposit_id} ({self.status})"


class MedRefundPart(models.Model):
    """One refund a case called for (the refunds app's Refund in the client's schema, by public id)."""

    case = models.ForeignKey(MedCase, on_delete=models.PROTECT, related_name="parts")
    seq = models.PositiveIntegerField()
    refund_id = models.CharField(max_length=32, unique=True)
    amount = models.BigIntegerField()
    status = models.CharField(max_length=12, default="pending")  # the refund's, as last seen
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=("case", "seq"), name="med_part_seq")]
        ordering = ("seq",)

    def __str__(self) -> str:
        return f"{self.case_id}#{self.seq} {self.refund_id}"


class MedEvidence(models.Model):
    """A file staff attached to a case as evidence for the decision: its bytes are a stored file
    (files.StoredFile) of the client's schema, named here by its public id (as KYC documents)."""

    public_id = models.CharField(max_length=32, unique=True)
    case = models.ForeignKey(MedCase, on_delete=models.PROTECT, related_name="evidence")
    name = models.CharField(max_length=200)
    content_type = models.CharField(max_length=100)
    size = models.BigIntegerField()
    stored_id = models.CharField(max_length=40)  # files.StoredFile.public_id in the client's schema
    uploaded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("created_at", "id")

    def __str__(self) -> str:
        return self.public_id
