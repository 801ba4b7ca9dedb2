"""Faults survived, on real processes: Redis away for 30 s, then PostgreSQL restarted, while requests and
jobs run.

The stack is private (the test run's own, and the machine's, servers are left alone): a PostgreSQL
cluster holding a copy of the test database, a redis-server, one gunicorn (two workers) and one
dramatiq worker on them. A load thread goes round: the deposits list, a fresh login, a payout
(Idempotency-Key; a 503 is retried with the same key), a PIX deposit and /api/health. The test
stops a store, keeps it away until the load has seen the outage in every kind of request (and, for
Redis, for OUTAGE_SECONDS), starts it again and waits for everything to resume on its own.

What must hold: no answer is a 500 (a store away is a 503 with a translated message); with Redis away,
logins, lists and payouts keep working (jobs wait in the outbox); with PostgreSQL away, requests are
503 and health says the database is down; afterwards every payout answered exists once and is
confirmed by the bank, every deposit answered is paid, no job is left in the outbox and the books
balance.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from django_tenants.utils import schema_context

from compliance.models import ComplianceRule
from config.embedded import free_port
from ops.demo import DEMO_PASSWORD
from tenants.models import Tenant
from tests.payouts.helpers import BB_ACCOUNT, committed_client, fund
from tests.support import stack as stack_support
from tests.support.servers import PrivatePostgres, PrivateRedis, wait_for
from tests.support.stack import ROOT, stack_env, web_process, worker_process
from tests.support.wire import Answer, Wire

# django_db: a run of this file alone prepares the test database (the tests themselves use HTTP only).
pytestmark = [pytest.mark.faults, pytest.mark.django_db]

OUTAGE_SECONDS = float(os.environ.get("COFRE_FAULT_SECONDS", "30"))
PAYOUT = 100
PAYER = {"name": "Ana Souza", "document": "52998224725"}
KINDS = ("list", "login", "payout", "deposit", "health")


@dataclass
class Stack:
    port: int
    env: dict[str, str]
    redis: PrivateRedis
    postgres: PrivatePostgres
    slug: str
    email: str
    account: str
    folder: Path

    def wire(self, language: str = "en") -> Wire:
        return Wire(self.port, self.slug, language=language)

    def django(self, code: str) -> Any:
        """Run `code` (which sets `result`) in a Django process on the private stack; returns result."""
        program = f"import json\n{code}\nprint('RESULT=' + json.dumps(result))"
        done = subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", program],
            cwd=ROOT, env=stack_env(**self.env), capture_output=True, text=True, timeout=120, check=True,
        )  # fmt: skip
        line = next(x for x in done.stdout.splitlines() if x.startswith("RESULT="))
        return json.loads(line.removeprefix("RESULT="))


@pytest.fixture(scope="module")
def stack(
    django_db_setup: None,
    django_db_blocker: Any,
    artifacts_dir: Path,
) -> Iterator[Stack]:
    # Outside pytest's temp root: any pytest process that starts meanwhile (another worker of this run,
    # a developer's run) sets that root back to mode 0700, locking the server's own user out of its data.
    folder = Path(tempfile.mkdtemp(prefix="cofre-faults-"))
    with django_db_blocker.unblock():
        slug, owner = committed_client("flt")
        fund(slug, 1_000_000)
        with schema_context("public"):
            ComplianceRule.objects.create(
                tenant=Tenant.objects.get(slug=slug), currency="BRL", auto_approve_up_to=1_000_000
            )
        account = owner.post_json("/api/bank-accounts", BB_ACCOUNT).json()["id"]
        with schema_context("public"):
            Tenant.objects.filter(slug=slug).update(status="suspended")  # out of the session's periodic jobs
    postgres = PrivatePostgres(folder / "pg")
    redis = PrivateRedis(folder / "redis")
    with ExitStack() as cleanup:
        cleanup.callback(shutil.rmtree, folder, True)
        cleanup.callback(postgres.destroy)
        postgres.init()
        postgres.start()
        postgres.copy_database(stack_support.test_database_url(), "cofre_faults")
        redis.start()
        cleanup.callback(redis.stop)
        port = free_port()
        env = {
            "DATABASE_URL": postgres.url("cofre_faults"),
            "REDIS_URL": redis.url,
            "REDIS_NAMESPACE": "faults",
            "PORT": str(port),
            "SANDBOX_WEBHOOK_URL": f"http://127.0.0.1:{port}/api/webhooks/sandbox_bank",
        }
        stack = Stack(port, env, redis, postgres, slug, f"owner@{slug}.test", account, folder)
        # The copy: the tenant takes part again, and the sandbox bank posts its webhooks to this stack.
        # Jobs the run's earlier tests left in the outbox belong to the run's namespace, which this
        # stack's worker never relays: they go, so "the outbox is empty" is about this stack's jobs.
        stack.django(
            "from outbox.models import OutboxMessage\n"
            "OutboxMessage.objects.exclude(namespace='faults').delete()\n"
            "from tenants.models import Tenant\nfrom gateway.models import PluginConfig\n"
            f"Tenant.objects.filter(slug='{slug}').update(status='active')\n"
            "for row in PluginConfig.objects.filter(code='sandbox_bank'):\n"
            f"    row.config = {{**row.config, 'webhook_url': '{env['SANDBOX_WEBHOOK_URL']}'}}\n"
            "    row.save()\n"
            "result = True"
        )
        cleanup.enter_context(worker_process(artifacts_dir / "faults-worker.log", env=env))
        cleanup.enter_context(web_process(artifacts_dir / "faults-web.log", port=port, env=env))
        yield stack


@dataclass
class Load:
    """Rounds of requests on a thread; every answer recorded with the phase it happened in."""

    stack: Stack
    phase: str = "before"
    answers: list[tuple[str, str, int, str]] = field(default_factory=list)  # (phase, kind, status, code)
    payouts: dict[str, str] = field(default_factory=dict)  # Idempotency-Key -> payout id ("" unanswered)
    deposits: list[str] = field(default_factory=list)
    stopping: threading.Event = field(default_factory=threading.Event)
    failure: list[BaseException] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.client = self.stack.wire()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def record(self, kind: str, answer: Answer) -> Answer:
        self.answers.append((self.phase, kind, answer.status, answer.code))
        return answer

    def summary(self) -> dict[tuple[str, str, int], int]:
        return dict(Counter((p, k, s) for p, k, s, _ in self.answers))

    def seen(self, phase: str, kind: str, status: int | None = None) -> int:
        return sum(1 for p, k, s, _ in self.answers if p == phase and k == kind and status in (None, s))

    def round(self) -> None:
        if "sessionid" not in self.client.cookies:
            self.record("login", self.client.login(self.stack.email, DEMO_PASSWORD))
        self.record("list", self.client.get("/api/deposits"))
        fresh = self.stack.wire()
        self.record("login", fresh.login(self.stack.email, DEMO_PASSWORD))
        for key in [k for k, v in self.payouts.items() if not v] + [uuid.uuid4().hex]:
            body = {"amount": PAYOUT, "method": "pix", "bank_account_id": self.stack.account}
            answer = self.record("payout", self.client.post("/api/payouts", body, {"Idempotency-Key": key}))
            self.payouts.setdefault(key, "")
            if answer.status in (200, 201):
                self.payouts[key] = answer.body["id"]
        body = {"method": "pix", "amount": 1_500, "currency": "BRL", "payer": PAYER}
        answer = self.record("deposit", self.client.post("/api/deposits", body))
        if answer.status == 201:
            self.deposits.append(answer.body["id"])
        self.record("health", self.client.get("/api/health"))

    def run(self) -> None:
        try:
            while not self.stopping.is_set():
                self.round()
        except BaseException as exc:  # reported by the test
            self.failure.append(exc)

    def __enter__(self) -> Load:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopping.set()
        self.thread.join(timeout=120)

    def check(self) -> None:
        assert not self.failure, self.failure
        errors = [
            a
            for a in self.answers
            if a[2] >= 500 and (a[2] != 503 or a[3] not in ("service_unavailable", ""))
        ]
        # /api/health answers 503 with its report (no code) while something is down; nothing else may.
        errors = [a for a in errors if not (a[1] == "health" and a[2] == 503)]
        assert not errors, errors
        unexpected = Counter(a for a in self.answers if a[2] not in (200, 201, 503))
        assert not unexpected, unexpected


def settle(stack: Stack, load: Load) -> dict[str, Any]:
    """Everything resumes on its own: health is ok, every payout answered is confirmed by the bank and
    every deposit answered is paid; returns the final state read on the private stack."""
    client = stack.wire()
    wait_for(lambda: client.get("/api/health").status == 200, "health to be ok again", timeout=120)
    client.login(stack.email, DEMO_PASSWORD)
    unanswered = [k for k, v in load.payouts.items() if not v]
    body = {"amount": PAYOUT, "method": "pix", "bank_account_id": stack.account}
    for key in unanswered:  # a client retries what it had no answer to, with the same key
        answer = client.post("/api/payouts", body, {"Idempotency-Key": key})
        assert answer.status in (200, 201), answer
        load.payouts[key] = answer.body["id"]

    statuses: dict[str, Counter[str]] = {}

    def all_done() -> bool:
        statuses["payouts"] = Counter(
            client.get(f"/api/payouts/{pid}").body["status"] for pid in load.payouts.values()
        )
        statuses["deposits"] = Counter(
            client.get(f"/api/deposits/{did}").body["status"] for did in load.deposits
        )
        return set(statuses["payouts"]) | set(statuses["deposits"]) <= {"confirmed"}

    wait_for(
        all_done,
        "every payout and deposit to be confirmed by the bank",
        timeout=180,
        interval=1,
        state=lambda: statuses,
    )
    health = client.get("/api/health").body
    wait_for(
        lambda: client.get("/api/health").body["jobs_waiting"] == 0,
        "the outbox to be empty",
        timeout=60,
        state=lambda: stack.django(  # what waits, by namespace and actor
            "from django.db.models import Count\nfrom outbox.models import OutboxMessage\n"
            "result = list(OutboxMessage.objects.values('namespace', 'actor_name', 'last_error')"
            ".annotate(n=Count('pk')))"
        ),
    )
    state: dict[str, Any] = stack.django(
        "from django_tenants.utils import schema_context\n"
        "from ledger.services import check_invariants\n"
        "from payouts.models import Payout\nfrom payments.models import Deposit\n"
        f"with schema_context('{stack.slug}'):\n"
        "    payouts = list(Payout.objects.values_list('idempotency_key', flat=True))\n"
        "    deposits = Deposit.objects.count()\n"
        "result = {'invariants': check_invariants().ok, 'payout_keys': payouts, 'deposits': deposits}"
    )
    state["health"] = health
    return state


def check_books(load: Load, state: dict[str, Any]) -> None:
    assert state["invariants"] is True
    keys = Counter(state["payout_keys"])
    assert set(keys) >= set(load.payouts), "a payout answered is missing"
    assert all(count == 1 for count in keys.values()), "an Idempotency-Key made two payouts"
    assert state["deposits"] >= len(load.deposits)


def report(
    name: str, load: Load, outage: float, recovered: float, capsys: pytest.CaptureFixture[str]
) -> None:
    during = Counter((k, s) for p, k, s, _ in load.answers if p == "outage")
    with capsys.disabled():
        print(  # noqa: T201  (the figures of the fault, in the test log)
            f"\n{name}: away {outage:.1f} s; answers during the outage {dict(sorted(during.items()))}; "
            f"{len(load.payouts)} payouts and {len(load.deposits)} deposits in all, every one confirmed "
            f"{recovered:.1f} s after the store came back"
        )


def test_redis_away_for_30_seconds(stack: Stack, capsys: pytest.CaptureFixture[str]) -> None:
    with Load(stack) as load:
        wait_for(
            lambda: load.seen("before", "health", 200) >= 1, "a first round with everything up", timeout=60
        )
        stack.redis.stop()
        load.phase = "outage"
        down_at = time.monotonic()

        def outage_seen() -> bool:
            return (
                load.seen("outage", "login", 200) >= 2  # a fresh session each round: logins keep working
                and load.seen("outage", "list", 200) >= 2
                and load.seen("outage", "payout", 201) >= 2  # their submission jobs wait in the outbox
                and load.seen("outage", "deposit", 201) >= 1  # the bank's webhooks wait in the outbox
                and load.seen("outage", "health", 503) >= 1
                and time.monotonic() - down_at >= OUTAGE_SECONDS
            )

        wait_for(
            outage_seen,
            "the load to run through the outage",
            timeout=OUTAGE_SECONDS + 120,
            interval=0.5,
            state=load.summary,
        )
        health = stack.wire().get("/api/health")
        during = time.monotonic() - down_at
        stack.redis.start()
        load.phase = "after"
        back_at = time.monotonic()
        wait_for(lambda: load.seen("after", "health", 200) >= 1, "the load to see health ok", timeout=120)
    load.check()
    assert health.status == 503
    assert (health.body["redis"], health.body["database"]) == (False, True)
    assert "redis" in health.body["down"]
    assert health.body["jobs_waiting"] >= 2  # the payouts' submissions, kept until Redis is back
    state = settle(stack, load)
    check_books(load, state)
    report("Redis away", load, during, time.monotonic() - back_at, capsys)


def test_postgres_restarted_under_load(stack: Stack, capsys: pytest.CaptureFixture[str]) -> None:
    with Load(stack) as load:
        wait_for(
            lambda: load.seen("before", "health", 200) >= 1, "a first round with everything up", timeout=60
        )
        down_at = time.monotonic()
        stack.postgres.stop()
        load.phase = "outage"

        def outage_seen() -> bool:
            return (
                load.seen("outage", "list", 503) >= 1
                and load.seen("outage", "payout", 503) >= 1
                and load.seen("outage", "health", 503) >= 1
            )

        wait_for(
            outage_seen, "the load to see PostgreSQL away", timeout=120, interval=0.2, state=load.summary
        )
        unavailable = stack.wire("pt-BR")
        unavailable.cookies = dict(load.client.cookies)
        answer = unavailable.get("/api/deposits")
        health = stack.wire().get("/api/health")
        stack.postgres.start()
        load.phase = "after"
        back_at = time.monotonic()
        during = back_at - down_at  # from the shutdown to a server accepting connections again
        wait_for(lambda: load.seen("after", "payout", 201) >= 1, "payouts to be taken again", timeout=120)
    load.check()
    assert answer.status == 503
    assert answer.body == {
        "code": "service_unavailable",
        "message": "O serviço está temporariamente indisponível. Tente novamente em instantes.",
    }
    assert health.status == 503
    assert "database" in health.body["down"]
    assert health.body["database"] is False
    state = settle(stack, load)
    check_books(load, state)
    report("PostgreSQL restarted", load, during, time.monotonic() - back_at, capsys)
