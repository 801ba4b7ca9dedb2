"""The demo money of `make run` (`manage.py seed_demo --money`, ops.demo_money): made through the real
services, dated over the last two months, the balances what the records add up to, the ledger sound,
the periodic jobs with nothing to catch up on, and a second run changing nothing.

The test session's own seed has no money (other tests rely on it): this runs the money seed inside
the test's transaction, which is rolled back."""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone
from django_tenants.utils import schema_context

from accounts.models import User
from cofre_sandbox_bank.models import SandboxCharge, SandboxWebhookDelivery
from customers.models import Customer
from gateway.models import TransactionIndex, WebhookEvent
from ledger import services as ledger
from ledger.commission import commission_of_fee
from ledger.models import AccountKind, JournalEntry
from ops.demo_money import (
    ACME_DEPOSITS,
    ACME_PAYOUTS,
    ACME_REFUNDS,
    BETA_DEPOSITS,
    DEMO_ADJUSTMENTS,
    DEMO_COMMISSION_BP,
    PAYERS,
    seed_demo_money,
)
from payments import services as payments
from payments.models import Deposit, DepositNameToken, DepositStatus
from payouts import services as payouts
from payouts.models import Payout, PayoutStatus
from refunds.models import Refund, RefundStatus
from statements.models import Adjustment
from tenants.models import Tenant

pytestmark = pytest.mark.django_db

SETTLED = (DepositStatus.PAID_TO_CLIENT, DepositStatus.REFUNDED)
RELEASED = (PayoutStatus.REJECTED, PayoutStatus.CANCELED)
IN_FLIGHT = (PayoutStatus.WAITING, PayoutStatus.APPROVED, PayoutStatus.PENDING)


def expected_balances(slug: str) -> dict[str, dict[str, int]]:
    """What the tenant's balances must be, from its own records: settled nets minus refunds and
    payouts (amount + fee) are available, unsettled nets pending, payouts in flight held."""
    totals: dict[str, dict[str, int]] = defaultdict(lambda: {"available": 0, "pending": 0, "held": 0})
    with schema_context(slug):
        for deposit in Deposit.objects.filter(status__in=[*SETTLED, DepositStatus.CONFIRMED]):
            net = (deposit.paid_amount or deposit.amount) - deposit.fee
            bucket = "pending" if deposit.status == DepositStatus.CONFIRMED else "available"
            totals[deposit.currency][bucket] += net
        for refund in Refund.objects.all():
            assert refund.status == RefundStatus.CONFIRMED
            assert refund.from_pending == 0  # the demo refunds settled deposits only
            totals[refund.currency]["available"] -= refund.amount
        for payout in Payout.objects.exclude(status__in=RELEASED):
            totals[payout.currency]["available"] -= payout.amount + payout.fee
            if payout.status in IN_FLIGHT:
                totals[payout.currency]["held"] += payout.amount + payout.fee
    # External credits and debits confirmed by staff (statements): available, in or out.
    for adjustment in Adjustment.objects.filter(tenant__slug=slug, status="confirmed"):
        sign = 1 if adjustment.direction == "credit" else -1
        totals[adjustment.currency]["available"] += sign * adjustment.amount
    return dict(totals)


def balances(slug: str) -> dict[str, dict[str, int]]:
    tenant = Tenant.objects.get(slug=slug)
    return {
        row.currency: {"available": row.available, "pending": row.pending, "held": row.held}
        for row in ledger.tenant_balances(tenant, tenant.currencies)
        if row.available or row.pending or row.held
    }


def counts() -> dict[str, int]:
    found = {
        "journal entries": JournalEntry.objects.count(),
        "index rows": TransactionIndex.objects.count(),
        "webhook inbox": WebhookEvent.objects.count(),
        "bank charges": SandboxCharge.objects.count(),
        "bank webhooks": SandboxWebhookDelivery.objects.count(),
    }
    for slug in ("acme", "beta"):
        with schema_context(slug):
            found[f"{slug} deposits"] = Deposit.objects.count()
            found[f"{slug} payouts"] = Payout.objects.count()
            found[f"{slug} refunds"] = Refund.objects.count()
    return found


def test_demo_money_is_made_by_the_services_adds_up_and_is_seeded_once() -> None:
    assert counts()["acme deposits"] == 0  # the test session's seed has no money

    report = seed_demo_money()

    assert report.created == {
        "acme": {
            "deposits": len(ACME_DEPOSITS),
            "refunds": len(ACME_REFUNDS),
            "payouts": len(ACME_PAYOUTS),
            "direct": 1,
            "adjustments": len(DEMO_ADJUSTMENTS),
        },
        "beta": {"deposits": len(BETA_DEPOSITS)},
    }
    assert ledger.check_invariants().ok
    for slug in ("acme", "beta"):
        assert balances(slug) == expected_balances(slug), slug
    acme = balances("acme")
    assert 2_000_00 < acme["BRL"]["available"] < 10_000_00  # "generate withdraw" has funds at once
    assert min(acme["BRL"]["pending"], acme["BRL"]["held"]) > 0
    assert min(acme["USD"]["available"], acme["USD"]["pending"]) > 0
    assert balances("beta")["BRL"]["available"] > 0
    # orbita, the demo partner of both, earns 20% of every fee they paid, in the entry of the fee
    fees_seen = 0
    for entry in JournalEntry.objects.filter(
        tenant__slug__in=("acme", "beta"), kind__in=("deposit_confirmed", "payout_confirmed")
    ).prefetch_related("postings__account"):
        credits = {p.account.kind: -p.amount for p in entry.postings.all()}
        fee = credits.get(AccountKind.FEE_REVENUE, 0) + credits.get(AccountKind.PARTNER_COMMISSION, 0)
        assert credits.get(AccountKind.PARTNER_COMMISSION, 0) == commission_of_fee(fee, DEMO_COMMISSION_BP)
        fees_seen += fee > 0
    assert fees_seen > 10
    orbita = Tenant.objects.get(slug="orbita")
    assert ledger.platform_account(AccountKind.PARTNER_COMMISSION, "BRL", partner=orbita).display_balance > 0

    today = timezone.localdate()
    with schema_context("acme"):
        deposits = list(Deposit.objects.all())
        statuses = Counter(d.status for d in deposits)
        assert statuses[DepositStatus.PAID_TO_CLIENT] >= 15
        assert statuses[DepositStatus.CONFIRMED] >= 3  # settlement still ahead
        assert statuses[DepositStatus.WAITING] >= 3
        assert statuses[DepositStatus.CANCELED] >= 2
        assert statuses[DepositStatus.EXPIRED] >= 1
        assert statuses[DepositStatus.REFUNDED] == 1
        assert {d.method for d in deposits} == {"billet", "pix", "card", "wire"}
        assert {d.currency for d in deposits} == {"BRL", "USD"}
        # clients/direct_deposits: acme's PIX key and one payment sent to it with no charge
        direct = [d for d in deposits if d.direct]
        assert [(d.method, d.pix_key, d.amount) for d in direct] == [("pix", "pix@acme.demo.test", 35_000)]
        assert Deposit.objects.filter(status=DepositStatus.PAID_TO_CLIENT, refunded_amount__gt=0).count() == 1
        # Dated over the last two months, consistently: the index row and the name tokens carry the
        # deposit's created_at; settlement dates agree with what is settled.
        index = dict(TransactionIndex.objects.values_list("public_id", "created_at"))
        for deposit in deposits:
            assert today - timedelta(days=61) <= timezone.localdate(deposit.created_at) <= today
            assert index[deposit.public_id] == deposit.created_at
            tokens = DepositNameToken.objects.filter(deposit_id=deposit.pk)
            assert set(tokens.values_list("created_at", flat=True)) == {deposit.created_at}, deposit
            if deposit.status in SETTLED:
                assert deposit.confirmed_at is not None
                assert deposit.settled_at is not None
                assert deposit.created_at <= deposit.confirmed_at <= deposit.settled_at
                assert deposit.settle_on is not None
                assert deposit.settle_on <= today
            elif deposit.status == DepositStatus.CONFIRMED:
                assert deposit.settle_on is not None
                assert deposit.settle_on > today
            events = list(deposit.events.values_list("at", flat=True))
            assert events == sorted(events)
            assert events[0] == deposit.created_at
        assert len({timezone.localdate(d.created_at) for d in deposits}) >= 30
        # The clock's jobs have nothing to catch up on: nothing overdue, nothing due for settlement.
        assert payments.expire_overdue() == 0
        assert payments.settle_due() == 0

        by_status = {p.status: p for p in Payout.objects.all()}
        assert set(by_status) == {
            PayoutStatus.WAITING, PayoutStatus.CONFIRMED, PayoutStatus.REJECTED, PayoutStatus.PAID_TO_CLIENT
        }  # fmt: skip
        assert by_status[PayoutStatus.REJECTED].rejection_reason
        assert by_status[PayoutStatus.PAID_TO_CLIENT].kind == "wallet"
        assert by_status[PayoutStatus.WAITING].fee == 150  # acme's R$ 1,50 per PIX payout
        client_user = User.objects.get(email="client_user@demo.test")
        assert by_status[PayoutStatus.WAITING].created_by_id == client_user.pk  # so admin may approve it
        assert {index[p.public_id] for p in Payout.objects.all()} == {
            p.created_at for p in Payout.objects.all()
        }
        # client/crm: a customer per payer, dated as its deposits were (not the seed's today)
        customers = {c.document: c for c in Customer.objects.all()}
        assert set(customers) == {d.payer_document for d in deposits}
        first = {doc: min(d.created_at for d in deposits if d.payer_document == doc) for doc in customers}
        assert {doc: c.first_seen_at for doc, c in customers.items()} == first
        assert customers[PAYERS[0].document].tags
        assert customers[PAYERS[0].document].notes.exists()
    admin = User.objects.get(email="admin@demo.test")
    admin_membership = admin.memberships.select_related("tenant").get(tenant__schema_name="public")
    # Only the demo's clients: a test of another file may have run first in this process (pytest-xdist)
    # and committed clients of its own with payouts waiting.
    queue = [row for row in payouts.compliance_queue(admin_membership) if row.tenant.slug in {"acme", "beta"}]
    assert [(row.tenant.slug, row.public_id) for row in queue] == [
        ("acme", by_status[PayoutStatus.WAITING].public_id)
    ]

    before = counts()
    balances_before = {slug: balances(slug) for slug in ("acme", "beta")}
    out = StringIO()
    call_command("seed_demo", "--money", stdout=out)  # what `make run` runs, a second time
    assert "Demo money already present; nothing changed." in out.getvalue()
    assert seed_demo_money().changed is False
    assert counts() == before
    assert {slug: balances(slug) for slug in ("acme", "beta")} == balances_before
    assert ledger.check_invariants().ok
