"""CNAB 240 batch files of payouts (money out by file), in the public schema: the platform's account at a
provider bank pays for every client, so one remittance may carry several clients' payouts.

- `BatchFile`: a remittance Cofre wrote (kind "remittance") or a return the bank sent back ("return"),
  its bytes kept by the files app (the platform's own schema);
- `BatchItem`: one payout of a remittance, named by its 20-character `reference` (CNAB "seu número");
  one item per payout ever (unique tenant + payout): no payout goes out in two files;
- `ReturnLine`: what a return said of each line and what Cofre did with it.
"""

from __future__ import annotations

from django.db import models


class BatchKind(models.TextChoices):
    REMITTANCE = "remittance", "Remittance"
    RETURN = "return", "Return"


class ItemStatus(models.TextChoices):
    SENT = "sent", "Sent"  # in a remittance, no return yet
    PROCESSING = "processing", "Processing"  # the bank accepted it, not yet paid
    CONFIRMED = "confirmed", "Confirmed"  # paid (the payout confirmed)
    REJECTED = "rejected", "Rejected"  # refused by the bank (the payout's funds released)


class LineOutcome(models.TextChoices):
    CONFIRMED = "confirmed", "Confirmed"
    REJECTED = "rejected", "Rejected"
    PROCESSING = "processing", "Processing"
    ALREADY_APPLIED = "already_applied", "Already applied"  # the same answer came before
    STALE = "stale", "Stale"  # the payout had moved on (e.g. canceled): nothing changed
    UNKNOWN_REFERENCE = "unknown_reference", "Unknown reference"
    DUPLICATE = "duplicate", "Duplicate"  # the reference came twice in the file
    AMOUNT_MISMATCH = "amount_mismatch", "Amount mismatch"


class BatchFile(models.Model):
    public_id = models.CharField(max_length=40, unique=True)
    kind = models.CharField(max_length=12, choices=BatchKind.choices)
    provider = models.CharField(max_length=40)
    # the client a remittance was generated for (None: every client with payouts for the provider)
    client = models.ForeignKey(
        "tenants.Tenant", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    sequence = models.PositiveIntegerField(default=0)  # remittances: 1, 2, ... per provider
    # DO_NOTHING, not PROTECT: files.StoredFile lives in public AND in every tenant schema (ids overlap),
    # while this table is public only. With PROTECT, deleting a TENANT's file (a logo, an expired export)
    # made Django look for batch files pointing at that id, found the public file of the same id, and
    # refused (500). The database's own foreign key (public to public) still refuses deleting a public
    # file a batch file keeps. tests/foundation/test_cross_schema_relations.py holds the rule.
    file = models.ForeignKey("files.StoredFile", on_delete=models.DO_NOTHING, related_name="+")
    file_name = models.CharField(max_length=200)
    sha256 = models.CharField(max_length=64)
    lines = models.PositiveIntegerField(default=0)
    amount = models.BigIntegerField(default=0)  # centavos
    currency = models.CharField(max_length=3, default="BRL")
    summary = models.JSONField(default=dict, blank=True)  # returns: lines by outcome
    duplicate_of = models.CharField(max_length=40, blank=True)  # a return already read (same bytes)
    created_by_id = models.BigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=("provider", "sequence"),
                condition=models.Q(kind="remittance"),
                name="batch_remittance_sequence_uniq",
            )
        ]
        indexes = [models.Index(fields=("kind", "-created_at", "id"), name="batch_kind_created_idx")]

    def __str__(self) -> str:
        return self.public_id


class BatchItem(models.Model):
    batch = models.ForeignKey(BatchFile, on_delete=models.PROTECT, related_name="items")
    reference = models.CharField(max_length=20, unique=True)
    tenant = models.ForeignKey("tenants.Tenant", on_delete=models.PROTECT, related_name="+")
    payout_public_id = models.CharField(max_length=32)
    line = models.PositiveIntegerField()  # its segment A in the remittance
    amount = models.BigIntegerField()
    method = models.CharField(max_length=3)
    beneficiary_name = models.CharField(max_length=200)
    bank = models.CharField(max_length=200, blank=True)
    status = models.CharField(max_length=12, choices=ItemStatus.choices, default=ItemStatus.SENT)
    occurrences = models.CharField(max_length=10, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=("tenant", "payout_public_id"), name="batch_item_payout_uniq")
        ]

    def __str__(self) -> str:
        return self.reference


class ReturnLine(models.Model):
    return_file = models.ForeignKey(BatchFile, on_delete=models.CASCADE, related_name="return_lines")
    line = models.PositiveIntegerField()
    reference = models.CharField(max_length=20)
    item = models.ForeignKey(BatchItem, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    outcome = models.CharField(max_length=20, choices=LineOutcome.choices)
    occurrences = models.CharField(max_length=10, blank=True)
    amount = models.BigIntegerField(default=0)

    class Meta:
        ordering = ("line",)

    def __str__(self) -> str:
        return f"{self.reference}: {self.outcome}"
