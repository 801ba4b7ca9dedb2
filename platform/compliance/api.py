"""Compliance rules: /api/admin/compliance-rules (per-client auto-approval thresholds of payouts)."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from typing import Any

from django.http import HttpRequest
from ninja import Router

from access.guard import membership_of, requires_route
from access.scoped import access_tenant_by_slug, visible_tenants
from accounts import second_factor
from compliance import services as compliance
from compliance.schemas import ComplianceRuleIn, ComplianceRuleOut

compliance_rules_router = Router(tags=["payouts"])

COMPLIANCE_ROUTES = ("admin/compliance",)


# ------------------------------------------------------------------------- compliance rules
@compliance_rules_router.get("", response=list[ComplianceRuleOut], summary="Auto-approval rules")
@requires_route(*COMPLIANCE_ROUTES)
def list_compliance_rules(request: HttpRequest) -> list[dict[str, Any]]:
    rules = compliance.rules_for(visible_tenants(membership_of(request)))
    return [rule_out(rule) for rule in rules]


@compliance_rules_router.put(
    "/{slug}", response=ComplianceRuleOut, summary="Set a client's auto-approval threshold"
)
@requires_route(*COMPLIANCE_ROUTES, write=True)
def set_compliance_rule(request: HttpRequest, slug: str, payload: ComplianceRuleIn) -> dict[str, Any]:
    second_factor.require_step_up(request)
    membership = membership_of(request)
    tenant = access_tenant_by_slug(membership, slug, perm="change_tenant")
    return rule_out(compliance.set_rule(membership, tenant, payload.currency, payload.auto_approve_up_to))


def rule_out(rule: Any) -> dict[str, Any]:
    return {
        "client": {"slug": rule.tenant.slug, "name": rule.tenant.name},
        "currency": rule.currency,
        "auto_approve_up_to": rule.auto_approve_up_to,
        "updated_at": rule.updated_at,
    }
