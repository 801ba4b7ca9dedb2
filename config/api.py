"""The one NinjaAPI under /api; a router per app."""

from __future__ import annotations

from typing import Any

from ninja.openapi.schema import OpenAPISchema

from accounts_api.audit_events import router as audit_events_router
from accounts_api.auth import router as auth_router
from accounts_api.members import router as members_router
from accounts_api.notices import router as notices_router
from accounts_api.notifications import router as notifications_router
from accounts_api.security import router as security_router
from backoffice.api import admin_router, transactions_router
from backoffice.api import router as tenants_router
from backoffice.customers_metrics import router as customers_metrics_router
from backoffice.operations_api import router as operations_router
from backoffice.partner_api import router as partner_router
from backoffice.payments_admin import router as payments_admin_router
from backoffice.staff_api import router as staff_admin_router
from bank_accounts.api import bank_accounts_router, banks_router
from batch_files.api import router as batch_files_router
from company.api import router as company_router
from compliance.api import compliance_rules_router
from config.api_examples import add_request_examples
from core import api_errors
from core.api import router as health_router
from core.api_types import ObjectBodyParser
from core.renderer import JSONRenderer
from core.security import session_auth
from credentials.api import router as credentials_router
from credentials.auth import api_key_bearer, api_key_header
from customers.api import kyc_router as kyc_consult_router
from customers.api import router as customers_router
from direct_deposits.api import deposits_router as direct_deposits_router
from direct_deposits.api import keys_router as pix_keys_router
from direct_deposits.api import staff_router as staff_direct_deposits_router
from exports.api import router as exports_router
from gateway.api import webhook_router
from kyc.api import admin_router as kyc_admin_router
from kyc.api import router as kyc_router
from med.api import router as med_router
from payments.api import balance_router, receipts_router, settlements_router
from payments.api import router as deposits_router
from payout_imports.api import admin_router as admin_payout_imports_router
from payout_imports.api import router as payout_imports_router
from payouts.api import admin_router as admin_payouts_router
from payouts.api import router as payouts_router
from payouts.wallet_api import wallet_router
from platform_settings.api import router as platform_settings_router
from platform_settings.api import status_router as platform_status_router
from refunds.api import deposit_refunds_router, refunds_router
from restrictions.api import alerts_router
from restrictions.api import router as restrictions_router
from statements.api import balances_router
from statements.api import router as statements_router
from stats.api import router as stats_router
from stats.invoices_api import invoices_router
from webhooks.api import deliveries_router as webhook_deliveries_router
from webhooks.api import endpoints_router as webhook_endpoints_router


class CofreAPI(api_errors.ErrorDocumentingAPI):
    """The API whose document carries request examples of the merchant create calls (api_examples)."""

    def get_openapi_schema(
        self, *, path_prefix: str | None = None, path_params: dict[str, Any] | None = None
    ) -> OpenAPISchema:
        schema = super().get_openapi_schema(path_prefix=path_prefix, path_params=path_params)
        add_request_examples(schema)
        return schema


api = CofreAPI(
    title="Cofre API",
    version="1.0.0",
    description=(
        "Payments back-office API. Amounts are integer centavos with an ISO currency. "
        "Integrations authenticate with an API key (client/credentials) on their tenant's host: "
        "`Authorization: Bearer cofre_<prefix>_<secret>` or `X-Api-Key`; the dashboard uses its session "
        "cookie and a CSRF token. Operations marked with SessionAuth only never accept a key. "
        "Every create call (POST that makes a record) takes an `Idempotency-Key` header: optional, "
        "required on payouts; printable ASCII, at most 100 characters, one per create operation and "
        "tenant. The same key with the same body answers the first result again (nothing is created "
        "twice, also when both calls arrive at once); with another body, 409 `idempotency_conflict`. "
        "Errors answer "
        "`{code, message, fields?}` (message in the request's Accept-Language, pt-BR or en); the codes "
        "an integration handles are listed in the README's 'API for integrations'."
    ),
    urls_namespace="api",
    # Every operation needs an API key (tried first: a key request carries no cookie, so no CSRF) or a
    # session (CSRF on unsafe methods), unless it says auth=None or auth=session_auth (session only).
    auth=[api_key_bearer, api_key_header, session_auth],
    renderer=JSONRenderer(),
    parser=ObjectBodyParser(),  # every body is a JSON object
)
api_errors.install(api)
api.add_router("/health", health_router)
api.add_router("/auth", auth_router)
api.add_router("/auth/security", security_router)
api.add_router("/members", members_router)
api.add_router("/tenants", tenants_router)
api.add_router("/admin", admin_router)
api.add_router("/admin", payments_admin_router)
api.add_router("/admin", staff_admin_router)
api.add_router("/notifications", notifications_router)
api.add_router("/deposits", deposits_router)
api.add_router("/balance", balance_router)
api.add_router("/settlements", settlements_router)
api.add_router("/receipts", receipts_router)
api.add_router("/webhooks", webhook_router)
api.add_router("/transactions", transactions_router)
api.add_router("/banks", banks_router)
api.add_router("/bank-accounts", bank_accounts_router)
api.add_router("/payouts", payouts_router)
api.add_router("/wallet", wallet_router)
api.add_router("/payout-imports", payout_imports_router)
api.add_router("/batch-files", batch_files_router)
api.add_router("/admin/payout-imports", admin_payout_imports_router)
api.add_router("/admin/payouts", admin_payouts_router)
api.add_router("/admin/compliance-rules", compliance_rules_router)
api.add_router("/restrictions", restrictions_router)
api.add_router("/alerts", alerts_router)
api.add_router("/med-cases", med_router)
api.add_router("/kyc", kyc_router)
api.add_router("/admin/kyc", kyc_admin_router)
api.add_router("/deposits", deposit_refunds_router)  # /api/deposits/{id}/refunds
api.add_router("/refunds", refunds_router)
api.add_router("/credentials", credentials_router)
api.add_router("/customers", customers_router)
api.add_router("/kyc", kyc_consult_router)  # /api/kyc/consult/{document}, /api/kyc/contacts
api.add_router("/customers-metrics", customers_metrics_router)
api.add_router("/stats", stats_router)
api.add_router("/admin/invoices", invoices_router)
api.add_router("/statements", statements_router)
api.add_router("/admin/balances", balances_router)
api.add_router("/webhook-endpoints", webhook_endpoints_router)
api.add_router("/webhook-deliveries", webhook_deliveries_router)
api.add_router("/exports", exports_router)
api.add_router("/partner", partner_router)
api.add_router("/operations", operations_router)
api.add_router("/notices", notices_router)
api.add_router("/audit-events", audit_events_router)
api.add_router("/admin/platform-settings", platform_settings_router)
api.add_router("/platform-status", platform_status_router)
api.add_router("/pix-keys", pix_keys_router)
api.add_router("/direct-deposits", direct_deposits_router)
api.add_router("/admin/direct-deposits", staff_direct_deposits_router)
api.add_router("/company", company_router)
