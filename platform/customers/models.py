"""A client's customers, in the tenant schema: one row per payer document, and the client's notes."""

from __future__ import annotations

from django.contrib.postgres.fields import ArrayField
from django.db import models

MAX_TAGS = 10
MAX_TAG = 30


class Customer(models.Model):
    """The roll-up of one payer (CPF/CNPJ) of the client's deposits, recomputed from the public
    transaction index each time one of its deposits or refunds changes (customers.rollup.refresh,
    called by payments.records.record_change in the same transaction). `deposit_total` and
    `refund_total` are the BRL figures the list sorts on; `totals` has every currency."""

    document = models.CharField(max_length=20, unique=True)
    name = models.CharField(max_length=200)
    search_name = models.CharField(max_length=200, blank=True)  # lower case, accents stripped
    email = models.CharField(max_length=254, blank=True)
    phone = models.CharField(max_length=20, blank=True)
    deposit_count = models.IntegerField(default=0)  # paid deposits (confirmed, settled or refunded)
    deposit_total = models.BigIntegerField(default=0)  # centavos, BRL
    refund_count = models.IntegerField(default=0)  # confirmed refunds
    refund_total = models.BigIntegerField(default=0)  # centavos, BRL
    # per currency: deposits (count), paid (centavos), refunds (count), refunded (centavos)
    totals = models.JSONField(default=dict, blank=True)
    first_seen_at = models.DateTimeField()
    last_seen_at = models.DateTimeField()
    last_paid_at = models.DateTimeField(null=True, blank=True)
    tags = ArrayField(models.CharField(max_length=MAX_TAG), default=list, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [
            models.Index(fields=("last_seen_at", "id"), name="customer_seen_idx"),
            models.Index(fields=("deposit_total", "id"), name="customer_total_idx"),
            models.Index(fields=("deposit_count", "id"), name="customer_count_idx"),
            models.Index(fields=("search_name", "id"), name="customer_name_idx"),
        ]

    def __str__(self) -> str:
        return self.document


class CustomerNote(models.Model):
    customer = models.ForeignKey(Customer, on_delete=models.CASCADE, related_name="notes")
    text = models.TextField()
    author_id = models.BigIntegerField(null=True, blank=True)
    author_email = models.CharField(max_length=254, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-created_at", "-id")

    def __str__(self) -> str:
        return f"{self.customer_id}: {self.text[:30]}"
