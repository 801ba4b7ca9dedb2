"""Refunds ("estornos") of paid deposits, in the tenant schema. Public mirrors: a slim
`gateway.TransactionIndex` row (kind "refund") and the money in the public ledger, written in the
same transaction as the tenant's own row."""

from __future__ import annotations

from django.db import models


class RefundStatus(models.TextChoices):
    PENDING = "pending", "Pending"  # money reserved (tenant held), sent or being sent to the provider
    CONFIRMED = "confirmed", "Confirmed"  # the provider returned it to the payer
    FAILED = "failed", "Failed"  # the provider could not: the money is back in the client's balance


class Refund(models.Model):
    """An "estorno": part or all of a paid deposit returned to the payer (the fee is kept), through the
    deposit's provider (`BankProvider.submit_refund`)."""

    public_id = models.CharField(max_length=32, unique=True)
    deposit = models.ForeignKey("payments.Deposit", on_delete=models.PROTECT, related_name="refunds")
    amount = models.BigIntegerField()  # centavos
    currency = models.CharField(max_length=3)
    reason = models.CharField(max_length=200)
    status = models.CharField(max_length=10, choices=RefundStatus.choices, default=RefundStatus.PENDING)
    # where the money came from: the deposit's unsettled net (pending) first, the rest from available
    from_pending = models.BigIntegerField(default=0)
    from_available = models.BigIntegerField(default=0)
    created_by_id = models.BigIntegerField(null=True, blank=True)
    # provider: the deposit's; the refund's public id is the idempotency key at the bank
    provider = models.CharField(max_length=40, blank=True)
    provider_reference = models.CharField(max_length=80, blank=True)  # empty until the bank has it
    provider_extra = models.JSONField(default=dict, blank=True)  # e.g. the sandbox scenario
    # Idempotency-Key of the create call (core.idempotency): null when none was sent
    idempotency_key = models.CharField(max_length=100, null=True, blank=True, unique=True)
    request_hash = models.CharField(max_length=64, blank=True)
    submission_attempts = models.PositiveIntegerField(default=0)
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    last_error = models.CharField(max_length=120, blank=True)
    failure_reason = models.CharField(max_length=120, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    failed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "payouts_refund"  # the model came from `payouts` (migration payouts 0003)
        indexes = [
            models.Index(fields=("created_at", "id"), name="refund_created_idx"),
            models.Index(fields=("status", "created_at"), name="refund_status_idx"),
        ]

    def __str__(self) -> str:
        return self.public_id
