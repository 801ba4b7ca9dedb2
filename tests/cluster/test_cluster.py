"""Across processes: two web processes and two worker processes on one PostgreSQL and one Redis.

The run's own servers: the embedded ones in `make test`, the machine's in `make test-servers`
(DATABASE_URL / REDIS_URL). Requests are spread over both web processes through real HTTP; the jobs
are taken by whichever worker is free. Scenarios: 50 payouts at once against a balance covering
ten, one Idempotency-Key sent at once to both processes, and a worker killed in the middle of a
submission (another worker, started after the kill, takes the message over while both web
processes keep serving).
"""

from __future__ import annotations

import threading
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django_tenants.utils import schema_context

from cofre_sandbox_bank.models import SandboxPayout
from compliance.models import ComplianceRule
from config.embedded import free_port
from core.redis import redis_client
from gateway.models import FeeRate
from ledger.services import check_invariants
from ops.demo import DEMO_PASSWORD
from payouts.models import Payout
from tenants.models import Tenant
from tests.payouts.helpers import BB_ACCOUNT, balance, committed_client, fund
from tests.support.servers import wait_for
from tests.support.stack import kill_tree, stop, web_process, worker_process
from tests.support.wire import Answer, Wire

pytestmark = [pytest.mark.cluster]

AMOUNT = 1_000
FEE = 60  # the client's own PIX payout rate in the first scenario: 1 % + R$ 0,50


@dataclass
class Cluster:
    ports: list[int]
    env: dict[str, str]
    artifacts: Path
    workers: dict[str, Any] = field(default_factory=dict)
    stack: ExitStack = field(default_factory=ExitStack)

    def start_worker(self, name: str) -> Any:
        self.workers[name] = self.stack.enter_context(
            worker_process(self.artifacts / f"cluster-{name}.log", env=self.env)
        )
        return self.workers[name]

    def wire(self, index: int, slug: str) -> Wire:
        return Wire(self.ports[index % len(self.ports)], slug)


@pytest.fixture(scope="module")
def cluster(django_db_setup: None, artifacts_dir: Path) -> Iterator[Cluster]:
    ports = [free_port(), free_port()]
    namespace = f"{settings.REDIS_NAMESPACE}-cluster"
    env = {
        "REDIS_NAMESPACE": namespace,  # the session's own worker never takes the cluster's jobs
        "SANDBOX_WEBHOOK_URL": f"http://127.0.0.1:{ports[0]}/api/webhooks/sandbox_bank",
        # A killed worker's unacknowledged message goes to the other worker within seconds.
        "DRAMATIQ_HEARTBEAT_TIMEOUT_MS": "3000",
        "DRAMATIQ_MAINTENANCE_CHANCE": "1000000",
    }
    cluster = Cluster(ports, env, artifacts_dir)
    with cluster.stack:
        for index, port in enumerate(ports):
            cluster.stack.enter_context(
                web_process(artifacts_dir / f"cluster-web-{index}.log", port=port, env=env, workers=1)
            )
        cluster.start_worker("worker-1")
        cluster.start_worker("worker-2")
        yield cluster
    keys = list(redis_client().scan_iter(f"{namespace}-jobs*"))  # what is left of the cluster's queues
    if keys:
        redis_client().delete(*keys)


def login(cluster: Cluster, slug: str) -> dict[str, str]:
    """Log in through the first web process; the cookies work on both (sessions are shared)."""
    client = cluster.wire(0, slug)
    answer = client.login(f"owner@{slug}.test", DEMO_PASSWORD)
    assert answer.status == 200, answer
    return dict(client.cookies)


def at_once(
    cluster: Cluster, slug: str, cookies: dict[str, str], count: int, call: Callable[[Wire], Answer]
) -> list[Answer]:
    """`count` requests released together, alternating between the two web processes."""
    barrier = threading.Barrier(count)
    answers: list[Answer | None] = [None] * count

    def run(index: int) -> None:
        client = cluster.wire(index, slug)
        client.cookies = dict(cookies)
        barrier.wait()
        answers[index] = call(client)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert all(answer is not None for answer in answers)
    return [answer for answer in answers if answer is not None]


def finish(slug: str) -> None:
    with schema_context("public"):
        assert check_invariants().ok
        Tenant.objects.filter(slug=slug).update(status="suspended")  # out of the periodic jobs


def test_fifty_payouts_at_once_on_two_web_processes(cluster: Cluster, django_db_blocker: Any) -> None:
    with django_db_blocker.unblock():
        slug, owner = committed_client("clc")
        with schema_context("public"):
            FeeRate.objects.create(
                tenant=Tenant.objects.get(slug=slug),
                method="payout_pix",
                currency="BRL",
                percent_bp=100,
                fixed=50,
            )
        fund(slug, 10 * (AMOUNT + FEE) + AMOUNT)  # ten with their fees, and an 11th amount without its fee
        account = owner.post_json("/api/bank-accounts", BB_ACCOUNT).json()["id"]
        cookies = login(cluster, slug)
        body = {"amount": AMOUNT, "method": "pix", "bank_account_id": account}

        def request(client: Wire) -> Answer:
            return client.post("/api/payouts", body, {"Idempotency-Key": uuid.uuid4().hex})

        answers = at_once(cluster, slug, cookies, 50, request)
        assert Counter((a.status, a.code) for a in answers) == {
            (201, ""): 10,
            (409, "insufficient_funds"): 40,
        }
        assert {a.body["fee"] for a in answers if a.status == 201} == {FEE}
        assert balance(slug) == {"available": AMOUNT, "pending": 0, "held": 10 * (AMOUNT + FEE)}
        with schema_context(slug):
            assert Payout.objects.count() == 10
        finish(slug)


def test_one_idempotency_key_sent_at_once_to_both_web_processes(
    cluster: Cluster, django_db_blocker: Any
) -> None:
    with django_db_blocker.unblock():
        slug, owner = committed_client("cli")
        fund(slug, 10 * AMOUNT)
        account = owner.post_json("/api/bank-accounts", BB_ACCOUNT).json()["id"]
        cookies = login(cluster, slug)
        key = uuid.uuid4().hex
        body = {"amount": AMOUNT, "method": "pix", "bank_account_id": account}
        answers = at_once(
            cluster, slug, cookies, 8, lambda c: c.post("/api/payouts", body, {"Idempotency-Key": key})
        )
        assert sorted(a.status for a in answers) == [200] * 7 + [201]
        assert len({a.body["id"] for a in answers}) == 1
        with schema_context(slug):
            assert Payout.objects.count() == 1
        assert balance(slug) == {"available": 9 * AMOUNT, "pending": 0, "held": AMOUNT}
        finish(slug)


def test_a_worker_killed_mid_submission_is_taken_over_by_another(
    cluster: Cluster, django_db_blocker: Any
) -> None:
    with django_db_blocker.unblock():
        slug, owner = committed_client("clk")
        fund(slug, 10 * AMOUNT)
        with schema_context("public"):
            ComplianceRule.objects.create(
                tenant=Tenant.objects.get(slug=slug), currency="BRL", auto_approve_up_to=10 * AMOUNT
            )
        account = owner.post_json("/api/bank-accounts", BB_ACCOUNT).json()["id"]
        cookies = login(cluster, slug)
        # Only worker-1 consumes while the payout is sent, so it is the one holding the message; worker-2
        # is started once worker-1 is killed (both web processes keep serving meanwhile).
        stop(cluster.workers.pop("worker-2"))
        client = cluster.wire(1, slug)
        client.cookies = cookies
        body = {
            "amount": AMOUNT,
            "method": "ted",
            "bank_account_id": account,
            "extra": {"sandbox_scenario": "slow"},
        }
        answer = client.post("/api/payouts", body, {"Idempotency-Key": uuid.uuid4().hex})
        assert (answer.status, answer.body["status"]) == (201, "approved"), answer
        public_id = answer.body["id"]

        def row() -> Payout:
            with schema_context(slug):
                return Payout.objects.get(public_id=public_id)

        # The bank has it (worker-1 called it and waits for the bank's late answer).
        wait_for(
            lambda: SandboxPayout.objects.filter(reference=public_id).exists(), "the bank to get the payout"
        )
        kill_tree(cluster.workers.pop("worker-1"))  # at once: the bank's late answer must not come first
        taken = row()  # its answer never came, and nobody else took the message meanwhile
        assert (taken.status, taken.submission_attempts) == ("approved", 1), (
            taken.status,
            taken.submission_attempts,
        )
        cluster.start_worker("worker-2")
        wait_for(lambda: row().status != "approved", "worker-2 to submit the payout again", timeout=60)
        assert row().submission_attempts == 2
        assert row().provider_reference == SandboxPayout.objects.get(reference=public_id).provider_reference
        assert SandboxPayout.objects.filter(reference=public_id).count() == 1  # the bank saw one payout
        cluster.start_worker("worker-1")  # the cluster has two workers again
        finish(slug)


@pytest.mark.django_db
def test_the_cluster_answers_on_both_web_processes(cluster: Cluster) -> None:
    """(Marked django_db so that a run of this file alone prepares the test database; the scenarios
    above commit their own data and are not marked.)"""

    def healthy(n: int) -> bool:
        return cluster.wire(n, "acme").get("/api/health").status == 200

    # each web process reaches the database, Redis and a cluster worker
    wait_for(lambda: healthy(0), "the first web process to be healthy")
    wait_for(lambda: healthy(1), "the second web process to be healthy")
