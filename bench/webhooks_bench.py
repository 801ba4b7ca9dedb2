"""Benchmark: webhooks to merchants with a real worker pool, 10,000 events to 50 endpoints of which 5
are dead (connection refused) and 5 answer in 5 s (past the 5 s timeout: they fail slowly).

    make bench-webhooks     (BENCH_WEBHOOK_EVENTS=10000, BENCH_WEBHOOK_RATE=200 events/s,
                             BENCH_WEBHOOK_PROCESSES=2 worker processes of 8 threads)

1. Ten client tenants `benchwh0`..`benchwh9` (made once), each with five endpoints, each endpoint
   subscribed to its own event type, so an event goes to exactly one endpoint. Tenants 0-4 have one
   dead endpoint each, tenants 5-9 one slow endpoint each: the slow and dead ones sit beside healthy
   endpoints of the same merchant. (Their old endpoints and deliveries are deleted first.)
2. Receivers in this process (ThreadingHTTPServer; outside the system): the healthy ones answer 200 at
   once and note when each event id first arrived; the slow ones answer after 5 s; the dead ones are a
   closed port.
3. `dramatiq config.worker --queues webhooks` (BENCH_WEBHOOK_PROCESSES processes, 8 threads each) on a
   Redis namespace of its own, with COFRE_WEBHOOKS_ALLOW_PRIVATE=1 (the receivers are on this machine).
4. Emits the events through `webhooks.services.emit` (what record_change calls), round robin over the
   50 endpoints, in transactions of 10 at BENCH_WEBHOOK_RATE events a second, noting each commit's time;
   then waits until every healthy endpoint's events have arrived (or 300 s).
Prints, for the healthy endpoints: events delivered, latency from commit to arrival (p50, p95, p99,
max), the run's throughput, and the slow and dead endpoints' attempts (and whether they paused).
Uses DATABASE_URL / REDIS_URL or the embedded servers.
"""

from __future__ import annotations

import os
import socket
import statistics
import subprocess
import sys
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import config.paths  # noqa: E402,F401

NAMESPACE = f"benchwh-{uuid.uuid4().hex[:6]}"
os.environ["REDIS_NAMESPACE"] = NAMESPACE
os.environ["COFRE_WEBHOOKS_ALLOW_PRIVATE"] = "1"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import transaction  # noqa: E402
from django_tenants.utils import schema_context  # noqa: E402

from core import crypto  # noqa: E402
from core.ids import new_public_id  # noqa: E402
from tenants.models import Tenant  # noqa: E402
from tenants.services import create_tenant  # noqa: E402
from tenants.template import sync_template  # noqa: E402
from webhooks import services  # noqa: E402
from webhooks.models import WebhookEndpoint, WebhookEvent  # noqa: E402

EVENTS = int(os.environ.get("BENCH_WEBHOOK_EVENTS", "10000"))
RATE = float(os.environ.get("BENCH_WEBHOOK_RATE", "200"))
PROCESSES = os.environ.get("BENCH_WEBHOOK_PROCESSES", "2")
TYPES = ("deposit.created", "deposit.confirmed", "payout.confirmed", "payout.rejected", "refund.created")
TENANTS = 10
BATCH = 10

arrivals: dict[str, float] = {}
slow_hits = [0]
lock = threading.Lock()


class Healthy(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        now = time.time()
        event_id = self.headers.get("Cofre-Event-Id", "")
        with lock:
            arrivals.setdefault(event_id, now)
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")
        del body

    def log_message(self, format: str, *args: object) -> None:
        return


class Slow(Healthy):
    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with lock:
            slow_hits[0] += 1
        time.sleep(5)  # the slow merchant's server
        try:
            self.send_response(200)
            self.end_headers()
        except OSError:
            pass  # the sender gave up at its timeout


def serve(handler: type[BaseHTTPRequestHandler]) -> ThreadingHTTPServer:
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def prepare(healthy_url: str, slow_url: str, dead_url: str) -> list[tuple[str, str, str]]:
    """(schema, event type, kind) of the 50 endpoints, made afresh."""
    targets = []
    for n in range(TENANTS):
        slug = f"benchwh{n}"
        with schema_context("public"):
            tenant = Tenant.objects.filter(slug=slug).first() or create_tenant(
                slug=slug, name=f"Bench webhooks {n}", kind="client"
            )
        with schema_context(tenant.schema_name):
            WebhookEndpoint.objects.all().delete()
            WebhookEvent.objects.all().delete()
            for position, event_type in enumerate(TYPES):
                kind = "healthy"
                if position == 0:
                    kind = "dead" if n < TENANTS // 2 else "slow"
                url = {"healthy": healthy_url, "slow": slow_url, "dead": dead_url}[kind]
                WebhookEndpoint.objects.create(
                    public_id=new_public_id("we"), url=f"{url}/{slug}/{position}", events=[event_type],
                    secret=crypto.seal(services.new_secret()),
                )  # fmt: skip
                targets.append((tenant.schema_name, event_type, kind))
    return targets


def emit_all(targets: list[tuple[str, str, str]]) -> tuple[dict[str, tuple[float, str]], float]:
    """The events, round robin over the endpoints, in transactions of BATCH at RATE a second; each
    event id with its commit time and its endpoint's kind."""
    committed: dict[str, tuple[float, str]] = {}
    started = time.time()
    for first in range(0, EVENTS, BATCH):
        if (wait := started + first / RATE - time.time()) > 0:
            time.sleep(wait)
        by_schema: dict[str, list[tuple[str, str, int]]] = {}
        for n in range(first, min(first + BATCH, EVENTS)):
            schema, event_type, kind = targets[n % len(targets)]
            by_schema.setdefault(schema, []).append((event_type, kind, n))
        for schema, items in by_schema.items():
            with schema_context(schema):
                ids = []
                with transaction.atomic():
                    for event_type, kind, n in items:
                        event = services.emit(event_type, f"obj_{n}", {"id": f"obj_{n}", "n": n})
                        assert event is not None
                        ids.append((event.public_id, kind))
                now = time.time()
                committed.update({event_id: (now, kind) for event_id, kind in ids})
    return committed, started


def report(
    targets: list[tuple[str, str, str]], committed: dict[str, tuple[float, str]], started: float
) -> None:
    emitted = time.time() - started
    healthy_ids = [event_id for event_id, (_, kind) in committed.items() if kind == "healthy"]
    deadline = time.time() + 300
    while time.time() < deadline:
        with lock:
            if all(event_id in arrivals for event_id in healthy_ids):
                break
        time.sleep(0.2)
    finished = time.time() - started
    with lock:
        latencies = [arrivals[e] - committed[e][0] for e in healthy_ids if e in arrivals]
    print(
        f"healthy endpoints: {len(latencies):,} of {len(healthy_ids):,} delivered (emitting took {emitted:.1f} s)"
    )
    if latencies:
        print(
            "commit -> arrival (s): "
            f"p50 {statistics.median(latencies):.2f}  p95 {percentile(latencies, 0.95):.2f}  "
            f"p99 {percentile(latencies, 0.99):.2f}  max {max(latencies):.2f}"
        )
        print(f"throughput: {len(latencies) / finished:.0f} healthy deliveries/s over {finished:.1f} s")
        slow_at = sorted(
            (arrivals[e] - committed[e][0], committed[e][0] - started) for e in healthy_ids if e in arrivals
        )
        late = [f"{lat:.1f}s@{at:.0f}s" for lat, at in slow_at[-10:]]
        print(f"the 10 latest (latency @ commit second): {' '.join(late)}; load average {os.getloadavg()}")
    paused = 0
    for schema in {s for s, _, kind in targets if kind != "healthy"}:
        with schema_context(schema):
            paused += WebhookEndpoint.objects.filter(status="paused").count()
    print(f"slow endpoints: {slow_hits[0]} requests received; slow/dead endpoints paused: {paused} of 10 "
          f"(they pause after {settings.WEBHOOK_PAUSE_AFTER_FAILURES} failures in a row, about a day)")  # fmt: skip


def main() -> None:
    call_command("migrate_schemas", shared=True, verbosity=0)
    call_command("migrate_schemas", tenant=True, verbosity=0)
    sync_template()
    healthy, slow = serve(Healthy), serve(Slow)
    dead_url = f"http://127.0.0.1:{closed_port()}"
    targets = prepare(
        f"http://127.0.0.1:{healthy.server_address[1]}",
        f"http://127.0.0.1:{slow.server_address[1]}",
        dead_url,
    )
    log = ROOT / ".data" / "bench-webhooks-worker.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, REDIS_NAMESPACE=NAMESPACE, COFRE_WEBHOOKS_ALLOW_PRIVATE="1", PYTHONUNBUFFERED="1")
    with log.open("wb") as out:
        worker = subprocess.Popen(
            [str(Path(sys.executable).parent / "dramatiq"), "config.worker", "--processes", PROCESSES,
             "--threads", "8", "--queues", "webhooks"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        deadline = time.time() + 120  # measure deliveries, not the workers' start
        while log.read_text(errors="replace").count("is ready for action") < int(PROCESSES):
            if time.time() > deadline or worker.poll() is not None:
                raise RuntimeError(log.read_text(errors="replace")[-3000:])
            time.sleep(0.2)
        print(
            f"{EVENTS:,} events to 50 endpoints (40 healthy, 5 slow, 5 dead) at {RATE:.0f}/s, "
            f"{PROCESSES} worker processes x 8 threads",
            flush=True,
        )
        committed, started = emit_all(targets)
        report(targets, committed, started)
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
        healthy.shutdown()
        slow.shutdown()
        from core.redis import redis_client

        keys = list(redis_client().scan_iter(f"{NAMESPACE}*"))
        if keys:
            redis_client().delete(*keys)


if __name__ == "__main__":
    main()
