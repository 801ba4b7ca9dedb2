"""Demo data for every role: idempotent (a second run changes nothing)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from django.conf import settings
from django.db import transaction

from accounts import grants, second_factor
from accounts.models import Membership, User
from accounts.roles import ROLES_BY_KIND, STAFF_ROLES
from gateway import services as gateway
from gateway.models import FeeRate, PluginConfig, PluginKind, ProviderRoute
from ops.demo_kyc import seed_kyc
from tenants import services as tenant_services
from tenants.models import Tenant, TenantKind

DEMO_PASSWORD = "cofre-demo"  # noqa: S105  (documented demo credential, local data only)
# The authenticator secret of the demo staff (admin, employee, financial: roles that require a second
# factor), printed by `make run` and written in README: any TOTP app or library computes the code.
DEMO_TOTP_SECRET = "COFREDEMOTOTPSECRETFORSTAFFONLY2"  # noqa: S105  (documented demo credential)

DEMO_TENANTS = (
    # slug, name, kind, modules, feature toggles, currencies
    (
        "acme",
        "Acme Pagamentos Ltda",
        TenantKind.CLIENT,
        ("direct_deposits",),
        ("manual_withdraws", "transactional_withdraws"),
        ("BRL", "USD"),
    ),
    ("beta", "Beta Comércio S.A.", TenantKind.CLIENT, (), (), ("BRL",)),
    ("orbita", "Órbita Parceiros", TenantKind.PARTNER, (), (), ("BRL",)),
)
BETA_OWNER = "owner@beta.demo.test"
DEMO_ROLE_TENANT: dict[str, str] = {
    TenantKind.PLATFORM: "public",
    TenantKind.CLIENT: "acme",
    TenantKind.PARTNER: "orbita",
}


@dataclass
class SeedReport:
    created: list[str] = field(default_factory=list)
    logins: list[tuple[str, str, str]] = field(default_factory=list)  # (role, e-mail, host)


def demo_email(role: str) -> str:
    return f"{role}@demo.test"


def host_of(tenant: Tenant) -> str:
    if tenant.kind == TenantKind.PLATFORM:
        return settings.BASE_DOMAIN
    return tenant_services.tenant_host(tenant.slug)


def seed_demo() -> SeedReport:
    report = SeedReport()
    platform = tenant_services.ensure_platform()
    tenants = {"public": platform}
    for slug, name, kind, modules, toggles, currencies in DEMO_TENANTS:
        tenant = Tenant.objects.filter(slug=slug).first()
        if tenant is None:
            tenant = tenant_services.create_tenant(
                slug=slug,
                name=name,
                kind=kind,
                modules=modules,
                feature_toggles=toggles,
                currencies=currencies,
            )
            report.created.append(f"tenant {slug}")
        tenants[slug] = tenant
    for client_slug in ("acme", "beta"):
        tenant_services.link_partner(tenants["orbita"], tenants[client_slug])

    with transaction.atomic():
        for role_kind, roles in ROLES_BY_KIND.items():
            tenant = tenants[DEMO_ROLE_TENANT[role_kind]]
            for role in roles:
                email = demo_email(role)
                user = User.objects.filter(email=email).first()
                if user is None:
                    user = User.objects.create_user(
                        email, DEMO_PASSWORD, name=f"Demo {role.replace('_', ' ')}"
                    )
                    report.created.append(f"user {email}")
                _, made = Membership.objects.get_or_create(user=user, tenant=tenant, defaults={"role": role})
                if made:
                    report.created.append(f"membership {email}@{tenant.slug}")
                if role in STAFF_ROLES and second_factor.enrol_known_secret(user, DEMO_TOTP_SECRET):
                    report.created.append(f"authenticator {email}")
                report.logins.append((role, email, host_of(tenant)))
        # beta has its own owner, so cross-tenant checks have someone on the other side.
        owner = User.objects.filter(email=BETA_OWNER).first()
        if owner is None:
            owner = User.objects.create_user(BETA_OWNER, DEMO_PASSWORD, name="Beta owner")
            report.created.append(f"user {BETA_OWNER}")
        Membership.objects.get_or_create(user=owner, tenant=tenants["beta"], defaults={"role": "client"})
        report.logins.append(("client", BETA_OWNER, host_of(tenants["beta"])))
        seed_gateway_defaults(report)
        # Object grants: the partner's users over its clients; the demo employee over acme.
        grants.sync_partner_grants(tenants["orbita"])
        employee = User.objects.get(email=demo_email("employee"))
        grants.grant_employee(employee, tenants["acme"])
    seed_money_out(report, tenants["acme"])
    report.created.extend(seed_kyc(tenants))
    seed_company_profile(report, tenants["acme"])
    return report


# acme's company profile (clients/config): what its boletos and receipts name.
DEMO_ACME_PROFILE: dict[str, object] = {
    "legal_name": "Acme Pagamentos Ltda",
    "trade_name": "Acme",
    "cnpj": "11222333000181",
    "phone": "1134567890",
    "street": "Avenida Paulista",
    "number": "1000",
    "complement": "Conjunto 101",
    "neighborhood": "Bela Vista",
    "city": "São Paulo",
    "state": "SP",
    "zipcode": "01310100",
    "notification_emails": ["financeiro@acme.example.com"],
    "payout_approval_threshold": None,
}


def seed_company_profile(report: SeedReport, acme: Tenant) -> None:
    """acme's company profile, once (a profile its owner changed is left alone)."""
    from django_tenants.utils import schema_context

    from company.models import SETTINGS_PK, CompanySettings

    with schema_context(acme.schema_name):
        _, made = CompanySettings.objects.get_or_create(pk=SETTINGS_PK, defaults=DEMO_ACME_PROFILE)
    if made:
        report.created.append("company profile acme")


# Money out: payouts of acme up to R$ 500,00 are approved at once, larger ones wait for review.
DEMO_AUTO_APPROVE_UP_TO = 50_000
# acme's own payout fees (method, currency, basis points, fixed centavos): R$ 1,50 per PIX payout.
DEMO_ACME_PAYOUT_FEES = (("payout_pix", "BRL", 0, 150),)


def seed_money_out(report: SeedReport, acme: Tenant) -> None:
    """A company bank account and a customer's own account in acme, and acme's compliance rule."""
    from django_tenants.utils import schema_context

    from bank_accounts.models import BankAccount, OwnerKind
    from compliance.models import ComplianceRule
    from core.ids import new_public_id

    _, made = ComplianceRule.objects.get_or_create(
        tenant=acme, currency="BRL", defaults={"auto_approve_up_to": DEMO_AUTO_APPROVE_UP_TO}
    )
    if made:
        report.created.append("compliance rule acme/BRL")
    for method, currency, bp, fixed in DEMO_ACME_PAYOUT_FEES:
        _, made = FeeRate.objects.get_or_create(
            tenant=acme, method=method, currency=currency, defaults={"percent_bp": bp, "fixed": fixed}
        )
        if made:
            report.created.append(f"fee {method}/{currency}@acme")
    customer = User.objects.get(email=demo_email("customer"))
    accounts = (
        (OwnerKind.COMPANY, None, "Acme Pagamentos Ltda", "11222333000181", "00000000", "001",
         "BCO DO BRASIL S.A.", "1234", "3", "567890", "0", "checking", "11222333000181", "cnpj"),
        (OwnerKind.CUSTOMER, customer.pk, "Demo Customer", "52998224725", "18236120", "260",
         "NU PAGAMENTOS - IP", "0001", "", "1234567", "8", "payment", "52998224725", "cpf"),
    )  # fmt: skip
    with schema_context(acme.schema_name):
        for (owner_kind, owner_id, name, document, ispb, compe, bank, agency, agency_digit, account,
             digit, account_type, pix_key, pix_type) in accounts:  # fmt: skip
            if BankAccount.objects.filter(owner_kind=owner_kind, holder_document=document).exists():
                continue
            BankAccount.objects.create(
                public_id=new_public_id("bac"), owner_kind=owner_kind, owner_user_id=owner_id,
                holder_name=name, holder_document=document, bank_ispb=ispb, bank_compe=compe,
                bank_name=bank, agency=agency, agency_digit=agency_digit, account=account,
                account_digit=digit, account_type=account_type, pix_key=pix_key, pix_key_type=pix_type,
            )  # fmt: skip
            report.created.append(f"bank account {name}@acme")


# Platform default fee rates (basis points, fixed centavos) for the demo.
DEMO_FEE_RATES = (
    ("pix", "BRL", 99, 0),
    ("billet", "BRL", 0, 250),
    ("card", "BRL", 399, 39),
    ("card", "USD", 450, 30),
    ("wire", "BRL", 0, 100),
)


def seed_gateway_defaults(report: SeedReport) -> None:
    """The sandbox bank as every method's provider (with a webhook secret of its own) and fee rates."""
    if not PluginConfig.objects.filter(
        tenant__isnull=True, kind=PluginKind.PROVIDER, code="sandbox_bank"
    ).exists():
        gateway.set_plugin_config(
            PluginKind.PROVIDER,
            "sandbox_bank",
            None,
            enabled=True,
            values={"webhook_secret": secrets.token_urlsafe(32), "confirm_delay_seconds": 3},
        )
        report.created.append("sandbox bank configuration")
    # Platform defaults of the methods that need an account of the platform's at the bank.
    method_defaults = {
        "pix": {"pix_key": "0f5d3a6e-1c2b-4d8e-9a7f-3b6c5d4e2a10"},
        "wire": {"bank_compe": "001", "agency": "1234", "account": "567890", "account_digit": "1",
                 "account_type": "checking", "holder_name": "Cofre Pagamentos",
                 "holder_document": "11222333000181"},
    }  # fmt: skip
    for method, values in method_defaults.items():
        if not PluginConfig.objects.filter(tenant__isnull=True, kind=PluginKind.METHOD, code=method).exists():
            gateway.set_plugin_config(PluginKind.METHOD, method, None, enabled=True, values=values)
            report.created.append(f"{method} configuration")
    for method in ("billet", "pix", "card", "wire"):
        if not ProviderRoute.objects.filter(tenant__isnull=True, method=method).exists():
            gateway.set_route(None, method, "sandbox_bank")
            report.created.append(f"route {method}")
    for method, currency, bp, fixed in DEMO_FEE_RATES:
        _, made = FeeRate.objects.get_or_create(
            tenant=None, method=method, currency=currency, defaults={"percent_bp": bp, "fixed": fixed}
        )
        if made:
            report.created.append(f"fee {method}/{currency}")
