"""Compliance rules: read the auto-approval threshold of a client; staff set it."""

from __future__ import annotations

from django.db import transaction
from django.db.models import QuerySet

from accounts.models import Membership
from audit import services as audit
from compliance.models import ComplianceRule
from core.errors import AppError
from tenants.models import Tenant, TenantKind


def auto_approve_limit(tenant: Tenant, currency: str) -> int | None:
    """The threshold in centavos (None: no rule, every payout waits for review)."""
    rule = ComplianceRule.objects.filter(tenant=tenant, currency=currency).first()
    return rule.auto_approve_up_to if rule is not None else None


def rules_for(tenants: QuerySet[Tenant]) -> QuerySet[ComplianceRule]:
    return (
        ComplianceRule.objects.filter(tenant__in=tenants)
        .select_related("tenant")
        .order_by("tenant__slug", "currency")
    )


def set_rule(
    membership: Membership, tenant: Tenant, currency: str, auto_approve_up_to: int
) -> ComplianceRule:
    if tenant.kind != TenantKind.CLIENT:
        raise AppError("invalid_input", fields={"slug": "not_a_client"})
    if currency not in tenant.currencies:
        raise AppError("invalid_input", fields={"currency": "currency_not_enabled"})
    if auto_approve_up_to < 0:
        raise AppError("invalid_input", fields={"auto_approve_up_to": "must_not_be_negative"})
    with transaction.atomic():
        previous = ComplianceRule.objects.select_for_update().filter(tenant=tenant, currency=currency).first()
        before = previous.auto_approve_up_to if previous is not None else None
        rule, _ = ComplianceRule.objects.update_or_create(
            tenant=tenant,
            currency=currency,
            defaults={"auto_approve_up_to": auto_approve_up_to, "updated_by_id": membership.user_id},
        )
        audit.record(
            "compliance_rule.set",
            actor=membership.user,
            target=tenant,
            data={
                "currency": currency,
                "auto_approve_up_to": auto_approve_up_to,
                "before": {"auto_approve_up_to": before},
                "after": {"auto_approve_up_to": auto_approve_up_to},
            },
        )
    return rule
