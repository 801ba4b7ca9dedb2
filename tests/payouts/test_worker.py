"""Submission through real dramatiq workers, on committed data: a provider timeout retried by
dramatiq, and a worker killed with SIGKILL in the middle of a submission, then replaced."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import override_settings
from django_tenants.utils import schema_context
from dramatiq.brokers.redis import RedisBroker

from cofre_sandbox_bank.models import SandboxPayout
from compliance.models import ComplianceRule
from core.dramatiq_middleware import TenantMiddleware
from ledger.services import check_invariants
from payouts import tasks
from payouts.models import Payout
from tenants.models import Tenant
from tests.payouts.helpers import BB_ACCOUNT, balance, committed_client, fund, post_webhooks
from tests.support.http import ApiClient
from tests.support.stack import kill_tree, worker_process

pytestmark = [pytest.mark.worker]

AMOUNT = 7_500


def wait_until(condition: Callable[[], bool], timeout: float = 30, interval: float = 0.1) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(interval)
    return False


def payout_row(slug: str, public_id: str) -> Payout:
    with schema_context(slug):
        return Payout.objects.get(public_id=public_id)


def prepared_client(prefix: str) -> tuple[str, ApiClient, str]:
    """A committed client tenant, funded, auto-approving payouts, with a bank account."""
    slug, owner = committed_client(prefix)
    fund(slug, 10 * AMOUNT)
    with schema_context("public"):
        ComplianceRule.objects.create(
            tenant=Tenant.objects.get(slug=slug), currency="BRL", auto_approve_up_to=10 * AMOUNT
        )
    account = owner.post_json("/api/bank-accounts", BB_ACCOUNT).json()["id"]
    return slug, owner, account


def request_payout(owner: ApiClient, account: str, scenario: str) -> str:
    response = owner.post_json(
        "/api/payouts",
        {
            "amount": AMOUNT,
            "method": "ted",
            "bank_account_id": account,
            "extra": {"sandbox_scenario": scenario},
        },
        headers={"Idempotency-Key": uuid.uuid4().hex},
    )
    assert response.status_code == 201, response.content
    assert response.json()["status"] == "approved"
    return str(response.json()["id"])


def confirm_by_webhook(slug: str, public_id: str) -> None:
    """Deliver the bank's webhooks (unless a worker already did through a running web server)."""

    def confirmed() -> bool:
        post_webhooks(public_id)
        return payout_row(slug, public_id).status == "confirmed"

    assert wait_until(confirmed, timeout=15, interval=0.3), payout_row(slug, public_id).status


def finish(slug: str) -> None:
    assert balance(slug) == {"available": 9 * AMOUNT, "pending": 0, "held": 0}
    with schema_context("public"):
        assert check_invariants().ok
        Tenant.objects.filter(slug=slug).update(status="suspended")  # out of the periodic jobs


def test_a_provider_timeout_is_retried_by_the_worker_with_the_same_key(
    worker: None, django_db_blocker: Any
) -> None:
    with django_db_blocker.unblock():
        slug, owner, account = prepared_client("tmo")
        public_id = request_payout(owner, account, "timeout")
        assert wait_until(lambda: payout_row(slug, public_id).status != "approved", timeout=30)
        row = payout_row(slug, public_id)
        assert row.status in {"pending", "confirmed"}
        assert row.submission_attempts == 2  # the first call timed out, dramatiq retried it
        assert SandboxPayout.objects.filter(reference=public_id).count() == 1
        confirm_by_webhook(slug, public_id)
        finish(slug)


def test_a_worker_killed_during_submission_is_replaced_and_the_bank_sees_one_payout(
    django_db_setup: None,
    django_db_blocker: Any,
    artifacts_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Workers of our own on a Redis namespace no other worker consumes (the session's worker would
    # take the message otherwise); a short heartbeat and maintenance on every command make dramatiq
    # hand a dead worker's unacknowledged message to the next worker within seconds.
    namespace = f"{settings.REDIS_NAMESPACE}-kill{uuid.uuid4().hex[:6]}"
    monkeypatch.setenv("DRAMATIQ_HEARTBEAT_TIMEOUT_MS", "3000")
    monkeypatch.setenv("DRAMATIQ_MAINTENANCE_CHANCE", "1000000")
    broker = RedisBroker(  # type: ignore[no-untyped-call]
        url=settings.REDIS_URL, namespace=f"{namespace}-jobs", middleware=[TenantMiddleware()]
    )
    monkeypatch.setattr(tasks.submit_payout, "broker", broker)
    with django_db_blocker.unblock():
        try:
            with ExitStack() as stack:
                slug, owner, account = prepared_client("kill")
                with override_settings(REDIS_NAMESPACE=namespace):
                    first = stack.enter_context(worker_process(artifacts_dir / "payout-worker-1.log"))
                public_id = request_payout(owner, account, "slow")  # the bank records it, then answers late
                assert wait_until(lambda: SandboxPayout.objects.filter(reference=public_id).exists()), (
                    artifacts_dir / "payout-worker-1.log"
                ).read_text()[-3000:]
                assert payout_row(slug, public_id).submission_attempts == 1
                killed_at = time.monotonic()
                kill_tree(first)
                assert payout_row(slug, public_id).status == "approved"  # the answer never came

                with override_settings(REDIS_NAMESPACE=namespace):
                    stack.enter_context(worker_process(artifacts_dir / "payout-worker-2.log"))
                assert wait_until(lambda: payout_row(slug, public_id).status != "approved", timeout=45), (
                    artifacts_dir / "payout-worker-2.log"
                ).read_text()[-3000:]
                recovered = time.monotonic() - killed_at
                row = payout_row(slug, public_id)
                assert row.submission_attempts == 2
                assert (
                    row.provider_reference
                    == SandboxPayout.objects.get(reference=public_id).provider_reference
                )
                assert SandboxPayout.objects.filter(reference=public_id).count() == 1
                confirm_by_webhook(slug, public_id)
                with capsys.disabled():
                    print(f"\nkilled mid-submission: submitted again {recovered:.1f} s after the kill")  # noqa: T201
                finish(slug)
        finally:  # the workers are stopped: drop what is left of their queues
            keys = list(broker.client.scan_iter(f"{namespace}-jobs*"))
            if keys:
                broker.client.delete(*keys)


@pytest.mark.django_db
def test_the_broker_takes_its_heartbeat_and_maintenance_from_settings() -> None:
    """(Marked django_db so that running this file alone prepares the test database.)"""
    import dramatiq

    configured = dramatiq.get_broker()
    assert isinstance(configured, RedisBroker)
    assert configured.heartbeat_timeout == settings.DRAMATIQ_HEARTBEAT_TIMEOUT_MS
    assert configured.maintenance_chance == settings.DRAMATIQ_MAINTENANCE_CHANCE
