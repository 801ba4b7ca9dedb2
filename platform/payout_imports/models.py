"""Payout imports (a spreadsheet of withdrawal requests) and their validated rows, in the tenant schema.

An import is previewed (rows validated and stored, nothing moved), then confirmed (each ok row becomes
a payout through payouts.services, with an idempotency key of the import and line) or canceled.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q


class ImportStatus(models.TextChoices):
    PREVIEW = "preview", "Preview"  # validated, waiting for confirm or cancel
    CONFIRMING = "confirming", "Confirming"  # its rows are being turned into payouts
    CONFIRMED = "confirmed", "Confirmed"  # every row confirmed or not submitted (with its reason)
    CANCELED = "canceled", "Canceled"  # dropped at preview: nothing was paid


class RowOutcome(models.TextChoices):
    NONE = "", "Not yet"
    CONFIRMED = "confirmed", "Confirmed"  # a payout was made
    NOT_SUBMITTED = "not_submitted", "Not submitted"  # with its reason (a row error, the balance, ...)


class PayoutImport(models.Model):
    public_id = models.CharField(max_length=32, unique=True)
    file = models.ForeignKey("files.StoredFile", null=True, blank=True, on_delete=models.SET_NULL)
    file_name = models.CharField(max_length=200)
    file_format = models.CharField(max_length=4)  # csv | xlsx
    sha256 = models.CharField(max_length=64)
    status = models.CharField(max_length=12, choices=ImportStatus.choices, default=ImportStatus.PREVIEW)
    currency = models.CharField(max_length=3, default="BRL")
    created_by_id = models.BigIntegerField(null=True, blank=True)
    confirmed_by_membership_id = models.BigIntegerField(
        null=True, blank=True
    )  # who confirmed (the job acts as)
    total_rows = models.IntegerField(default=0)
    ok_rows = models.IntegerField(default=0)
    error_rows = models.IntegerField(default=0)
    amount = models.BigIntegerField(default=0)  # centavos, the ok rows
    processed_rows = models.IntegerField(default=0)  # progress of confirm
    submitted_rows = models.IntegerField(default=0)
    not_submitted_rows = models.IntegerField(default=0)
    submitted_amount = models.BigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=("created_at", "id"), name="payout_import_created_idx")]
        constraints = [
            # the same file is imported once (until that import is canceled)
            models.UniqueConstraint(
                fields=("sha256",), condition=~Q(status="canceled"), name="payout_import_one_per_file"
            )
        ]

    def __str__(self) -> str:
        return self.public_id

    @property
    def failed(self) -> bool:
        return self.error_rows > 0 or self.not_submitted_rows > 0


class PayoutImportRow(models.Model):
    payout_import = models.ForeignKey(PayoutImport, on_delete=models.CASCADE, related_name="rows")
    line = models.IntegerField()  # the line in the file (the header is line 1 of most files)
    ok = models.BooleanField()
    errors = models.JSONField(default=list)  # [{"field", "code", "params"}]
    data = models.JSONField(default=dict)  # the normalised request
    amount = models.BigIntegerField(default=0)
    outcome = models.CharField(max_length=16, choices=RowOutcome.choices, default="", blank=True)
    reason = models.CharField(max_length=60, blank=True)  # a message code, when not submitted
    payout_public_id = models.CharField(max_length=32, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=("payout_import", "line"), name="payout_import_row_line")
        ]

    def __str__(self) -> str:
        return f"{self.payout_import_id}:{self.line}"
