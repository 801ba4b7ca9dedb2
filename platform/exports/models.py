"""Exports of a list (deposits, payouts) to a file, made by a background job, one row per request in
the tenant's schema; the file itself is a files.StoredFile of the same schema. Staff's exports (the
volume per client) live the same way in the public schema, the platform's own."""

from __future__ import annotations

from django.db import models


class ExportType(models.TextChoices):
    PAYMENTS = "payments"
    PAYOUTS = "payouts"
    VOLUME = "volume"  # staff, on the platform's host: money paid per client (stats.services.volume)
    PARTNER_REPORT = "partner_report"  # a partner, on its host: each client and currency (issue 16)


class ExportFormat(models.TextChoices):
    CSV = "csv"  # standard: `,`, decimal point, UTF-8
    CSV_BR = "csv_br"  # Brazilian spreadsheets: `;`, decimal comma, UTF-8 with BOM
    XLSX = "xlsx"


class ExportStatus(models.TextChoices):
    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    CANCELED = "canceled"


ACTIVE = (ExportStatus.QUEUED, ExportStatus.RUNNING)


class Export(models.Model):
    public_id = models.CharField(max_length=40, unique=True)
    # Idempotency-Key of the create call (core.idempotency): null when none was sent
    idempotency_key = models.CharField(max_length=100, null=True, blank=True, unique=True)
    request_hash = models.CharField(max_length=64, blank=True, default="")
    owner_id = models.BigIntegerField()  # accounts.User id: only they may read it (ARCHITECTURE, Files)
    type = models.CharField(max_length=16, choices=ExportType.choices)
    format = models.CharField(max_length=8, choices=ExportFormat.choices)
    filters = models.JSONField(default=dict)  # the list's own query parameters, as validated
    language = models.CharField(max_length=8, default="pt-BR")  # of the headers and the bell
    status = models.CharField(max_length=10, choices=ExportStatus.choices, default=ExportStatus.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0)  # percent
    rows = models.BigIntegerField(default=0)  # rows written so far (all of them once done)
    total = models.BigIntegerField(null=True, blank=True)  # rows the filters selected when it started
    size = models.BigIntegerField(default=0)  # bytes of the file
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.CharField(max_length=40, blank=True)
    file = models.ForeignKey("files.StoredFile", null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)  # a running export's heartbeat
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField()

    class Meta:
        indexes = [
            models.Index(fields=("owner_id", "-created_at", "id"), name="export_owner_idx"),
            models.Index(
                fields=("updated_at", "id"),
                name="export_active_idx",
                condition=models.Q(status__in=("queued", "running")),
            ),
        ]

    def __str__(self) -> str:
        return self.public_id
