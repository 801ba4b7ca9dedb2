"""/api/auth/me serves exactly the menu entries section 6 gives each demo role.

The expected lists are written here from the specification (sections 2 and 6), not read from the
route table, so a wrong row in the table fails this test.
"""

from __future__ import annotations

import pytest

from tests.support.http import ApiClient
from tests.support.personas import PERSONAS

pytestmark = pytest.mark.django_db

CLIENT_COMMON = [
    "clients/direct_deposits",
    "clients/home",
    "clients/payments",
    "clients/withdraws",
    "clients/meds",
]
# acme has the direct_deposits module and both withdraw toggles on (demo data).
MANAGER = [
    "clients/direct_deposits",
    "clients/home",
    "clients/metrics",
    "clients/consolidation",
    "client/wallet-withdraws",
    "client/kyc",
    "clients/payments",
    "clients/withdraws",
    "clients/manual-withdraws",
    "clients/transactional-withdraws",
    "clients/refunds",
    "clients/meds",
    "clients/client-user",
    "clients/config",
    "client/logs",
    "client/crm",
    "client/credentials",
    "clients/webhooks",
]
ADMIN = [
    "admin/home",
    "employee/transactions",
    "employee/direct_deposits",
    "admin/reports",
    "admin/customers-alert",
    "admin/overall",
    "admin/invoices",
    "admin/volume",
    "admin/payout-requests",
    "admin/deposits-banks",
    "admin/withdraws-banks",
    "admin/batch-files",
    "admin/compliance",
    "admin/restrictions",
    "admin/customers-kyc",
    "admin/customers-metrics",
    "admin/fee-rates",
    "admin/statements",
    "admin/wallet-withdraws",
    "admin/clients-balance",
    "admin/clients",
    "admin/employees",
    "admin/partners",
    "financial/statements",
    "employee/kyc-phones-emails",
    "client/kyc-consult",
    "admin/config",
    "client/logs",  # the platform's audit trail (and a client's, by scope): issue 15
    "",  # the horizontal variant's Home (/plataforma/) and Page 2, for admin and editor
    "page2",
]
PARTNER_VIEW = ["partner/balance", "partner/deposits", "partner/withdraws", "client/kyc-consult"]

EXPECTED: dict[str, list[str]] = {
    "admin": ADMIN,
    "employee": [
        "employee/transactions",
        "employee/payout-requests",
        "employee/restrictions",
        "employee/valid-restrictions",
        "employee/direct_deposits",
        "employee/meds",
    ],
    "financial": ["financial/statements"],
    "company": ["company/atividade"],
    "hms": ["hms"],
    "editor": ["", "page2"],
    "client": [*MANAGER[:4], "clients/provider-banks", *MANAGER[4:]],
    "client_user_admin": MANAGER,
    "client_user": CLIENT_COMMON,
    "client_user_analyst": CLIENT_COMMON,
    "client_user_financial": [
        "clients/direct_deposits",
        "clients/home",
        "clients/payments",
        "clients/withdraws",
        "clients/manual-withdraws",
        "clients/transactional-withdraws",
        "clients/refunds",
        "clients/meds",
    ],
    "customer": ["home", "atividade", "depositar", "sacar", "contas-bancarias", "clients/direct_deposits"],
    # The partner sees the by-provider pages too (ARCHITECTURE.md, "Partner area").
    "partner": [
        "partner-providers/home",
        "partner/balance",
        "partner/deposits",
        "partner-providers/deposits",
        "partner/withdraws",
        "partner/users",
        "client/kyc-consult",
    ],
    "partner_admin": [
        "partner/balance",
        "partner/deposits",
        "partner/withdraws",
        "partner/users",
        "client/kyc-consult",
    ],
    "partner_superadmin": [
        "partner-providers/home",
        "partner/balance",
        "partner/deposits",
        "partner-providers/deposits",
        "partner/withdraws",
        "partner/users",
        "client/kyc-consult",
    ],
    "partner_support": PARTNER_VIEW,
    "partner_analyst": PARTNER_VIEW,
    "partner_providers": ["partner-providers/home", "partner-providers/deposits"],
}

LOGO = {"company": "company/atividade", "client": "clients/home", "admin": "admin/home", "hms": "hms/"}


def test_every_role_has_an_expectation() -> None:
    assert {role for role, _ in PERSONAS} == set(EXPECTED)


@pytest.mark.parametrize(("role", "slug"), PERSONAS)
def test_me_serves_the_menu_of_the_role(role: str, slug: str) -> None:
    client = ApiClient(slug)
    client.login_as(role)
    me = client.get("/api/auth/me").json()
    assert [entry["route"] for entry in me["menu"]] == EXPECTED[role]
    # The logo and "Início" link to the user's own home: the route of section 2 when the menu has it,
    # else the first entry (never "home/", a customer route, for an employee or a partner).
    own = LOGO.get(role, "home/")
    in_menu = not EXPECTED[role] or own.strip("/") in EXPECTED[role]
    assert me["home"] == (own if in_menu else EXPECTED[role][0])
    assert not EXPECTED[role] or me["home"].strip("/") in EXPECTED[role]


def test_only_the_admin_compliance_entry_carries_the_badge() -> None:
    client = ApiClient("public")
    client.login_as("admin")
    badges = [(e["route"], e["badge"]) for e in client.get("/api/auth/me").json()["menu"] if e["badge"]]
    assert badges == [("admin/compliance", "compliance_count")]


def test_turning_a_toggle_off_hides_the_entries_that_need_it() -> None:
    from tenants.models import Tenant

    Tenant.objects.filter(slug="acme").update(feature_toggles=["transactional_withdraws"], modules=[])
    client = ApiClient("acme")
    client.login_as("client")
    routes = [e["route"] for e in client.get("/api/auth/me").json()["menu"]]
    assert "clients/manual-withdraws" not in routes
    assert "clients/transactional-withdraws" in routes
    assert "clients/direct_deposits" not in routes
