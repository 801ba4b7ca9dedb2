"""Payouts (money out), in the tenant schema, with their timeline.

Public mirrors: every payout has a slim `gateway.TransactionIndex` row (kind "payout") and its money
moves in the public ledger, both written in the same transaction as the tenant's own row.
"""

from __future__ import annotations

from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVector
from django.db import models


class PayoutStatus(models.TextChoices):
    WAITING = "waiting", "Waiting"  # created, funds held, waiting for compliance review
    APPROVED = "approved", "Approved"  # approved (by a person or the auto rule), not yet at the bank
    PENDING = "pending", "Pending"  # accepted by the bank, not yet credited
    REJECTED = "rejected", "Rejected"  # refused in review (funds released)
    CONFIRMED = "confirmed", "Confirmed"  # the bank paid it ("confirmed/success")
    CANCELED = "canceled", "Canceled"  # canceled by the client or failed at the bank (funds released)
    REVERSED = "reversed", "Reversed"  # returned by the beneficiary's bank after confirmation
    # The money reached the client itself: the end of a wallet withdraw the bank confirmed.
    PAID_TO_CLIENT = "paid_to_client", "Paid to client"


class PayoutKind(models.TextChoices):
    STANDARD = "standard", "Standard"  # clients/withdraws (and customers' sacar)
    MANUAL = "manual", "Manual"  # clients/manual-withdraws (toggle manual_withdraws)
    TRANSACTIONAL = "transactional", "Transactional"  # clients/transactional-withdraws
    WALLET = "wallet", "Wallet"  # client/wallet-withdraws


class WithdrawMethod(models.TextChoices):
    PIX = "pix", "PIX"
    TED = "ted", "TED"


class Payout(models.Model):
    public_id = models.CharField(max_length=32, unique=True)
    kind = models.CharField(max_length=16, choices=PayoutKind.choices)
    method = models.CharField(max_length=3, choices=WithdrawMethod.choices)  # the withdraw method
    status = models.CharField(max_length=16, choices=PayoutStatus.choices, default=PayoutStatus.WAITING)
    amount = models.BigIntegerField()  # centavos
    # the platform's fee (centavos), fixed at creation: held with the amount, revenue when confirmed
    fee = models.BigIntegerField(default=0)
    currency = models.CharField(max_length=3)
    description = models.CharField(max_length=200, blank=True)
    owner_user_id = models.BigIntegerField(null=True, blank=True)  # a customer's own payout (sacar)
    # beneficiary snapshot (what was paid, whatever happens to the bank account later)
    bank_account = models.ForeignKey(
        "bank_accounts.BankAccount", null=True, blank=True, on_delete=models.PROTECT, related_name="payouts"
    )
    beneficiary_name = models.CharField(max_length=200)
    search_name = models.CharField(max_length=200, blank=True)  # lower case, accents stripped
    beneficiary_document = models.CharField(max_length=14)
    bank_ispb = models.CharField(max_length=8, blank=True)
    bank_compe = models.CharField(max_length=3, blank=True)
    bank_name = models.CharField(max_length=200, blank=True)
    agency = models.CharField(max_length=5, blank=True)
    agency_digit = models.CharField(max_length=1, blank=True)
    account = models.CharField(max_length=20, blank=True)
    account_digit = models.CharField(max_length=2, blank=True)
    account_type = models.CharField(max_length=10, blank=True)
    operation = models.CharField(max_length=3, blank=True)
    pix_key = models.CharField(max_length=77, blank=True)
    pix_key_type = models.CharField(max_length=5, blank=True)
    # idempotency: one payout per key in this tenant; the hash tells a replay from a reused key
    idempotency_key = models.CharField(max_length=100, null=True, blank=True, unique=True)
    request_hash = models.CharField(max_length=64, blank=True)
    # people
    created_by_id = models.BigIntegerField(null=True, blank=True)
    approval = models.CharField(max_length=6, blank=True)  # "" | auto | manual
    approved_by_id = models.BigIntegerField(null=True, blank=True)
    rejection_reason = models.CharField(max_length=200, blank=True)
    # provider
    provider = models.CharField(max_length=40)
    provider_reference = models.CharField(max_length=80, blank=True)  # the transaction id
    provider_extra = models.JSONField(default=dict, blank=True)  # e.g. the sandbox scenario
    submission_attempts = models.PositiveIntegerField(default=0)
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    last_error = models.CharField(max_length=120, blank=True)
    # dates
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    approved_at = models.DateTimeField(null=True, blank=True)
    submitted_at = models.DateTimeField(null=True, blank=True)  # accepted by the bank (pending)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)  # rejected, canceled, reversed, paid

    class Meta:
        indexes = [
            models.Index(fields=("created_at", "id"), name="payout_created_idx"),
            models.Index(fields=("status", "created_at", "id"), name="payout_status_idx"),
            models.Index(fields=("beneficiary_document", "created_at"), name="payout_document_idx"),
            models.Index(fields=("provider_reference",), name="payout_provider_ref_idx"),
            models.Index(fields=("owner_user_id", "created_at"), name="payout_owner_idx"),
            GinIndex(SearchVector("search_name", config="simple"), name="payout_name_fts_idx"),
        ]

    def __str__(self) -> str:
        return self.public_id


class PayoutEvent(models.Model):
    """The payout's timeline: every status change and provider event, in order."""

    payout = models.ForeignKey(Payout, on_delete=models.CASCADE, related_name="events")
    at = models.DateTimeField(auto_now_add=True)
    from_status = models.CharField(max_length=16, blank=True)
    to_status = models.CharField(max_length=16)
    source = models.CharField(max_length=20)  # api | review | auto | job | provider | webhook | sync
    actor_id = models.BigIntegerField(null=True, blank=True)
    provider_event_id = models.CharField(max_length=120, blank=True)
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ("at", "id")

    def __str__(self) -> str:
        return f"{self.payout_id}: {self.from_status}->{self.to_status}"
