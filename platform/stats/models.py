"""Roll-ups of deposits and payouts, in the public schema: one row per tenant, kind, currency, São
Paulo day of creation, method and CURRENT status, with count, amount and fee (integer centavos).

Written only by `stats.rollups.count_change` (called by `payments.records.record_change`, in the
transaction of the change) and rebuilt from the source rows by `stats.rollups.rebuild`.
"""

from __future__ import annotations

from django.db import models

from tenants.models import Tenant


class Rollup(models.Model):
    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="+", db_index=False)
    kind = models.CharField(max_length=10)  # deposit | payout
    currency = models.CharField(max_length=3)
    day = models.DateField()  # the São Paulo day the record was created on
    method = models.CharField(max_length=40)
    status = models.CharField(max_length=20)  # the record's current status
    count = models.BigIntegerField(default=0)
    amount = models.BigIntegerField(default=0)
    fee = models.BigIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=("tenant", "kind", "currency", "day", "method", "status"), name="stats_rollup_key"
            )
        ]
        # Questions across clients (staff): one kind and currency over a range of days.
        indexes = [models.Index(fields=("kind", "currency", "day"), name="stats_rollup_day_idx")]

    def __str__(self) -> str:
        return f"{self.tenant_id}:{self.kind}:{self.currency}:{self.day}:{self.method}:{self.status}"


class MonthlyRollup(models.Model):
    """The daily roll-ups summed per São Paulo month (`month` is its first day), written with them in
    the same statement (`stats.rollups.upsert`) and rebuilt with them: questions across many clients
    over whole months (a partner's home: 200 clients' month in a few thousand rows, not one row per
    client, day, method and status) read these."""

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="+", db_index=False)
    kind = models.CharField(max_length=10)
    currency = models.CharField(max_length=3)
    month = models.DateField()  # the first day of the São Paulo month the record was created in
    method = models.CharField(max_length=40)
    status = models.CharField(max_length=20)
    count = models.BigIntegerField(default=0)
    amount = models.BigIntegerField(default=0)
    fee = models.BigIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=("tenant", "currency", "month", "kind", "method", "status"), name="stats_monthly_key"
            )
        ]
        # A month of many clients in one currency (the partner home), read from the index alone and
        # already in (tenant, kind, status) order for the GROUP BY.
        indexes = [
            models.Index(
                fields=("currency", "month", "tenant", "kind", "status"),
                include=("count", "amount", "fee"),
                name="stats_monthly_month_idx",
            )
        ]

    def __str__(self) -> str:
        return f"{self.tenant_id}:{self.kind}:{self.currency}:{self.month}:{self.method}:{self.status}"


class PlatformRollup(models.Model):
    """The daily roll-ups of every client summed per kind, currency, São Paulo day and status (no
    tenant, no method): what staff who see every client ask across all of them (the admin home) in a
    few hundred rows a year, whatever the number of clients. Written by the one writer in the same
    statement as the client's own rows (`stats.rollups.upsert`, client tenants only), adjusted by the
    difference a `rebuild` makes; `rollups.rebuild_platform` recounts it from the daily rows.

    Its rows are shared by every client, as the platform's ledger accounts are: written last in a
    change's transaction, in a fixed order (held briefly, no deadlock between two changes)."""

    kind = models.CharField(max_length=10)
    currency = models.CharField(max_length=3)
    day = models.DateField()
    status = models.CharField(max_length=20)
    count = models.BigIntegerField(default=0)
    amount = models.BigIntegerField(default=0)
    fee = models.BigIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=("currency", "day", "kind", "status"), name="stats_platform_key")
        ]

    def __str__(self) -> str:
        return f"{self.kind}:{self.currency}:{self.day}:{self.status}"
