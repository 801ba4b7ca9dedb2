"""Every operation of the API, enumerated from the NinjaAPI itself (a new route is covered automatically)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from access.guard import may_write
from access.policy import Principal, route_allowed
from config.api import api
from ops.demo import DEMO_TENANTS

# A valid body for every operation that takes one (validation runs before the guard, so the 403 and
# 404 checks need a body that would be accepted). A new operation with a body must add one here.
BODIES: dict[tuple[str, str], dict[str, Any]] = {
    ("PATCH", "/api/auth/profile"): {"name": "Someone"},
    ("POST", "/api/batch-files/remittances"): {"provider": "sandbox_bank"},
    ("POST", "/api/batch-files/{batch_id}/simulated-returns"): {"outcome": "all_paid"},
    ("POST", "/api/auth/password"): {"current_password": "x", "new_password": "y"},
    ("POST", "/api/members"): {
        "email": "new.member@x.test",
        "role": "client_user",
        "password": "a-long-pass-123",
    },
    ("PATCH", "/api/members/{member_id}"): {"is_active": True},
    ("POST", "/api/admin/tenants"): {
        "slug": "newco",
        "name": "New Co",
        "kind": "client",
        "owner_email": "o@x.test",
    },
    ("PATCH", "/api/admin/tenants/{slug}"): {"name": "Renamed"},
    ("POST", "/api/admin/partners/{slug}/clients"): {"client": "acme"},
    ("POST", "/api/admin/employees/{user_id}/clients"): {"client": "acme"},
    ("PATCH", "/api/admin/partners/{slug}"): {"commission_bp": 1500},
    ("POST", "/api/partner/clients"): {"slug": "newco", "name": "New Co", "owner_email": "o@x.test"},
    ("POST", "/api/partner/clients/{slug}/suspend"): {"reason": "chargebacks"},
    ("POST", "/api/partner/clients/{slug}/reactivate"): {"reason": "cleared"},
    ("PATCH", "/api/partner/clients/{slug}"): {"modules": []},
    ("PUT", "/api/partner/clients/{slug}/fee-rates"): {
        "method": "pix",
        "currency": "BRL",
        "percent_bp": 9_000,
        "fixed": 0,
    },
    ("PUT", "/api/admin/partners/{slug}/fee-floors"): {
        "method": "pix",
        "currency": "BRL",
        "percent_bp": 100,
        "fixed": 0,
    },
    ("PUT", "/api/admin/plugins/{kind}/{code}"): {"enabled": True},
    ("PUT", "/api/admin/routes"): {"method": "pix", "provider": "sandbox_bank"},
    ("PUT", "/api/admin/fee-rates"): {"method": "pix", "currency": "BRL", "percent_bp": 99, "fixed": 0},
    ("POST", "/api/deposits"): {
        "method": "pix",
        "amount": 1000,
        "currency": "BRL",
        "payer": {"name": "Ana Souza", "document": "52998224725"},
    },
    ("POST", "/api/notices"): {
        "message_pt_br": "Aviso de teste",
        "message_en": "Test notice",
        "audience": "clients",
    },
    ("POST", "/api/wallet/deposits"): {
        "method": "pix",
        "amount": 1000,
        "currency": "BRL",
        "payer": {"name": "Ana Souza", "document": "52998224725"},
    },
    ("POST", "/api/pix-keys"): {"key_type": "evp", "key": ""},
    ("POST", "/api/bank-accounts"): {
        "holder_name": "Ana Souza",
        "holder_document": "52998224725",
        "bank_compe": "001",
        "agency": "1234",
        "account": "567890",
        "account_digit": "0",
        "account_type": "checking",
    },
    ("POST", "/api/payouts"): {
        "amount": 1000,
        "currency": "BRL",
        "method": "pix",
        "beneficiary": {
            "holder_name": "Ana Souza",
            "holder_document": "52998224725",
            "pix_key": "52998224725",
        },
    },
    ("POST", "/api/payouts/{payout_id}/cancel"): {"reason": ""},
    ("POST", "/api/payouts/{payout_id}/approve"): {"note": ""},
    ("POST", "/api/payouts/{payout_id}/reject"): {"reason": "Missing documents"},
    ("POST", "/api/admin/payouts"): {
        "client": "acme",
        "amount": 1000,
        "currency": "BRL",
        "method": "ted",
        "bank_account_id": "bac_00000000000000000000",
    },
    ("PUT", "/api/admin/compliance-rules/{slug}"): {"currency": "BRL", "auto_approve_up_to": 0},
    ("PUT", "/api/admin/platform-settings"): {
        "max_payout_amount": None,
        "max_daily_payouts_per_client": None,
        "night_pix_person_limit": None,
        "night_starts_at": "20:00",
        "night_ends_at": "06:00",
        "ted_opens_at": None,
        "ted_cutoff_at": None,
        "maintenance_banner": "",
    },
    ("POST", "/api/deposits/{deposit_id}/refunds"): {"amount": 100, "reason": "Customer asked"},
    ("POST", "/api/credentials/keys"): {"name": "ERP integration"},
    ("POST", "/api/credentials/keys/{key_id}/rotate"): {"overlap_hours": 24},
    ("POST", "/api/restrictions"): {
        "kind": "document",
        "value": "52998224725",
        "scope": "platform",
        "reason": "Isolation suite",
    },
    ("POST", "/api/restrictions/{restriction_id}/reject"): {"reason": "Isolation suite"},
    ("POST", "/api/statements/adjustments"): {
        "client": "acme",
        "direction": "credit",
        "amount": 100,
        "currency": "BRL",
        "reason": "Isolation suite",
    },
    ("POST", "/api/statements/adjustments/{adjustment_id}/reject"): {"reason": "Isolation suite"},
    ("POST", "/api/restrictions/{restriction_id}/revoke"): {"reason": "Isolation suite"},
    ("POST", "/api/med-cases/{case_id}/accept"): {"justification": "Isolation suite: fraud confirmed"},
    ("POST", "/api/med-cases/{case_id}/reject"): {"justification": "Isolation suite: no fraud found"},
    ("PUT", "/api/kyc"): {"legal_name": "Isolation Ltda", "people": []},
    ("POST", "/api/kyc/submit"): {},
    ("POST", "/api/admin/kyc/{client}/start-review"): {},
    ("POST", "/api/admin/kyc/{client}/approve"): {},
    ("POST", "/api/admin/kyc/{client}/reject"): {"reason": "Isolation suite: documents missing"},
    ("POST", "/api/admin/kyc/{client}/review-date"): {"review_due_on": "2030-01-01"},
    ("POST", "/api/admin/kyc/{client}/reopen"): {"reason": "Isolation suite: periodic review"},
    ("POST", "/api/customers/{document}/notes"): {"text": "Isolation suite"},
    ("PUT", "/api/customers/{document}/tags"): {"tags": ["isolation"]},
    ("POST", "/api/alerts/{alert_id}/acknowledge"): {"note": ""},
    ("POST", "/api/alerts/{alert_id}/resolve"): {"note": "Isolation suite"},
    ("POST", "/api/alerts/{alert_id}/notes"): {"note": "Isolation suite"},
    ("POST", "/api/webhook-endpoints"): {
        "url": "https://93.184.215.14/hooks",
        "events": ["deposit.confirmed"],
    },
    ("PATCH", "/api/webhook-endpoints/{endpoint_id}"): {"active": False},
    ("POST", "/api/webhook-endpoints/{endpoint_id}/rotate-secret"): {"overlap_hours": 24},
    ("POST", "/api/exports"): {"type": "payments", "format": "csv", "filters": {}},
    ("PATCH", "/api/company/settings"): {"trade_name": "Isolation suite"},
    ("POST", "/api/auth/security/totp/disable"): {"code": "000000"},
    ("POST", "/api/auth/security/recovery-codes"): {"code": "000000"},
}


# Operations anyone may call without a session.
PUBLIC = frozenset(
    {
        ("GET", "/api/health"),
        ("GET", "/api/auth/csrf"),
        ("POST", "/api/auth/login"),
        ("POST", "/api/auth/password-reset"),  # a signed-out user who forgot the password
        ("POST", "/api/auth/password-reset/confirm"),  # the e-mailed link's uid and token are the proof
        ("GET", "/api/auth/logout"),
        ("POST", "/api/webhooks/{provider}"),  # providers call it; the plugin verifies the signature
        ("GET", "/api/receipts/verify"),  # anyone holding a printed receipt; throttled per address
        # The login's second step: the pending session (password verified on this host) is the proof;
        # on a signed-in session the same calls are a step-up. Throttled per account and address.
        ("POST", "/api/auth/second-factor"),
        ("POST", "/api/auth/second-factor/passkey-options"),
        ("POST", "/api/auth/second-factor/passkey"),
        # Enrolment: a signed-in user, or a pending login of a role that must enrol before anything else.
        ("POST", "/api/auth/security/totp"),
        ("POST", "/api/auth/security/totp/confirm"),
        ("POST", "/api/auth/security/passkeys/options"),
        ("POST", "/api/auth/security/passkeys"),
    }
)


@dataclass(frozen=True)
class Operation:
    method: str
    path: str  # with {params}
    view: Callable[..., Any]

    @property
    def routes(self) -> tuple[str, ...]:
        return tuple(getattr(self.view, "cofre_routes", ()))

    @property
    def write(self) -> bool:
        return bool(getattr(self.view, "cofre_write", False))

    @property
    def any_member(self) -> bool:
        return bool(getattr(self.view, "cofre_any_member", False))

    @property
    def params(self) -> list[str]:
        return re.findall(r"{(\w+)}", self.path)

    @property
    def tenant_in(self) -> str | None:
        """Where the operation takes a tenant slug besides its path: "query", "body" or None."""
        return TENANT_IN.get(f"{self.method} {self.path}")

    @property
    def is_public(self) -> bool:
        return (self.method, self.path) in PUBLIC

    def url(self, **values: object) -> str:
        path = self.path
        for name in self.params:
            path = path.replace("{" + name + "}", str(values.get(name, "1")))
        return path

    def __str__(self) -> str:
        return f"{self.method} {self.path}"


def _tenant_parameters() -> dict[str, str]:
    """Operations that take a `tenant` slug, from the OpenAPI document: in the query or the body."""
    document = api.get_openapi_schema()
    schemas = document["components"]["schemas"]
    found = {}
    for path, methods in document["paths"].items():
        for method, spec in methods.items():
            if any(p["name"] == "tenant" and p["in"] == "query" for p in spec.get("parameters", [])):
                found[f"{method.upper()} {path}"] = "query"
            body = spec.get("requestBody", {}).get("content", {}).get("application/json", {})
            ref = body.get("schema", {}).get("$ref", "").rsplit("/", 1)[-1]
            if "tenant" in schemas.get(ref, {}).get("properties", {}):
                found[f"{method.upper()} {path}"] = "body"
    return found


TENANT_IN = _tenant_parameters()


def operations() -> list[Operation]:
    found = []
    for prefix, router in api._routers:
        for path, path_view in router.path_operations.items():
            for operation in path_view.operations:
                for method in operation.methods:
                    full = "/api" + (prefix + path).rstrip("/")
                    found.append(Operation(method, re.sub("/+", "/", full), operation.view_func))
    return sorted(found, key=lambda op: (op.path, op.method))


# Modules and toggles of the demo tenants (ops.demo), known before the database exists, so the cases
# are chosen at collection time (no skipped cases).
DEMO_FLAGS = {
    slug: (frozenset(modules), frozenset(toggles)) for slug, _, _, modules, toggles, _ in DEMO_TENANTS
}


def principal(role: str, slug: str) -> Principal:
    modules, toggles = DEMO_FLAGS.get(slug, (frozenset(), frozenset()))
    return Principal(role=role, modules=modules, feature_toggles=toggles)


# Operations a handler narrows to some of its route's roles (the rest get 403).
ROLE_LIMITED = {"/api/partner/clients": frozenset({"partner", "partner_admin", "partner_superadmin"})}


def allowed(op: Operation, role: str, slug: str) -> bool:
    for prefix, roles in ROLE_LIMITED.items():
        if op.path.startswith(prefix) and role not in roles:
            return False
    who = principal(role, slug)
    # As access.guard.check_route: a route the role sees, and may write through when the call writes.
    return any(route_allowed(route, who) and (not op.write or may_write(role, route)) for route in op.routes)


def persona_for(op: Operation) -> tuple[str, str]:
    """Who calls `op` in tests that need it to get past its guard: acme's client where its route (or
    any member) lets them, else the platform admin, else acme's customer (the wallet), else the
    platform's employee (the MED desk), else orbita's partner (the partner area). (role, tenant slug)"""
    if op.path.startswith("/api/partner/clients"):
        return "partner_admin", "orbita"  # the partner's clients: its owner and administrators (issue 16)
    if op.any_member or op.is_public or allowed(op, "client", "acme"):
        return "client", "acme"
    if allowed(op, "admin", "public"):
        return "admin", "public"
    if allowed(op, "customer", "acme"):
        return "customer", "acme"  # a customer's own routes (the wallet)
    if allowed(op, "employee", "public"):
        return "employee", "public"  # an employee's own desk (employee/meds)
    assert allowed(op, "partner", "orbita"), (
        f"{op}: neither client, admin, customer, employee nor partner may call it"
    )
    return "partner", "orbita"
