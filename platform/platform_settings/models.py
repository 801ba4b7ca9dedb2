"""The platform's settings an operator changes without a deploy (admin/config): payout limits, the
night window of PIX to people, TED hours, the maintenance banner. One row (pk 1) in the public
schema; no row means the defaults (no limits, no banner). Amounts are BRL centavos (PIX and TED move
reais only); a null limit is no limit."""

from __future__ import annotations

from datetime import time

from django.db import models

SETTINGS_PK = 1


class PlatformSettings(models.Model):
    # Payout limits (BRL centavos; null: none)
    max_payout_amount = models.BigIntegerField(null=True, blank=True)
    max_daily_payouts_per_client = models.BigIntegerField(null=True, blank=True)
    # PIX to people (CPF) at night: at most this per payout inside [night_starts_at, night_ends_at)
    night_pix_person_limit = models.BigIntegerField(null=True, blank=True)
    night_starts_at = models.TimeField(default=time(20, 0))
    night_ends_at = models.TimeField(default=time(6, 0))
    # TED: accepted from opens_at until the cut-off (both null: any time)
    ted_opens_at = models.TimeField(null=True, blank=True)
    ted_cutoff_at = models.TimeField(null=True, blank=True)
    # Shown in the shell to every signed-in user while not empty
    maintenance_banner = models.CharField(max_length=500, blank=True)
    # Payouts of a client whose KYC file is not approved are refused (kyc.services.check_payouts_allowed).
    # Off by default: clients onboarded before KYC existed keep paying out until staff turn it on.
    payouts_require_kyc = models.BooleanField(default=False)
    updated_at = models.DateTimeField(auto_now=True)
    updated_by_id = models.BigIntegerField(null=True, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=models.Q(pk=SETTINGS_PK), name="platform_settings_one_row"),
            models.CheckConstraint(
                condition=models.Q(max_payout_amount__gt=0) | models.Q(max_payout_amount__isnull=True),
                name="platform_settings_max_payout_positive",
            ),
            models.CheckConstraint(
                condition=models.Q(max_daily_payouts_per_client__gt=0)
                | models.Q(max_daily_payouts_per_client__isnull=True),
                name="platform_settings_daily_positive",
            ),
            models.CheckConstraint(
                condition=models.Q(night_pix_person_limit__gte=0)
                | models.Q(night_pix_person_limit__isnull=True),
                name="platform_settings_night_non_negative",
            ),
        ]

    def __str__(self) -> str:
        return "platform settings"
