"""A partner's commission (issue 15): a linked client's fee is split, in the entry that books it,
between the platform's fee revenue and the partner's `partner_commission` account, at the rate in
force then ((fee * commission_bp + 5000) // 10000); an unlinked client or a rate of 0 posts nothing
to the partner; the partner's commission account has a statement with the postings' references.
(The conftest checks the ledger's invariants after every test.)"""

from __future__ import annotations

from typing import Any

import pytest
from django_tenants.utils import schema_context

from gateway.models import FeeRate
from ledger import commission
from ledger.models import AccountKind, JournalEntry, LedgerAccount
from ledger.services import check_invariants
from payments import services as payments
from payments.models import Deposit, DepositStatus
from payouts import services as payouts
from payouts.models import Payout, PayoutStatus
from tenants.models import PartnerClient, PartnerTerms, Tenant
from tests.payouts.helpers import fund
from tests.stats.helpers import new_deposit, owner
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db

FEE = 307  # acme's PIX deposit fee in these tests: R$ 3,07 fixed
COMMISSION_CODE = "platform:partner_commission:orbita:BRL"


def staff(role: str = "admin") -> ApiClient:
    client = ApiClient("public")
    client.login_as(role)
    return client


def set_commission(admin: ApiClient, commission_bp: int) -> None:
    """The rate, through admin/partners' own API (PATCH /api/admin/partners/{slug})."""
    response = admin.patch_json("/api/admin/partners/orbita", {"commission_bp": commission_bp})
    assert response.status_code == 200, response.content
    assert PartnerTerms.objects.get(partner__slug="orbita").commission_bp == commission_bp


@pytest.fixture
def acme() -> Tenant:
    tenant = Tenant.objects.get(slug="acme")
    FeeRate.objects.update_or_create(
        tenant=tenant, method="pix", currency="BRL", defaults={"percent_bp": 0, "fixed": FEE}
    )
    assert PartnerClient.objects.filter(partner__slug="orbita", client=tenant).exists()  # the demo links it
    return tenant


def confirmed_deposit(tenant: Tenant, amount: int = 10_000) -> Deposit:
    with schema_context(tenant.schema_name):
        deposit = new_deposit(owner(tenant), "pix", amount)
        return payments.transition_deposit(deposit, DepositStatus.CONFIRMED, source="provider")


def entry_lines(reference: str, kind: str) -> dict[str, int]:
    """The entry's postings by account code, as signed amounts (debit positive)."""
    entry = JournalEntry.objects.get(reference=reference, kind=kind)
    return {p.account.code: p.amount for p in entry.postings.select_related("account")}


def commission_balance() -> int:
    found = LedgerAccount.objects.filter(code=COMMISSION_CODE).first()
    return found.display_balance if found is not None else 0


def test_the_rounding_rule_is_the_fees_half_up_on_integer_centavos() -> None:
    assert commission.commission_of_fee(307, 2_000) == 61  # 61.4
    assert commission.commission_of_fee(307, 5_000) == 154  # 153.5, half up
    assert commission.commission_of_fee(2, 2_500) == 1  # 0.5, half up
    assert commission.commission_of_fee(1, 2_000) == 0  # 0.2
    assert commission.commission_of_fee(307, 10_000) == 307
    assert commission.commission_of_fee(0, 2_000) == commission.commission_of_fee(307, 0) == 0


def test_a_linked_clients_confirmed_deposit_splits_its_fee_with_the_partner(acme: Tenant) -> None:
    admin = staff()
    set_commission(admin, 2_000)  # 20 %
    deposit = confirmed_deposit(acme)
    assert deposit.fee == FEE
    lines = entry_lines(deposit.public_id, "deposit_confirmed")
    assert lines == {
        f"platform:provider_clearing:{deposit.provider}:BRL": 10_000,
        "tenant:acme:pending:BRL": -(10_000 - FEE),
        "platform:fee_revenue:BRL": -(FEE - 61),  # 246
        COMMISSION_CODE: -61,
    }, lines
    account = LedgerAccount.objects.get(code=COMMISSION_CODE)
    assert account.kind == AccountKind.PARTNER_COMMISSION
    assert account.tenant == Tenant.objects.get(slug="orbita")
    assert account.display_balance == 61
    # The same confirmation again (a retried webhook) books nothing more.
    with schema_context("acme"):
        payments.transition_deposit(deposit, DepositStatus.CONFIRMED, source="provider")
    assert JournalEntry.objects.filter(reference=deposit.public_id, kind="deposit_confirmed").count() == 1
    assert LedgerAccount.objects.get(code=COMMISSION_CODE).display_balance == 61
    assert check_invariants().ok


def test_a_rate_of_zero_or_an_unlinked_client_posts_nothing_to_the_partner(acme: Tenant) -> None:
    admin = staff()
    set_commission(admin, 0)
    zero = confirmed_deposit(acme)
    assert entry_lines(zero.public_id, "deposit_confirmed")["platform:fee_revenue:BRL"] == -FEE
    assert COMMISSION_CODE not in entry_lines(zero.public_id, "deposit_confirmed")
    set_commission(admin, 2_000)
    unlinked = admin.delete(f"/api/admin/partners/orbita/clients/{acme.slug}")
    assert unlinked.status_code in (200, 204), unlinked.content
    deposit = confirmed_deposit(acme)
    lines = entry_lines(deposit.public_id, "deposit_confirmed")
    assert lines["platform:fee_revenue:BRL"] == -FEE
    assert not any(code.startswith("platform:partner_commission:") for code in lines)
    assert commission_balance() == 0


def test_a_changed_rate_applies_to_later_fees_and_leaves_earlier_entries_alone(acme: Tenant) -> None:
    admin = staff()
    set_commission(admin, 2_000)
    first = confirmed_deposit(acme)
    set_commission(admin, 5_000)  # 50 %: 153.5 rounds to 154
    second = confirmed_deposit(acme, 20_000)
    assert entry_lines(first.public_id, "deposit_confirmed")[COMMISSION_CODE] == -61
    assert entry_lines(first.public_id, "deposit_confirmed")["platform:fee_revenue:BRL"] == -246
    assert entry_lines(second.public_id, "deposit_confirmed")[COMMISSION_CODE] == -154
    assert entry_lines(second.public_id, "deposit_confirmed")["platform:fee_revenue:BRL"] == -153
    assert commission_balance() == 61 + 154
    set_commission(admin, 10_000)  # all of the fee: no fee revenue line at all (no line of 0)
    third = confirmed_deposit(acme)
    lines = entry_lines(third.public_id, "deposit_confirmed")
    assert lines[COMMISSION_CODE] == -FEE
    assert "platform:fee_revenue:BRL" not in lines


def new_payout(tenant: Tenant, amount: int, key: str) -> Payout:
    """A small payout (approved at once under acme's threshold), sent to the bank."""
    from bank_accounts.models import BankAccount, OwnerKind

    fund(tenant.slug, amount + 1_000)
    with schema_context(tenant.schema_name):
        account = (
            BankAccount.objects.filter(owner_kind=OwnerKind.COMPANY, is_active=True)
            .order_by("pk")
            .values_list("public_id", flat=True)[0]
        )
        data = payouts.PayoutInput(amount=amount, currency="BRL", method="pix", bank_account_id=account)
        payout, _ = payouts.create_payout(owner(tenant), data, idempotency_key=key)
        for step in (PayoutStatus.APPROVED, PayoutStatus.PENDING):
            payout = payouts.transition_payout(payout, step, source="provider")
        return payout


def test_a_paid_payouts_fee_is_split_and_a_reversal_keeps_both_shares(acme: Tenant) -> None:
    set_commission(staff(), 2_000)
    with schema_context("public"):
        FeeRate.objects.update_or_create(
            tenant=acme, method="payout_pix", currency="BRL", defaults={"percent_bp": 0, "fixed": 150}
        )
    paid = new_payout(acme, 500, "commission-paid")
    assert paid.fee == 150
    with schema_context("acme"):
        payouts.transition_payout(paid, PayoutStatus.CONFIRMED, source="provider")
    lines = entry_lines(paid.public_id, "payout_confirmed")
    assert lines[COMMISSION_CODE] == -30
    assert lines["platform:fee_revenue:BRL"] == -120
    # The bank reports the money back at once: confirmed and reversed in one transaction (the accounts
    # locked up front, the partner's among them); the fee, and so the commission, is kept.
    reversed_ = new_payout(acme, 400, "commission-reversed")
    with schema_context("acme"):
        assert payouts.apply_payout_state(reversed_, "reversed", source="webhook") == "applied"
        assert Payout.objects.get(pk=reversed_.pk).status == PayoutStatus.REVERSED
    assert entry_lines(reversed_.public_id, "payout_confirmed")[COMMISSION_CODE] == -30
    assert COMMISSION_CODE not in entry_lines(reversed_.public_id, "payout_reversed")
    assert commission_balance() == 60


def statement_of(client: ApiClient, code: str) -> Any:
    return client.get("/api/statements", {"account": code})


def test_the_partners_commission_account_has_a_statement_with_its_postings(acme: Tenant) -> None:
    admin = staff()
    set_commission(admin, 2_000)
    deposit = confirmed_deposit(acme)
    for who in (admin, staff("financial")):
        accounts = who.get("/api/statements/accounts", {"client": "platform"}).json()["items"]
        [listed] = [a for a in accounts if a["code"] == COMMISSION_CODE]
        assert listed["kind"] == "partner_commission"
        assert listed["client"]["slug"] == "orbita"
        assert listed["balance"] == 61
        response = statement_of(who, COMMISSION_CODE)
        assert response.status_code == 200, response.content
        body = response.json()
        [line] = [x for x in body["items"] if x["reference"] == deposit.public_id]
        assert (line["kind"], line["amount"]) == ("deposit_confirmed", 61)
        assert body["closing_balance"] == 61
    # Not the partner's own users, nor the client's: statements are staff tools.
    for slug, role in (("orbita", "partner"), ("acme", "client")):
        client = ApiClient(slug)
        client.login_as(role)
        assert statement_of(client, COMMISSION_CODE).status_code in (403, 404)
