"""Per-client auto-approval rules (public schema): a payout at or below the threshold is approved
when it is created (approver "auto"); above it, it waits in the compliance queue."""

from __future__ import annotations

from django.db import models

from tenants.models import Tenant


class ComplianceRule(models.Model):
    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="+")
    currency = models.CharField(max_length=3)
    auto_approve_up_to = models.BigIntegerField(default=0)  # centavos; 0 = every payout is reviewed
    updated_by_id = models.BigIntegerField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=("tenant", "currency"), name="uniq_compliance_rule"),
            models.CheckConstraint(
                condition=models.Q(auto_approve_up_to__gte=0), name="compliance_rule_non_negative"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tenant_id}/{self.currency} <= {self.auto_approve_up_to}"
