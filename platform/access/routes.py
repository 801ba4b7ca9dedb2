"""The route table: every sidebar entry of the product specification (section 2), with what unlocks it.

This is the ONE place that says who sees what. `/api/auth/me` serves the visible entries (the frontend
builds its menu from them) and API endpoints authorize with `access.policy.require_route`, from the
same rows. Rule of section 6: an entry shows if the user's role or modules include a listed
permission, or a listed feature toggle is on. Section 2 also says some entries *need* a feature
toggle (manual and transactional withdraws): those toggles are a gate (`requires`) on top of the rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from accounts.roles import Role

R = Role


@dataclass(frozen=True)
class RouteEntry:
    group: str
    route: str
    permissions: frozenset[str]  # roles or modules; any one unlocks the entry
    toggles: frozenset[str] = frozenset()  # any one on unlocks the entry
    requires: frozenset[str] = frozenset()  # every one must be on (section 2: "needs feature toggle")
    badge: str | None = None


def entry(
    group: str,
    route: str,
    *permissions: str,
    toggles: tuple[str, ...] = (),
    requires: tuple[str, ...] = (),
    badge: str | None = None,
) -> RouteEntry:
    return RouteEntry(group, route, frozenset(permissions), frozenset(toggles), frozenset(requires), badge)


CLIENT_ALL = (R.CLIENT, R.CLIENT_USER, R.CLIENT_USER_ADMIN, R.CLIENT_USER_ANALYST, R.CLIENT_USER_FINANCIAL)
CLIENT_MANAGERS = (R.CLIENT, R.CLIENT_USER_ADMIN)  # section 6: "Client and client_user_admin"
MONEY_OUT = (R.CLIENT, R.CLIENT_USER_ADMIN, R.CLIENT_USER_FINANCIAL)  # "Manual payouts and refunds"
PARTNER_VIEW = (R.PARTNER, R.PARTNER_ADMIN, R.PARTNER_SUPERADMIN, R.PARTNER_ANALYST, R.PARTNER_SUPPORT)
PARTNER_MANAGE = (R.PARTNER, R.PARTNER_ADMIN, R.PARTNER_SUPERADMIN)
# The partner itself sees the by-provider pages too (section 6: "partner pages as listed"; ARCHITECTURE.md,
# "Partner area"): its home is partner-providers/home, the clients at a glance.
PARTNER_PROVIDERS = (R.PARTNER, R.PARTNER_PROVIDERS, R.PARTNER_SUPERADMIN)
DIRECT_DEPOSITS_MODULE = "direct_deposits"

ROUTES: tuple[RouteEntry, ...] = (
    # Customer (section 6: customer only; Depósitos na Chave is the direct_deposits module)
    entry("customer", "home", R.CUSTOMER),
    entry("customer", "atividade", R.CUSTOMER),
    entry("customer", "depositar", R.CUSTOMER),
    entry("customer", "sacar", R.CUSTOMER),
    entry("customer", "contas-bancarias", R.CUSTOMER),
    entry("customer", "clients/direct_deposits", DIRECT_DEPOSITS_MODULE),
    # Client, Relatórios
    entry("client_reports", "clients/home", *CLIENT_ALL),
    entry("client_reports", "clients/metrics", *CLIENT_MANAGERS),
    entry("client_reports", "clients/consolidation", *CLIENT_MANAGERS),
    entry("client_reports", "clients/provider-banks", R.CLIENT),
    entry("client_reports", "client/wallet-withdraws", *CLIENT_MANAGERS),
    entry("client_reports", "client/kyc", *CLIENT_MANAGERS),
    # Client, Financeiro
    entry("client_finance", "clients/payments", *CLIENT_ALL),
    entry("client_finance", "clients/withdraws", *CLIENT_ALL),
    entry("client_finance", "clients/manual-withdraws", *MONEY_OUT, requires=("manual_withdraws",)),
    entry(
        "client_finance", "clients/transactional-withdraws", *MONEY_OUT, requires=("transactional_withdraws",)
    ),
    entry("client_finance", "clients/refunds", *MONEY_OUT),
    # The client's MED cases, read only (issue 14; the spec names no route): whoever sees the deposits.
    entry("client_finance", "clients/meds", *CLIENT_ALL),
    # Gerais (employee tools and the client's own administration)
    entry("general", "employee/transactions", R.EMPLOYEE),
    entry("general", "employee/payout-requests", R.EMPLOYEE),
    entry("general", "clients/client-user", *CLIENT_MANAGERS),
    entry("general", "clients/config", *CLIENT_MANAGERS),
    entry("general", "employee/restrictions", R.EMPLOYEE),
    entry("general", "employee/valid-restrictions", R.EMPLOYEE),
    entry("general", "client/logs", *CLIENT_MANAGERS),
    entry("general", "client/crm", *CLIENT_MANAGERS),
    entry("general", "employee/direct_deposits", R.EMPLOYEE),
    entry("general", "employee/meds", R.EMPLOYEE),
    entry("general", "client/credentials", *CLIENT_MANAGERS),
    entry("general", "clients/webhooks", *CLIENT_MANAGERS),  # webhooks to merchants (issue 17)
    # Admin (section 6: all admin sections)
    entry("admin_home", "admin/home", R.ADMIN),
    entry("admin_home", "employee/transactions", R.ADMIN),
    entry("admin_home", "employee/direct_deposits", R.ADMIN),
    entry("admin_home", "admin/reports", R.ADMIN),
    entry("admin_home", "admin/customers-alert", R.ADMIN),
    entry("admin_home", "admin/overall", R.ADMIN),
    entry("admin_home", "admin/invoices", R.ADMIN),
    entry("admin_home", "admin/volume", R.ADMIN),
    entry("admin_home", "admin/payout-requests", R.ADMIN),
    entry("admin_banks", "admin/deposits-banks", R.ADMIN),
    entry("admin_banks", "admin/withdraws-banks", R.ADMIN),
    # Batch files (section 2, "Batch files"; the spec shows no route): CNAB 240 remittances of payouts
    # and the banks' returns, beside the withdraw banks.
    entry("admin_banks", "admin/batch-files", R.ADMIN),
    entry("admin_kyc", "admin/compliance", R.ADMIN, badge="compliance_count"),
    entry("admin_kyc", "admin/restrictions", R.ADMIN),
    entry("admin_kyc", "admin/customers-kyc", R.ADMIN),
    entry("admin_kyc", "admin/customers-metrics", R.ADMIN),
    entry("admin_fees", "admin/fee-rates", R.ADMIN),
    entry("admin_fees", "admin/statements", R.ADMIN),
    entry("admin_fees", "admin/wallet-withdraws", R.ADMIN),
    entry("admin_clients", "admin/clients-balance", R.ADMIN),
    entry("admin_clients", "admin/clients", R.ADMIN),
    entry("admin_clients", "admin/employees", R.ADMIN),
    entry("admin_config", "admin/partners", R.ADMIN),
    entry("admin_config", "financial/statements", R.ADMIN, R.FINANCIAL),
    entry("admin_config", "employee/kyc-phones-emails", R.ADMIN),
    entry("admin_config", "client/kyc-consult", R.ADMIN),
    entry("admin_config", "admin/config", R.ADMIN),
    # The platform's own trail, and a client's (scope selector): "staff see the platform trail the
    # same way" (issue 15); the spec names no staff route, so the client's route, in the admin group.
    entry("admin_config", "client/logs", R.ADMIN),
    # Partner
    entry("partner", "partner-providers/home", *PARTNER_PROVIDERS),
    entry("partner", "partner/balance", *PARTNER_VIEW),
    entry("partner", "partner/deposits", *PARTNER_VIEW),
    entry("partner", "partner-providers/deposits", *PARTNER_PROVIDERS),
    entry("partner", "partner/withdraws", *PARTNER_VIEW),
    entry("partner", "partner/users", *PARTNER_MANAGE),
    entry("partner", "client/kyc-consult", *PARTNER_VIEW),
    # The platform roles of section 2's logo rule, with a home of their own (ARCHITECTURE.md, "Access"):
    # the company follows the money across clients; hms keeps watch over the machinery.
    entry("company", "company/atividade", R.COMPANY),
    entry("operations", "hms", R.HMS),
    # The horizontal variant's Home (/) and Page 2 (/page2), for admin and editor (section 6): the
    # editor's desk of notices to users (ARCHITECTURE.md, "Access"). Home is route "" (/plataforma/).
    entry("horizontal", "", R.ADMIN, R.EDITOR),
    entry("horizontal", "page2", R.ADMIN, R.EDITOR),
)

GROUP_ORDER = (
    "customer",
    "client_reports",
    "client_finance",
    "general",
    "admin_home",
    "admin_banks",
    "admin_kyc",
    "admin_fees",
    "admin_clients",
    "admin_config",
    "partner",
    "company",
    "operations",
    "horizontal",
)

# Reachable by every signed-in user whatever the table says (user menu).
ALWAYS_ALLOWED = frozenset({"user/profile", "pages/profile"})
