"""Property: whatever the period and the page size, a statement's opening, running and closing balances
equal a recount of the account's postings (the running balances are written with each posting, the
opening and closing are read from them: never a sum of earlier postings), and walking its pages by
cursor gives every posting of the period once, in order. Also under concurrent writers on separate
connections (each posting's running balance is taken under the account's row lock)."""

from __future__ import annotations

import random
import threading
import uuid
from datetime import datetime, timedelta

import pytest
from django.db import connections
from django_tenants.utils import schema_context

from core.pagination import PAGE_SIZES
from ledger import services as ledger
from ledger.models import AccountKind, LedgerAccount, Posting
from statements import services as statements
from tenants.models import Tenant
from tenants.services import create_tenant

TRIALS = 150


def _recount(account: LedgerAccount) -> list[tuple[int, datetime, int]]:
    """(id, posted_at, amount as a person reads it) of every posting, in statement order."""
    rows = Posting.objects.filter(account=account).order_by("posted_at", "id")
    return [(p.pk, p.posted_at, statements.shown(account, p.amount)) for p in rows]


def _walk(
    account: LedgerAccount, start: datetime, end: datetime | None, size: int
) -> tuple[int, int, list[statements.StatementLine]]:
    opening = closing = None
    lines: list[statements.StatementLine] = []
    cursor = None
    while True:
        page_opening, page_closing, page, cursor = statements.page_between(
            account, start, end, cursor=cursor, size=size
        )
        # Every page of the period answers the same opening and closing balances.
        assert opening in (None, page_opening)
        assert closing in (None, page_closing)
        opening, closing = page_opening, page_closing
        assert len(page) <= size
        lines.extend(page)
        if cursor is None:
            break
    assert opening is not None
    assert closing is not None
    return opening, closing, lines


def _check(account: LedgerAccount, rng: random.Random, trials: int = TRIALS) -> None:
    postings = _recount(account)
    assert postings, "the property needs postings"
    times = [at for _, at, _ in postings]
    tick = timedelta(microseconds=1)
    # Instants on, just before and just after postings, and before/after everything.
    candidates = [times[0] - timedelta(days=1), times[-1] + timedelta(days=1)]
    candidates += [t + d for t in times for d in (-tick, timedelta(0), tick)]
    for _ in range(trials):
        start, end = sorted(rng.sample(candidates, 2))
        open_end = rng.random() < 0.1  # a period without an end (to FAR_FUTURE)
        size = rng.choice(PAGE_SIZES)
        opening, closing, lines = _walk(account, start, None if open_end else end, size)
        before = sum(amount for _, at, amount in postings if at < start)
        inside = [(pk, amount) for pk, at, amount in postings if at >= start and (open_end or at < end)]
        assert opening == before
        assert [(line.id, line.amount) for line in lines] == inside
        running = opening
        for line in lines:
            running += line.amount
            assert line.balance == running
        assert closing == running == before + sum(amount for _, amount in inside)


@pytest.mark.django_db
def test_opening_running_and_closing_balances_equal_a_recount_for_any_period_and_page_size() -> None:
    rng = random.Random(20261128)
    with schema_context("public"):
        tenant = Tenant.objects.get(slug="acme")
        wallet = ledger.customer_account(tenant, 10**9 + rng.randrange(10**6), "BRL")  # credit-normal
        provider = f"p{uuid.uuid4().hex[:8]}"
        clearing = ledger.platform_account(AccountKind.PROVIDER_CLEARING, "BRL", provider=provider)
        for n in range(rng.randrange(40, 70)):
            amount = rng.choice([-1, 1]) * rng.randrange(1, 100_000)
            lines = [ledger.Line(clearing, amount), ledger.Line(wallet, -amount)]
            if (
                rng.random() < 0.2
            ):  # an entry touching the account twice (two lines, one running balance each)
                lines = [
                    ledger.Line(clearing, 2 * amount),
                    ledger.Line(wallet, -amount),
                    ledger.Line(wallet, -amount),
                ]
            ledger.post(f"t-stmt-prop:{wallet.pk}:{n}", "test", lines, tenant=tenant)
        _check(wallet, rng)
        _check(clearing, rng, trials=50)  # debit-normal: shown as it is stored
        assert ledger.check_invariants().snapshot_mismatches == []


def test_running_balances_stay_exact_under_concurrent_writers(
    django_db_setup: None, django_db_blocker: pytest.FixtureRequest
) -> None:
    threads, each = 6, 8
    rng = random.Random(7)
    amounts = [[rng.randrange(1, 10_000) for _ in range(each)] for _ in range(threads)]
    with django_db_blocker.unblock():  # type: ignore[attr-defined]
        with schema_context("public"):
            tenant = create_tenant(slug=f"stmt{uuid.uuid4().hex[:8]}", name="Statement race", kind="client")
            clearing = ledger.platform_account(
                AccountKind.PROVIDER_CLEARING, "BRL", provider="test_stmt_race"
            )
            available = ledger.tenant_account(tenant, AccountKind.AVAILABLE, "BRL")
        barrier = threading.Barrier(threads)
        errors: list[BaseException] = []

        def write(n: int) -> None:
            try:
                barrier.wait()
                with schema_context("public"):
                    for i, amount in enumerate(amounts[n]):
                        ledger.post(
                            f"t-stmt-race:{tenant.slug}:{n}:{i}", "test",
                            [ledger.Line(clearing, amount), ledger.Line(available, -amount)], tenant=tenant,
                        )  # fmt: skip
            except BaseException as exc:
                errors.append(exc)
            finally:
                connections.close_all()

        workers = [threading.Thread(target=write, args=(n,)) for n in range(threads)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        assert errors == []
        with schema_context("public"):
            account = LedgerAccount.objects.get(pk=available.pk)
            assert account.display_balance == sum(map(sum, amounts))
            _check(account, random.Random(11), trials=60)
