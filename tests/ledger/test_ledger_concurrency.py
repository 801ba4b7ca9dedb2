"""Concurrency: holds taken at once on separate connections never overdraw (committed data, no rollback)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections

from ledger import services as ledger
from ledger.models import AccountKind
from tenants.models import Tenant


def test_concurrent_holds_never_overdraw(
    django_db_setup: None, django_db_blocker: pytest.FixtureRequest
) -> None:
    """20 threads each try to hold 100 from a balance of 1,000 on separate connections: exactly 10 win."""
    from django_tenants.utils import schema_context

    with django_db_blocker.unblock():  # type: ignore[attr-defined]
        with schema_context("public"):
            beta = Tenant.objects.get(slug="beta")
            suffix = connection.cursor().connection.info.backend_pid
        results: list[str] = []
        barrier = threading.Barrier(20)

        def attempt(n: int) -> None:
            try:
                barrier.wait()
                with schema_context("public"):
                    available = ledger.tenant_account(beta, AccountKind.AVAILABLE, "USD")
                    held = ledger.tenant_account(beta, AccountKind.HELD, "USD")
                    ledger.post(
                        f"t-conc-{suffix}-{n}", "hold",
                        [ledger.Line(available, 100), ledger.Line(held, -100)], no_overdraft=[available],
                    )  # fmt: skip
                results.append("ok")
            except ledger.InsufficientFundsError:
                results.append("refused")
            finally:
                connections.close_all()

        with schema_context("public"):
            before = ledger.tenant_balances(beta, ["USD"])[0]
            clearing = ledger.platform_account(AccountKind.PROVIDER_CLEARING, "USD", provider="test")
            available = ledger.tenant_account(beta, AccountKind.AVAILABLE, "USD")
            ledger.post(
                f"t-conc-fund-{suffix}", "fund", [ledger.Line(clearing, 1000), ledger.Line(available, -1000)]
            )
            threads = [threading.Thread(target=attempt, args=(n,)) for n in range(20)]
        starting_available = before.available + 1000
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        expected_ok = min(20, starting_available // 100)
        assert results.count("ok") == expected_ok
        with schema_context("public"):
            after = ledger.tenant_balances(beta, ["USD"])[0]
            assert after.available == starting_available - 100 * expected_ok >= 0
            assert ledger.check_invariants().ok
