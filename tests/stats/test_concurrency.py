"""Two connections moving the same roll-up rows at once lose no update (committed data, no test
transaction): each thread cancels its own deposits and creates new ones, all in the same buckets."""

from __future__ import annotations

import threading
from typing import Any

from django.db import connections
from django_tenants.utils import schema_context

from payments import services as payments
from payments.models import Deposit, DepositStatus
from stats import rollups
from tenants.models import Tenant
from tests.payouts.helpers import committed_client
from tests.stats.helpers import assert_rollups_match, new_deposit, owner

PER_THREAD = 15


def test_concurrent_transitions_on_two_connections_lose_no_update(
    django_db_setup: None, django_db_blocker: Any
) -> None:
    with django_db_blocker.unblock():
        slug, _ = committed_client("stat")
        with schema_context("public"):
            tenant = Tenant.objects.get(slug=slug)
        with schema_context(slug):
            member = owner(tenant)
            mine = [[new_deposit(member, "pix", 1_000).pk for _ in range(PER_THREAD)] for _ in range(2)]
        barrier = threading.Barrier(2)
        errors: list[BaseException] = []

        def run(index: int) -> None:
            try:
                with schema_context(slug):
                    me = owner(tenant)
                    barrier.wait()
                    for pk in mine[index]:
                        deposit = Deposit.objects.get(pk=pk)
                        payments.transition_deposit(deposit, DepositStatus.CANCELED, source="api")
                        new_deposit(me, "pix", 1_000)
            except BaseException as exc:  # reported below
                errors.append(exc)
            finally:
                connections.close_all()

        threads = [threading.Thread(target=run, args=(n,)) for n in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert not errors, errors
        with schema_context("public"):
            stored = rollups.stored(tenant)
        by_status = {key[4]: value for key, value in stored.items()}
        assert by_status == {
            "canceled": (2 * PER_THREAD, 2 * PER_THREAD * 1_000, 0),
            "waiting": (2 * PER_THREAD, 2 * PER_THREAD * 1_000, 0),
        }
        assert_rollups_match(tenant)
