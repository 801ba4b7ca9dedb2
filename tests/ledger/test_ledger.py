"""The books: balanced, immutable, idempotent, never overdrawn, snapshots equal to postings."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.db.utils import InternalError, ProgrammingError

from core.errors import AppError
from ledger import services as ledger
from ledger.models import AccountKind, JournalEntry, Posting
from tenants.models import Tenant

pytestmark = pytest.mark.django_db


@pytest.fixture
def acme() -> Tenant:
    return Tenant.objects.get(slug="acme")


def fund(tenant: Tenant, amount: int, key: str) -> None:
    ledger.post(
        key,
        "test_funding",
        [
            ledger.Line(
                ledger.platform_account(AccountKind.PROVIDER_CLEARING, "BRL", provider="test"), amount
            ),
            ledger.Line(ledger.tenant_account(tenant, AccountKind.AVAILABLE, "BRL"), -amount),
        ],
        tenant=tenant,
    )


def test_a_balanced_entry_moves_balances_and_snapshots(acme: Tenant) -> None:
    fund(acme, 10_000, "t1")
    balances = {b.currency: b for b in ledger.tenant_balances(acme, ["BRL", "USD"])}
    assert balances["BRL"].available == 10_000
    assert balances["USD"].available == 0
    assert ledger.check_invariants().ok


def test_an_unbalanced_entry_is_refused_and_nothing_is_written(acme: Tenant) -> None:
    before = JournalEntry.objects.count()
    with pytest.raises(AppError) as exc:
        ledger.post(
            "t-unbalanced",
            "test",
            [
                ledger.Line(ledger.platform_account(AccountKind.FEE_REVENUE, "BRL"), 100),
                ledger.Line(ledger.tenant_account(acme, AccountKind.AVAILABLE, "BRL"), -99),
            ],
        )
    assert exc.value.code == "ledger_unbalanced"
    assert JournalEntry.objects.count() == before


def test_currencies_balance_separately(acme: Tenant) -> None:
    with pytest.raises(AppError):
        ledger.post(
            "t-mixed",
            "test",
            [
                ledger.Line(ledger.platform_account(AccountKind.FEE_REVENUE, "USD"), 100),
                ledger.Line(ledger.tenant_account(acme, AccountKind.AVAILABLE, "BRL"), -100),
            ],
        )


def test_the_same_idempotency_key_posts_once(acme: Tenant) -> None:
    fund(acme, 500, "t-idem")
    fund(acme, 500, "t-idem")
    assert JournalEntry.objects.filter(idempotency_key="t-idem").count() == 1
    assert ledger.tenant_balances(acme, ["BRL"])[0].available == 500


def test_entries_and_postings_cannot_be_changed_or_deleted(acme: Tenant) -> None:
    fund(acme, 700, "t-immutable")
    entry = JournalEntry.objects.get(idempotency_key="t-immutable")
    for statement in (
        lambda: JournalEntry.objects.filter(pk=entry.pk).update(memo="tampered"),
        lambda: Posting.objects.filter(entry=entry).update(amount=1),
        lambda: Posting.objects.filter(entry=entry).delete(),
    ):
        with pytest.raises((InternalError, ProgrammingError)), transaction.atomic():
            statement()


def test_no_overdraft_is_checked_under_the_lock(acme: Tenant) -> None:
    fund(acme, 1_000, "t-od-fund")
    available = ledger.tenant_account(acme, AccountKind.AVAILABLE, "BRL")
    held = ledger.tenant_account(acme, AccountKind.HELD, "BRL")
    ledger.post(
        "t-hold-1", "hold", [ledger.Line(available, 800), ledger.Line(held, -800)], no_overdraft=[available]
    )
    with pytest.raises(ledger.InsufficientFundsError):
        ledger.post(
            "t-hold-2",
            "hold",
            [ledger.Line(available, 300), ledger.Line(held, -300)],
            no_overdraft=[available],
        )
    assert ledger.tenant_balances(acme, ["BRL"])[0].available == 200
    assert ledger.check_invariants().ok
