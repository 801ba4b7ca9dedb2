"""Concurrency: holds taken at once on separate connections never overdraw (committed data, no rollback)."""

from __future__ import annotations

import threading
import uuid

import pytest
from django.db import connections

from ledger import services as ledger
from ledger.models import AccountKind
from tenants.services import create_tenant

THREADS = 20
HOLD = 100
FUNDED = 1_000  # covers exactly FUNDED // HOLD = 10 holds


def test_concurrent_holds_never_overdraw(
    django_db_setup: None, django_db_blocker: pytest.FixtureRequest
) -> None:
    """20 threads each try to hold 100 from a balance of exactly 1,000 on separate connections: exactly
    10 win, the other 10 are refused, and the balance ends at 0 with 1,000 held."""
    from django_tenants.utils import schema_context

    with django_db_blocker.unblock():  # type: ignore[attr-defined]
        with schema_context("public"):
            # A tenant of its own (committed): its balance is known, whatever other tests commit.
            tenant = create_tenant(slug=f"ledger{uuid.uuid4().hex[:8]}", name="Ledger race", kind="client")
            assert ledger.tenant_balances(tenant, ["USD"])[0].available == 0
            clearing = ledger.platform_account(AccountKind.PROVIDER_CLEARING, "USD", provider="test")
            available = ledger.tenant_account(tenant, AccountKind.AVAILABLE, "USD")
            ledger.post(
                f"t-conc-fund-{tenant.slug}",
                "fund",
                [ledger.Line(clearing, FUNDED), ledger.Line(available, -FUNDED)],
            )
            assert ledger.tenant_balances(tenant, ["USD"])[0].available == FUNDED
        results: list[str] = []
        barrier = threading.Barrier(THREADS)

        def attempt(n: int) -> None:
            try:
                barrier.wait()
                with schema_context("public"):
                    available = ledger.tenant_account(tenant, AccountKind.AVAILABLE, "USD")
                    held = ledger.tenant_account(tenant, AccountKind.HELD, "USD")
                    ledger.post(
                        f"t-conc-{tenant.slug}-{n}", "hold",
                        [ledger.Line(available, HOLD), ledger.Line(held, -HOLD)], no_overdraft=[available],
                    )  # fmt: skip
                results.append("ok")
            except ledger.InsufficientFundsError:
                results.append("refused")
            finally:
                connections.close_all()

        threads = [threading.Thread(target=attempt, args=(n,)) for n in range(THREADS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(results) == ["ok"] * 10 + ["refused"] * 10
        with schema_context("public"):
            after = ledger.tenant_balances(tenant, ["USD"])[0]
            assert (after.available, after.held) == (0, FUNDED)
            assert ledger.check_invariants().ok
