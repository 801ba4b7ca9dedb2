"""Demo money for `make run` (`manage.py seed_demo --money`): deposits, refunds and payouts of acme
and a few deposits of beta, so the money screens of a fresh install are not empty.

Everything goes through the real services, as the API, the sandbox bank and the worker would drive
them: `create_deposit`; card tokens from the sandbox bank's tokenization endpoint, as a checkout page
gets them (`POST /sandbox-bank/tokens`); the sandbox bank's signed webhooks, which its test mode
(`POST /sandbox-bank/webhooks/release`) sends at once and the seed delivers to Cofre's webhook
endpoint (`/api/webhooks/sandbox_bank`, signature checked, inbox), both through Django's in-process
HTTP client (no web server runs yet, and the seed is one transaction); settlement with
`transition_deposit` (what `settle_due` does); refunds with `create_refund` and `submit_refund`;
payouts with `create_payout`, `approve_payout` / `reject_payout` and `submit_payout`. The ledger is
only ever written by those services. The services stamp everything "now", so each step is then
dated in the past (the last ~60 days): the record's own dates, its timeline, its public index row
and its name-search tokens. Ledger entries and the audit trail keep the real time of the seed (they
are immutable / append-only). A deposit whose settlement date (computed from its backdated
confirmation) has come is settled; the others stay confirmed and the clock settles them on the day.

acme also gets a PIX key and one direct deposit on it (clients/direct_deposits, employee/direct_deposits).

Idempotent: a tenant that already has deposits or payouts is left alone, so a second run adds
nothing. Never part of the test session's seed (tests expect the demo tenants without money).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from typing import Any, TypeVar
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.test import Client
from django.utils import timezone
from django_tenants.utils import get_public_schema_name, schema_context

from accounts.models import Membership
from bank_accounts.models import BankAccount, OwnerKind
from bank_accounts.services import BeneficiaryInput
from brazil.documents import cnpj_check_digits, cpf_check_digits
from direct_deposits import services as direct_deposits
from gateway.models import TransactionIndex
from ledger import services as ledger
from ops.customers import rebuild_contacts, rebuild_customers, seed_demo_customer
from ops.demo import BETA_OWNER, demo_email
from ops.demo_webhooks import seed_demo_webhook
from payments import receipts as payment_receipts
from payments import services as payments
from payments import settlement
from payments import settlements as payment_settlements
from payments.models import Deposit, DepositEvent, DepositNameToken, DepositStatus
from payouts import services as payouts
from payouts.models import Payout, PayoutEvent, PayoutKind, PayoutStatus
from plugin_api import Payer
from refunds import services as refunds
from refunds.models import Refund
from statements import services as statements
from stats import rollups as stats_rollups
from tenants import services as tenant_services
from tenants.models import PartnerTerms, Tenant

T = TypeVar("T")
S = PayoutStatus
APPROVED_CARD = "4111111111111111"
DECLINED_CARD = "4000000000000002"  # the sandbox bank's test card that is always declined
PIX_EXPIRES_IN = 3600  # the PIX plugin's default: a PIX charge is payable for an hour
WAITING_PIX_EXPIRES_IN = 3 * 24 * 3600  # the open PIX charges of the demo stay payable for days


def _cpf(base: str) -> str:
    return base + cpf_check_digits(base)


def _cnpj(base: str) -> str:
    return base + cnpj_check_digits(base)


# name, document, e-mail, street, number, neighbourhood, city, state, zipcode
_PAYER_ROWS = (
    ("João da Silva", "52998224725", "joao.silva@example.com", "Rua das Flores", "100", "Centro",
     "São Paulo", "SP", "01001000"),
    ("Maria Oliveira Santos", _cpf("123456789"), "maria.santos@example.com", "Avenida Paulista",
     "1578", "Bela Vista", "São Paulo", "SP", "01310200"),
    ("José Pereira Lima", _cpf("987654321"), "jose.lima@example.com", "Rua XV de Novembro", "250",
     "Centro", "Curitiba", "PR", "80020310"),
    ("Ana Luíza Costa", _cpf("111444777"), "ana.costa@example.com", "Rua da Bahia", "1148",
     "Lourdes", "Belo Horizonte", "MG", "30160011"),
    ("Padaria Pão Quente Ltda", _cnpj("123456780001"), "compras@paoquente.example.com",
     "Rua Augusta", "2200", "Cerqueira César", "São Paulo", "SP", "01412100"),
    ("Carlos Eduardo Rocha", _cpf("321654987"), "carlos.rocha@example.com", "Avenida Atlântica",
     "3200", "Copacabana", "Rio de Janeiro", "RJ", "22070000"),
    ("Fernanda Gonçalves", _cpf("456123789"), "fernanda.goncalves@example.com", "Rua Chile", "8",
     "Centro Histórico", "Salvador", "BA", "40020000"),
    ("Lúcia Almeida Ribeiro", _cpf("741852963"), "lucia.ribeiro@example.com", "Rua dos Andradas",
     "1001", "Centro Histórico", "Porto Alegre", "RS", "90020007"),
    ("Oficina Mecânica Irmãos Souza ME", _cnpj("987654320001"), "contato@irmaossouza.example.com",
     "Avenida Brasil", "4500", "Bonsucesso", "Rio de Janeiro", "RJ", "21040361"),
    ("Paulo Henrique Souza", _cpf("852963741"), "paulo.souza@example.com", "Rua Sete de Setembro",
     "77", "Centro", "Florianópolis", "SC", "88010060"),
    ("Northwind Trading LLC", _cnpj("112223330001"), "billing@northwind.example.com",
     "Avenida Brigadeiro Faria Lima", "3477", "Itaim Bibi", "São Paulo", "SP", "04538133"),
    ("Beatriz Martins", _cpf("159753486"), "beatriz.martins@example.com", "Rua Oscar Freire", "379",
     "Jardins", "São Paulo", "SP", "01426001"),
)  # fmt: skip
_PAYER_FIELDS = ("name", "document", "email", "street", "number", "neighborhood", "city", "state", "zipcode")
PAYERS: tuple[Payer, ...] = tuple(Payer(**dict(zip(_PAYER_FIELDS, row, strict=True))) for row in _PAYER_ROWS)


@dataclass(frozen=True)
class DepositPlan:
    """One demo deposit. `outcome`: confirm (settled once its settlement date has come), waiting,
    canceled or expired. Billets are due a few days after today whatever their age (a boleto paid
    early); the barcode encodes that date, so it is never moved."""

    days_ago: int
    hour: int  # local time of creation
    method: str
    amount: int  # centavos
    outcome: str = "confirm"
    currency: str = "BRL"
    payer: int = 0
    creator: str = "client"  # the demo role that creates it


ACME_DEPOSITS: tuple[DepositPlan, ...] = (
    DepositPlan(59, 10, "pix", 45_000, payer=0),
    DepositPlan(58, 14, "billet", 129_900, payer=1),
    DepositPlan(56, 9, "card", 89_990, payer=2),
    DepositPlan(55, 16, "wire", 120_000, payer=4),
    DepositPlan(53, 11, "card", 19_900, currency="USD", payer=10),
    DepositPlan(52, 15, "pix", 12_990, payer=3),
    DepositPlan(50, 13, "pix", 35_000, "expired", payer=5),
    DepositPlan(49, 10, "card", 54_900, payer=6),
    DepositPlan(47, 17, "pix", 15_000, payer=7),  # refunded in full (ACME_REFUNDS)
    DepositPlan(45, 12, "billet", 32_000, payer=9),  # refunded in part (ACME_REFUNDS)
    DepositPlan(44, 9, "pix", 8_990, payer=11, creator="client_user"),
    DepositPlan(42, 14, "wire", 120_000, payer=8),
    DepositPlan(40, 19, "card", 12_000, "canceled", payer=1),  # declined card
    DepositPlan(38, 11, "pix", 27_500, payer=2),
    DepositPlan(36, 15, "billet", 58_000, payer=4),
    DepositPlan(34, 10, "card", 45_000, currency="USD", payer=10),
    DepositPlan(33, 16, "pix", 19_990, payer=0, creator="client_user"),
    DepositPlan(31, 9, "billet", 22_000, "canceled", payer=5),  # refused by the bank
    DepositPlan(29, 13, "pix", 64_000, payer=8),
    DepositPlan(27, 10, "wire", 160_000, payer=4),
    DepositPlan(25, 15, "card", 79_900, payer=3),
    DepositPlan(23, 18, "pix", 9_900, payer=7),
    DepositPlan(21, 11, "billet", 41_000, payer=6),
    DepositPlan(19, 14, "pix", 22_500, "expired", payer=9),
    DepositPlan(17, 12, "card", 9_900, currency="USD", payer=10, creator="client_user"),
    DepositPlan(15, 9, "pix", 37_000, payer=11),
    DepositPlan(13, 16, "wire", 85_000, payer=8),
    DepositPlan(11, 10, "card", 15_900, payer=0),
    DepositPlan(9, 13, "pix", 11_000, payer=1, creator="client_user"),
    DepositPlan(7, 15, "billet", 66_000, payer=2),
    DepositPlan(5, 11, "pix", 14_500, payer=3),
    DepositPlan(4, 17, "card", 29_900, payer=5),
    DepositPlan(3, 10, "pix", 5_000, "canceled", payer=6),  # refused by the bank
    DepositPlan(2, 14, "billet", 38_000, payer=7),
    DepositPlan(1, 9, "billet", 27_000, "waiting", payer=9),
    DepositPlan(1, 16, "pix", 19_900, "waiting", payer=11, creator="client_user"),
    DepositPlan(0, 8, "billet", 150_000, "waiting", payer=4),
    DepositPlan(0, 9, "pix", 7_500, "waiting", payer=0),
)
BETA_DEPOSITS: tuple[DepositPlan, ...] = (
    DepositPlan(40, 10, "pix", 120_000, payer=1),
    DepositPlan(22, 15, "billet", 89_000, payer=5),
    DepositPlan(12, 11, "pix", 34_500, payer=7),
    DepositPlan(8, 14, "wire", 210_000, payer=4),
    DepositPlan(3, 16, "card", 49_900, payer=11),
    DepositPlan(1, 10, "pix", 15_000, "waiting", payer=3),
)


@dataclass(frozen=True)
class RefundPlan:
    deposit: int  # index in ACME_DEPOSITS
    amount: int  # None of them above the deposit's amount
    days_after: int  # after the deposit's confirmation
    reason: str


ACME_REFUNDS: tuple[RefundPlan, ...] = (
    RefundPlan(8, 15_000, 7, "Cliente desistiu da compra"),  # full: the deposit ends refunded
    RefundPlan(9, 8_000, 15, "Item do pedido fora de estoque"),  # partial
)


@dataclass(frozen=True)
class PayoutPlan:
    """One demo payout. `to`: "company" (acme's registered account) or an inline beneficiary.
    `review`: "auto" (up to acme's auto-approval limit), "approve" / "reject" by admin, or "" (left
    waiting in the compliance queue). `paid`: sent to the bank and confirmed by its webhook."""

    key: str  # its Idempotency-Key
    days_ago: int
    hour: int
    amount: int
    method: str
    creator: str
    review: str
    kind: str = PayoutKind.STANDARD
    beneficiary: BeneficiaryInput | None = None
    description: str = ""
    reason: str = ""
    paid: bool = False


SUPPLIER = BeneficiaryInput(
    holder_name="Papelaria Central Ltda", holder_document=_cnpj("445556660001"),
    pix_key="financeiro@papelariacentral.example.com", pix_key_type="email",
)  # fmt: skip
FREELANCER = BeneficiaryInput(
    holder_name="Marcos Vinícius Prado", holder_document=_cpf("246813579"),
    pix_key="marcos.prado@example.com", pix_key_type="email",
)  # fmt: skip
ACME_PAYOUTS: tuple[PayoutPlan, ...] = (
    PayoutPlan("demo-payout-supplier", 20, 11, 35_000, "pix", "client", "auto", beneficiary=SUPPLIER,
               description="Material de escritório", paid=True),
    PayoutPlan("demo-payout-company-ted", 10, 15, 180_000, "ted", "client", "approve",
               description="Transferência para a conta da empresa", paid=True),
    PayoutPlan("demo-payout-rejected", 6, 10, 90_000, "pix", "client", "reject", beneficiary=FREELANCER,
               description="Serviços de design", reason="Beneficiário sem vínculo comprovado com o cliente"),
    PayoutPlan("demo-wallet-withdraw", 3, 14, 200_000, "pix", "client", "approve", kind=PayoutKind.WALLET,
               description="Saque da carteira", paid=True),
    PayoutPlan("demo-payout-waiting", 0, 0, 125_000, "pix", "client_user", "",
               description="Pagamento de fornecedores"),
)  # fmt: skip


@dataclass
class MoneyReport:
    created: dict[str, dict[str, int]] = field(default_factory=dict)  # tenant -> {"deposits": n, ...}
    skipped: list[str] = field(default_factory=list)  # tenants that already had money

    @property
    def changed(self) -> bool:
        return bool(self.created)


DEMO_COMMISSION_BP = 2_000  # orbita's share of its clients' fees: 20%


def seed_demo_money() -> MoneyReport:
    """Deposits, refunds and payouts of acme and deposits of beta, once (see the module docstring).
    Runs after `ops.demo.seed_demo` (it needs the demo tenants, users, fee rates and bank accounts)."""
    report = MoneyReport()
    with transaction.atomic():
        clock = _Clock(timezone.now())
        platform = tenant_services.ensure_platform()
        admin = _membership(demo_email("admin"), platform)
        # acme's demo webhook endpoint first, so its money's events are delivered to the demo receiver
        seed_demo_webhook(Tenant.objects.get(slug="acme"))
        # orbita (the demo partner of acme and beta) earns 20% of their fees, so the money below
        # credits its commission account (admin/statements); a rate an admin already set is kept.
        PartnerTerms.objects.get_or_create(
            partner=Tenant.objects.get(slug="orbita"), defaults={"commission_bp": DEMO_COMMISSION_BP}
        )
        for slug, plans in (("acme", ACME_DEPOSITS), ("beta", BETA_DEPOSITS)):
            tenant = Tenant.objects.get(slug=slug)
            with schema_context(tenant.schema_name):
                if Deposit.objects.exists() or Payout.objects.exists():
                    report.skipped.append(slug)
                    continue
                seeder = _Seeder(tenant, clock)
                deposits = [seeder.deposit(plan, f"Pedido {n}") for n, plan in enumerate(plans, start=4101)]
                counts = {"deposits": len(deposits)}
                if slug == "acme":
                    for refund in ACME_REFUNDS:
                        seeder.refund(refund, deposits[refund.deposit])
                    for payout in ACME_PAYOUTS:
                        seeder.payout(payout, admin)
                    seeder.direct_deposit()
                    counts |= {"refunds": len(ACME_REFUNDS), "payouts": len(ACME_PAYOUTS), "direct": 1}
                    financial = _membership(demo_email("financial"), platform)
                    counts["adjustments"] = _seed_adjustments(admin, financial)
                report.created[slug] = counts
                # the same for settlements: grouped by the days the seed dated them at
                payment_settlements.regroup(tenant)
                # and the receipts' codes, from the dates and figures the seed gave its records
                payment_receipts.backfill(tenant)
            # The seed dates its records in the past after the services counted them today: recount.
            stats_rollups.rebuild(tenant)
            rebuild_customers(tenant)  # the same for its customers' first, last and last-paid dates
            rebuild_contacts(tenant)  # and for when its e-mails and phones were seen
            if slug == "acme":
                seed_demo_customer(tenant, PAYERS[0].document, demo_email("client"))
        if report.changed:
            invariants = ledger.check_invariants()
            if not invariants.ok:  # never leave broken books behind: roll everything back
                raise RuntimeError(f"demo money broke the ledger invariants: {invariants}")
    return report


# External credits and debits of acme (admin/statements, and the home's external figures): proposed by
# the demo admin, confirmed by the demo financial staff member (maker-checker), dated today.
DEMO_ADJUSTMENTS = (
    ("credit", 15_000, "Bonificação comercial de novembro"),
    ("debit", 2_500, "Tarifa de manutenção cobrada à parte"),
)


def _seed_adjustments(maker: Membership, checker: Membership) -> int:
    for direction, amount, reason in DEMO_ADJUSTMENTS:
        proposed = statements.propose(
            maker, client="acme", direction=direction, amount=amount, currency="BRL", reason=reason
        )
        statements.confirm(checker, proposed.public_id)
    return len(DEMO_ADJUSTMENTS)


def _membership(email: str, tenant: Tenant) -> Membership:
    return Membership.objects.select_related("user", "tenant").get(
        user__email=email, tenant=tenant, is_active=True
    )


class _Clock:
    """The seed's "now", and the past moments its records are dated at (always before now)."""

    def __init__(self, now: datetime) -> None:
        self.now = now
        self.today = timezone.localdate(now)
        self.latest = now - timedelta(minutes=1)

    def at(self, days_ago: int, hour: int, minute: int = 0) -> datetime:
        moment = timezone.make_aware(
            datetime.combine(self.today - timedelta(days=days_ago), time(hour, minute))
        )
        return self.clamp(moment)

    def clamp(self, moment: datetime) -> datetime:
        return min(moment, self.latest)

    def start_of(self, day: date, hour: int = 0, minute: int = 10) -> datetime:
        return timezone.make_aware(datetime.combine(day, time(hour, minute)))


# How long after its creation the bank confirms a charge, by method (a card is authorized at once).
CONFIRMED_AFTER = {
    "pix": timedelta(minutes=4),
    "billet": timedelta(hours=20),
    "card": timedelta(0),
    "wire": timedelta(hours=2),
}
ENDED_AFTER = {"expired": timedelta(seconds=PIX_EXPIRES_IN), "canceled": timedelta(hours=2)}


class _Seeder:
    """Drives one tenant's records through the services, then dates each step in the past. Runs in the
    tenant's schema."""

    def __init__(self, tenant: Tenant, clock: _Clock) -> None:
        self.tenant = tenant
        self.clock = clock
        self.members: dict[str, Membership] = {}
        self.card_tokens: dict[str, str] = {}
        self.http = _Http()

    def member(self, role: str) -> Membership:
        if role not in self.members:
            email = BETA_OWNER if self.tenant.slug == "beta" else demo_email(role)
            self.members[role] = _membership(email, self.tenant)
        return self.members[role]

    def card_token(self, number: str) -> str:
        """What a checkout page gets from the bank for a card (the number never reaches Cofre)."""
        if number not in self.card_tokens:
            card = {"number": number, "exp_month": 12, "exp_year": self.clock.today.year + 3,
                    "cvv": "123", "holder": "Demo Payer"}  # fmt: skip
            self.card_tokens[number] = str(self.http.post_json(SANDBOX_TOKENS, card)["token"])
        return self.card_tokens[number]

    # ------------------------------------------------------------------------------ deposits
    def deposit(self, plan: DepositPlan, description: str) -> Deposit:
        created = self.clock.at(plan.days_ago, plan.hour, minute=(plan.amount // 100) % 60)
        scenario = {"waiting": "never", "canceled": "fail", "expired": "expire"}.get(plan.outcome, "confirm")
        card = plan.method == "card"
        data = payments.DepositInput(
            method=plan.method,
            amount=plan.amount,
            currency=plan.currency,
            payer=PAYERS[plan.payer],
            description=description,
            due_date=self.clock.today + timedelta(days=5) if plan.method == "billet" else None,
            expires_in_seconds=(
                (WAITING_PIX_EXPIRES_IN if plan.outcome == "waiting" else PIX_EXPIRES_IN)
                if plan.method == "pix"
                else None
            ),
            card_token=(
                self.card_token(DECLINED_CARD if plan.outcome == "canceled" else APPROVED_CARD)
                if card
                else ""
            ),
            extra={} if card else {"sandbox_scenario": scenario},
        )
        deposit = payments.create_deposit(self.member(plan.creator), data)  # a card is decided here
        self._date_deposit_created(deposit, created)
        if plan.outcome == "waiting":
            self._expect(deposit, DepositStatus.WAITING)
            return deposit
        if plan.outcome in ENDED_AFTER:
            ended = self.clock.clamp(created + (timedelta(0) if card else ENDED_AFTER[plan.outcome]))
            self._stamp_events(deposit, ended, lambda: self._webhooks(deposit.public_id))
            return self._expect(deposit, plan.outcome)
        confirmed = self.clock.clamp(created + CONFIRMED_AFTER[plan.method])
        self._stamp_events(deposit, confirmed, lambda: self._webhooks(deposit.public_id))
        return self._settle_if_due(deposit, confirmed)

    def _settle_if_due(self, deposit: Deposit, confirmed: datetime) -> Deposit:
        """Date a confirmed deposit's confirmation; settle it as the clock would when its day has come."""
        settle_on = settlement.settle_on(deposit.method, confirmed)
        Deposit.objects.filter(pk=deposit.pk).update(
            confirmed_at=confirmed, settle_on=settle_on, updated_at=confirmed
        )
        deposit = self._expect(deposit, DepositStatus.CONFIRMED)
        if settle_on > self.clock.today:
            return deposit  # the clock's settle_due settles it on its day
        # What payments.services.settle_due does on the settlement date.
        settled = self.clock.clamp(max(confirmed + timedelta(minutes=1), self.clock.start_of(settle_on)))
        self._stamp_events(
            deposit,
            settled,
            lambda: payments.transition_deposit(
                deposit, DepositStatus.PAID_TO_CLIENT, source="job", note="settlement"
            ),
        )
        Deposit.objects.filter(pk=deposit.pk).update(settled_at=settled, updated_at=settled)
        return self._expect(deposit, DepositStatus.PAID_TO_CLIENT)

    def _date_deposit_created(self, deposit: Deposit, created: datetime) -> None:
        shift = created - deposit.created_at
        Deposit.objects.filter(pk=deposit.pk).update(
            created_at=created,
            updated_at=created,
            # A PIX charge keeps its validity window (the BR Code does not carry the expiry).
            expires_at=deposit.expires_at + shift if deposit.expires_at else None,
        )
        _stamp_new(DepositEvent.objects.filter(deposit_id=deposit.pk), self.clock, created)
        TransactionIndex.objects.filter(public_id=deposit.public_id).update(created_at=created)
        # The name-search tokens carry the deposit's created_at (in their key): write them again.
        DepositNameToken.objects.filter(deposit_id=deposit.pk).delete()
        deposit.created_at = created
        payments.index_name(deposit)

    def _stamp_events(self, deposit: Deposit, when: datetime, action: Callable[[], T]) -> T:
        result = action()
        _stamp_new(DepositEvent.objects.filter(deposit_id=deposit.pk), self.clock, when)
        return result

    def _webhooks(self, reference: str) -> list[str]:
        """The sandbox bank's webhooks for `reference`, sent now by its test mode (applied to the bank's
        own books and signed) and delivered to the URL each names: Cofre's webhook endpoint, which
        checks the signature and applies each event once (the inbox)."""
        outcomes: list[str] = []
        for webhook in self.http.post_json(SANDBOX_RELEASE, {"reference": reference})["webhooks"]:
            headers = {k: v for k, v in webhook["headers"].items() if k.lower() != "content-type"}
            answer = self.http.post(urlsplit(webhook["url"]).path, webhook["body"].encode(), headers)
            outcomes.extend(answer["outcomes"])
        return outcomes

    def direct_deposit(self) -> Deposit:
        """acme's PIX key (an e-mail key) and a payment someone sent to it with no charge: registered as
        the client would (direct_deposits.services), the money sent through the sandbox bank's test mode
        (`POST /sandbox-bank/pix-credits`) and its webhook delivered like every other."""
        key = direct_deposits.add_pix_key(self.member("client"), "email", DEMO_PIX_KEY)
        sent = self.http.post_json(
            SANDBOX_PIX_CREDITS,
            {
                "key": key.key,
                "amount": 35_000,
                "payer_name": "Joana Prado Ribeiro",
                "payer_document": "39053344705",
            },
        )
        if self._webhooks(sent["end_to_end_id"]) != ["applied"]:
            raise RuntimeError("demo: the direct deposit was not applied")
        deposit = Deposit.objects.get(direct=True, provider_reference=sent["end_to_end_id"])
        created = self.clock.at(1, 9, 12)
        self._date_deposit_created(deposit, created)  # its confirmation came with it: the same moment
        return self._settle_if_due(deposit, created)

    def _expect(self, deposit: Deposit, status: str) -> Deposit:
        fresh = Deposit.objects.get(pk=deposit.pk)
        if fresh.status != status:
            raise RuntimeError(f"demo deposit {fresh.public_id}: {fresh.status}, expected {status}")
        return fresh

    # ------------------------------------------------------------------------------- refunds
    def refund(self, plan: RefundPlan, deposit: Deposit) -> Refund:
        deposit = Deposit.objects.get(pk=deposit.pk)
        assert deposit.confirmed_at is not None
        requested = self.clock.clamp(deposit.confirmed_at + timedelta(days=plan.days_after, hours=2))
        refund = self._stamp_events(
            deposit,
            requested,
            lambda: refunds.create_refund(
                self.member("client"), deposit, refunds.RefundInput(plan.amount, plan.reason)
            ),
        )
        Refund.objects.filter(pk=refund.pk).update(created_at=requested, updated_at=requested)
        TransactionIndex.objects.filter(public_id=refund.public_id).update(created_at=requested)
        confirmed = self.clock.clamp(requested + timedelta(minutes=3))

        def at_the_bank() -> None:  # the submit_refund actor, then the bank's webhook
            refunds.submit_refund(refund.pk)
            self._webhooks(refund.public_id)

        self._stamp_events(deposit, confirmed, at_the_bank)
        Refund.objects.filter(pk=refund.pk).update(
            last_attempt_at=requested, confirmed_at=confirmed, updated_at=confirmed
        )
        fresh = Refund.objects.get(pk=refund.pk)
        if fresh.status != "confirmed":
            raise RuntimeError(f"demo refund {fresh.public_id}: {fresh.status}, expected confirmed")
        return fresh

    # ------------------------------------------------------------------------------- payouts
    def payout(self, plan: PayoutPlan, admin: Membership) -> Payout:
        created = (
            self.clock.clamp(self.clock.now - timedelta(hours=1))
            if plan.days_ago == 0
            else self.clock.at(plan.days_ago, plan.hour)
        )
        company = BankAccount.objects.filter(owner_kind=OwnerKind.COMPANY, is_active=True).order_by("pk")
        data = payouts.PayoutInput(
            amount=plan.amount,
            currency="BRL",
            method=plan.method,
            kind=plan.kind,
            bank_account_id="" if plan.beneficiary else company.values_list("public_id", flat=True)[0],
            beneficiary=plan.beneficiary,
            description=plan.description,
        )
        payout, _ = payouts.create_payout(self.member(plan.creator), data, idempotency_key=plan.key)
        fields: dict[str, datetime] = {"created_at": created}
        if payout.status == S.APPROVED:
            fields["approved_at"] = created
        self._date_payout(payout, created, fields)
        TransactionIndex.objects.filter(public_id=payout.public_id).update(created_at=created)
        reviewed = self.clock.clamp(created + timedelta(hours=3))
        if plan.review == "approve":
            payouts.approve_payout(admin, payout, note="Conferido com o extrato do cliente")
            self._date_payout(payout, reviewed, {"approved_at": reviewed})
        elif plan.review == "reject":
            payouts.reject_payout(admin, payout, plan.reason)
            self._date_payout(payout, reviewed, {"finished_at": reviewed})
        if plan.paid:
            decided = reviewed if plan.review in ("approve", "reject") else created
            submitted = self.clock.clamp(decided + timedelta(minutes=1))
            payouts.submit_payout(payout.pk)  # the submit_payout actor's body: the bank accepts it
            self._date_payout(payout, submitted, {"submitted_at": submitted, "last_attempt_at": submitted})
            confirmed = self.clock.clamp(submitted + timedelta(minutes=2))
            self._webhooks(payout.public_id)  # the bank's confirmation (a wallet withdraw: paid to client)
            done = {"confirmed_at": confirmed}
            if plan.kind == PayoutKind.WALLET:
                done["finished_at"] = confirmed
            self._date_payout(payout, confirmed, done)
        reviewed_to = {"auto": S.APPROVED, "approve": S.APPROVED, "reject": S.REJECTED, "": S.WAITING}
        expected = reviewed_to[plan.review]
        if plan.paid:
            expected = S.PAID_TO_CLIENT if plan.kind == PayoutKind.WALLET else S.CONFIRMED
        fresh = Payout.objects.get(pk=payout.pk)
        if fresh.status != expected:
            raise RuntimeError(f"demo payout {fresh.public_id}: {fresh.status}, expected {expected}")
        return fresh

    def _date_payout(self, payout: Payout, when: datetime, fields: dict[str, datetime]) -> None:
        Payout.objects.filter(pk=payout.pk).update(**fields, updated_at=when)
        _stamp_new(PayoutEvent.objects.filter(payout_id=payout.pk), self.clock, when)


SANDBOX_TOKENS = "/sandbox-bank/tokens"  # the bank's tokenization endpoint (a checkout page calls it)
SANDBOX_RELEASE = "/sandbox-bank/webhooks/release"  # the bank's test mode: send the webhooks now
SANDBOX_PIX_CREDITS = "/sandbox-bank/pix-credits"  # the bank's test mode: someone pays a PIX key
DEMO_PIX_KEY = "pix@acme.demo.test"


class _Http:
    """HTTP to the platform's host through Django's in-process client: the same process, connection and
    transaction as the seed (nothing else can see its rows before it commits)."""

    def __init__(self) -> None:
        self.client = Client(HTTP_HOST=settings.BASE_DOMAIN)

    def post_json(self, path: str, payload: dict[str, object]) -> dict[str, Any]:
        return self.post(path, json.dumps(payload).encode(), {})

    def post(self, path: str, body: bytes, headers: dict[str, str]) -> dict[str, Any]:
        # The tenant middleware moves the connection to the host's schema: put it back afterwards.
        with schema_context(get_public_schema_name()):
            response = self.client.post(path, body, content_type="application/json", headers=headers)
        if response.status_code >= 300:
            raise RuntimeError(f"demo: POST {path} answered {response.status_code}: {response.content!r}")
        answer: dict[str, Any] = response.json()
        return answer


def _stamp_new(events: QuerySet[DepositEvent] | QuerySet[PayoutEvent], clock: _Clock, when: datetime) -> None:
    """Date the timeline events the services just wrote (stamped now, after the seed began) at `when`;
    those of earlier steps are in the past already. Same moment: the timeline keeps their id order."""
    events.filter(at__gte=clock.now).update(at=when)
