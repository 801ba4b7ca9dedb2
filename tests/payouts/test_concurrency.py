"""Concurrency through the HTTP API, on committed data and separate connections (no test transaction):
50 payout requests at once against a balance covering 10 of them fees included, and one
Idempotency-Key sent at once."""

from __future__ import annotations

import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connections
from django_tenants.utils import schema_context

from gateway.models import FeeRate
from ledger.services import check_invariants
from ops.demo import DEMO_PASSWORD
from payouts.models import Payout
from tenants.models import Tenant
from tests.payouts.helpers import BB_ACCOUNT, balance, committed_client, fund
from tests.support.http import ApiClient
from tests.support.second_factor import login_payload

AMOUNT = 1_000
# The new client's own PIX payout rate in the first test: 1 % + R$ 0,50 -> 10 + 50 on every payout.
FEE = 60


def at_once(count: int, call: Callable[[ApiClient], Any], template: ApiClient) -> list[Any]:
    """Run `call` on `count` threads released together, each with its own client and connection."""
    barrier = threading.Barrier(count)
    results: list[Any] = [None] * count

    def run(index: int) -> None:
        client = ApiClient(template.slug)
        client.cookies = template.cookies
        try:
            barrier.wait()
            results[index] = call(client)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_fifty_concurrent_payouts_against_a_balance_covering_ten(
    django_db_setup: None, django_db_blocker: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    with django_db_blocker.unblock():
        slug, owner = committed_client("conc")
        with schema_context("public"):
            FeeRate.objects.create(
                tenant=Tenant.objects.get(slug=slug),
                method="payout_pix",
                currency="BRL",
                percent_bp=100,
                fixed=50,
            )
        # Ten payouts with their fees, plus one more amount without its fee: an 11th request that
        # forgot the fee in the arithmetic would get through.
        fund(slug, 10 * (AMOUNT + FEE) + AMOUNT)
        account = owner.post_json("/api/bank-accounts", BB_ACCOUNT).json()["id"]
        body = {"amount": AMOUNT, "method": "pix", "bank_account_id": account}

        def request(client: ApiClient) -> tuple[int, str]:
            response = client.post_json("/api/payouts", body, headers={"Idempotency-Key": uuid.uuid4().hex})
            answer = response.json()
            assert response.status_code != 201 or answer["fee"] == FEE, answer
            return response.status_code, answer.get("code", "")

        started = time.monotonic()
        results = at_once(50, request, owner)
        elapsed = time.monotonic() - started
        with capsys.disabled():
            print(f"\n50 concurrent payouts: {Counter(results)} in {elapsed:.2f} s")  # noqa: T201  (a figure)
        assert Counter(results) == {(201, ""): 10, (409, "insufficient_funds"): 40}
        assert balance(slug) == {"available": AMOUNT, "pending": 0, "held": 10 * (AMOUNT + FEE)}
        with schema_context(slug):
            assert Payout.objects.count() == 10
            assert set(Payout.objects.values_list("fee", flat=True)) == {FEE}
        with schema_context("public"):
            assert check_invariants().ok
            Tenant.objects.filter(slug=slug).update(status="suspended")  # out of the periodic jobs


def test_the_same_idempotency_key_sent_at_once_makes_one_payout(
    django_db_setup: None, django_db_blocker: Any
) -> None:
    with django_db_blocker.unblock():
        slug, owner = committed_client("idem")
        fund(slug, 10 * AMOUNT)
        account = owner.post_json("/api/bank-accounts", BB_ACCOUNT).json()["id"]
        key = uuid.uuid4().hex
        body = {"amount": AMOUNT, "method": "pix", "bank_account_id": account}

        def request(client: ApiClient) -> tuple[int, str]:
            response = client.post_json("/api/payouts", body, headers={"Idempotency-Key": key})
            return response.status_code, response.json()["id"]

        results = at_once(8, request, owner)
        assert sorted(status for status, _ in results) == [200] * 7 + [201]
        assert len({payout_id for _, payout_id in results}) == 1
        with schema_context(slug):
            assert Payout.objects.count() == 1
        assert balance(slug) == {"available": 9 * AMOUNT, "pending": 0, "held": AMOUNT}
        conflict = owner.post_json(
            "/api/payouts", {**body, "amount": AMOUNT + 1}, headers={"Idempotency-Key": key}
        )
        assert conflict.status_code == 409
        assert conflict.json()["code"] == "idempotency_conflict"
        with schema_context("public"):
            assert check_invariants().ok
            Tenant.objects.filter(slug=slug).update(status="suspended")


@pytest.mark.django_db
def test_an_idempotency_key_must_be_printable_without_spaces() -> None:
    """(Also makes a run of this file alone set the test database up: pytest-django prepares it
    only when a collected test is marked django_db.)"""
    client = ApiClient("acme")
    client.post_json("/api/auth/login", login_payload("client@demo.test", DEMO_PASSWORD))
    response = client.post_json(
        "/api/payouts", {"amount": 100, "method": "pix", "bank_account_id": "bac_x"},
        headers={"Idempotency-Key": "two words"},
    )  # fmt: skip
    assert response.status_code == 400
    assert response.json()["fields"] == {"Idempotency-Key": "invalid_format"}
