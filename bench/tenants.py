"""Benchmark: how long provisioning a tenant takes.

Run: `make bench-tenants` (uses DATABASE_URL or the embedded PostgreSQL; creates and drops its own
tenants named benchNNNN). Prints, in ms:

1. one at a time: a spare schema ready (tenants/spares.py: renamed; the pool topped up beforehand,
   untimed), a clone of the template made then (tenants/clone.py), and migrating a new schema;
2. a burst larger than the pool: BENCH_BURST (default 50) provisionings back to back from
   BENCH_BURST_THREADS threads (default 1), each sending the worker a top-up at its commit as the admin's
   provisioning does, while a real dramatiq worker (`dramatiq config.worker`, 1 process, 2 threads, on a
   Redis namespace of its own) refills TENANT_SPARE_SCHEMAS (default 2): p50/p95, how many found a spare,
   tenants per second, and how long the worker then takes to fill the pool again.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import config.paths  # noqa: E402,F401

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# The bench's worker and this process share a queue namespace no other worker consumes.
os.environ["REDIS_NAMESPACE"] = f"bench-tenants-{os.getpid()}"
os.environ.setdefault("TENANT_SPARE_SCHEMAS", "2")
import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connections, transaction  # noqa: E402
from django.test.utils import override_settings  # noqa: E402

from core.jobs import enqueue_on_commit  # noqa: E402
from core.tasks import top_up_spare_schemas  # noqa: E402
from tenants import spares  # noqa: E402
from tenants.models import Tenant  # noqa: E402
from tenants.services import create_tenant  # noqa: E402
from tenants.template import sync_template  # noqa: E402

RUNS = int(os.environ.get("BENCH_RUNS", "5"))
BURST = int(os.environ.get("BENCH_BURST", "50"))
BURST_THREADS = int(os.environ.get("BENCH_BURST_THREADS", "1"))


def new_slug(n: int) -> str:
    return f"bench{int(time.time() * 1000) % 10_000_000}{n}"


def percentiles(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"p50 {statistics.median(ordered):.0f} ms, p95 {p95:.0f} ms, max {ordered[-1]:.0f} ms"


def timed_creations(label: str, *, spare: bool = False) -> list[float]:
    times = []
    for n in range(RUNS):
        if spare:
            spares.top_up(1)  # untimed, as the worker does between two provisionings
        slug = new_slug(n)
        started = time.perf_counter()
        tenant = create_tenant(slug=slug, name=slug, kind="client")
        times.append((time.perf_counter() - started) * 1000)
        Tenant.objects.get(pk=tenant.pk).delete(force_drop=True)
    print(
        f"{label:<34} "
        + " ".join(f"{t:7.0f}" for t in times)
        + f"   median {statistics.median(times):.0f} ms"
    )
    return times


def wait_for(condition: Callable[[], bool], timeout: float) -> float | None:
    """Seconds until `condition()` held (polled every 50 ms), None past `timeout`."""
    started = time.perf_counter()
    while time.perf_counter() - started < timeout:
        if condition():
            return time.perf_counter() - started
        time.sleep(0.05)
    return None


def pool_full() -> bool:
    return len(spares.ready_names()) >= spares.target()


def start_worker(log: Path) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "DATABASE_URL": settings.DATABASE_URL,
        "REDIS_URL": settings.REDIS_URL,
        "TENANT_SPARE_SCHEMAS": str(spares.target()),
        "LOG_LEVEL": "WARNING",
    }
    with log.open("wb") as out:
        return subprocess.Popen(
            [str(Path(sys.executable).parent / "dramatiq"), "config.worker", "--processes", "1", "--threads", "2"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip


def provision_burst(made: list[Tenant]) -> tuple[list[float], list[str | None], float]:
    """BURST provisionings back to back, each sending a top-up at its commit: their times (ms), the
    spare each claimed (None: cloned then), and the wall time (s). `made` gets the tenants."""
    found: dict[str, str | None] = {}
    times: dict[str, float] = {}
    original_claim = spares.claim

    def recording_claim(dest: str) -> str | None:
        found[dest] = original_claim(dest)
        return found[dest]

    spares.claim = recording_claim
    slugs = [new_slug(n) for n in range(BURST)]
    lock = threading.Lock()

    def run(mine: list[str]) -> None:
        try:
            for slug in mine:
                started = time.perf_counter()
                with transaction.atomic():
                    tenant = create_tenant(slug=slug, name=slug, kind="client")
                    enqueue_on_commit(top_up_spare_schemas)  # as backoffice.do_provision_tenant
                with lock:
                    times[slug] = (time.perf_counter() - started) * 1000
                    made.append(tenant)
        finally:
            connections.close_all()

    started = time.perf_counter()
    threads = [threading.Thread(target=run, args=(slugs[i::BURST_THREADS],)) for i in range(BURST_THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - started
    spares.claim = original_claim
    done = [slug for slug in slugs if slug in times]
    return [times[slug] for slug in done], [found.get(slug) for slug in done], wall


def stop(worker: subprocess.Popen[bytes]) -> None:
    worker.terminate()
    try:
        worker.wait(timeout=30)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.wait()


def burst() -> None:
    """BURST provisionings back to back while a real worker tops the pool up."""
    log = ROOT / ".data" / "bench-tenants-worker.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    worker = start_worker(log)
    made: list[Tenant] = []
    try:
        top_up_spare_schemas.send()
        if wait_for(pool_full, 120) is None:
            raise SystemExit(f"the worker did not fill the pool:\n{log.read_text(errors='replace')[-3000:]}")
        times, found, wall = provision_burst(made)
        refilled = wait_for(pool_full, 300)
        print(
            f"\n2. A burst of {BURST} provisionings ({BURST_THREADS} thread(s), back to back), pool of "
            f"{spares.target()}, a real worker topping it up:\n"
            f"   all: {percentiles(times)}; {sum(n is not None for n in found)} of {len(times)} found a "
            f"spare ready; {len(times) / wall:.1f} tenants/s ({wall:.1f} s)"
        )
        with_spare = [t for t, name in zip(times, found, strict=True) if name is not None]
        without = [t for t, name in zip(times, found, strict=True) if name is None]
        if with_spare:
            print(f"   with a spare: {percentiles(with_spare)}")
        if without:
            print(f"   without (cloned then, beside the worker's clones): {percentiles(without)}")
        refill = f"{refilled:.1f} s" if refilled is not None else "not within 300 s"
        print(f"   pool back to {spares.target()} ready spares {refill} after the burst")
    finally:
        stop(worker)
        for tenant in made:
            Tenant.objects.get(pk=tenant.pk).delete(force_drop=True)
        spares.drop_all()
        from dramatiq import get_broker

        client = get_broker().client  # type: ignore[attr-defined]
        keys = list(client.scan_iter(f"{settings.REDIS_NAMESPACE}-jobs*"))
        if keys:
            client.delete(*keys)


def main() -> None:
    from django.core.management import call_command

    call_command("migrate_schemas", shared=True, verbosity=0)
    call_command("migrate_schemas", tenant=True, verbosity=0)
    sync_template()
    tenants = Tenant.objects.exclude(schema_name="public").count()
    print(
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; {tenants} tenants in the database\n"
        f"1. Tenant creation, one at a time, {RUNS} runs each (ms):"
    )
    spared = timed_creations("a spare schema ready (renamed)", spare=True)
    spares.drop_all()
    clone = timed_creations("clone of the template schema")
    with override_settings(TENANT_BASE_SCHEMA=None, TENANT_CREATION_FAKES_MIGRATIONS=False):
        migrate = timed_creations("migrating a new schema")
    print(
        f"goal < 1000 ms: spare median {statistics.median(spared):.0f} ms, clone median "
        f"{statistics.median(clone):.0f} ms, migrate median {statistics.median(migrate):.0f} ms"
    )
    burst()
    print(
        f"\nLoad average {os.getloadavg()[0]:.1f} at the end (the machine is shared: other processes count)."
    )


if __name__ == "__main__":
    main()
