"""The company's settings: one row (pk 1) in the client's own schema, so no other tenant's query can
reach it. No row means nothing filled in yet."""

from __future__ import annotations

from django.db import models

from files.models import StoredFile

SETTINGS_PK = 1


class CompanySettings(models.Model):
    legal_name = models.CharField(max_length=200, blank=True)  # razão social
    trade_name = models.CharField(max_length=200, blank=True)  # nome fantasia
    cnpj = models.CharField(max_length=14, blank=True)  # digits; set at onboarding, read-only for the client
    phone = models.CharField(max_length=20, blank=True)  # digits, with the area code
    street = models.CharField(max_length=200, blank=True)
    number = models.CharField(max_length=20, blank=True)
    complement = models.CharField(max_length=100, blank=True)
    neighborhood = models.CharField(max_length=100, blank=True)
    city = models.CharField(max_length=100, blank=True)
    state = models.CharField(max_length=2, blank=True)  # UF
    zipcode = models.CharField(max_length=8, blank=True)  # CEP digits
    notification_emails = models.JSONField(default=list, blank=True)
    # BRL centavos: a payout above it waits for review by a second person even when the platform's
    # rule would approve it at once. Null: the platform's rule alone.
    payout_approval_threshold = models.BigIntegerField(null=True, blank=True)
    logo = models.ForeignKey(StoredFile, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    updated_at = models.DateTimeField(auto_now=True)
    updated_by_id = models.BigIntegerField(null=True, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=models.Q(pk=SETTINGS_PK), name="company_settings_one_row"),
            models.CheckConstraint(
                condition=models.Q(payout_approval_threshold__gte=0)
                | models.Q(payout_approval_threshold__isnull=True),
                name="company_threshold_non_negative",
            ),
        ]

    def __str__(self) -> str:
        return self.trade_name or self.legal_name or "company settings"
