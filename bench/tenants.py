"""Benchmark: how long provisioning a tenant takes (clone of the template vs migrating a schema).

Run: `make bench-tenants` (uses DATABASE_URL or the embedded PostgreSQL; creates and drops its own
tenants named benchNNNN). Prints per-run times and the median for each way.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import config.paths  # noqa: F401

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
import django

django.setup()

from django.test.utils import override_settings  # noqa: E402

from tenants.models import Tenant  # noqa: E402
from tenants.services import create_tenant  # noqa: E402
from tenants.template import sync_template  # noqa: E402

RUNS = int(os.environ.get("BENCH_RUNS", "5"))


def timed_creations(label: str) -> list[float]:
    times = []
    for n in range(RUNS):
        slug = f"bench{int(time.time() * 1000) % 10_000_000}{n}"
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


def main() -> None:
    from django.core.management import call_command

    call_command("migrate_schemas", shared=True, verbosity=0)
    call_command("migrate_schemas", tenant=True, verbosity=0)
    sync_template()
    print(f"Tenant creation, {RUNS} runs each (ms):")
    clone = timed_creations("clone of the template schema")
    with override_settings(TENANT_BASE_SCHEMA=None, TENANT_CREATION_FAKES_MIGRATIONS=False):
        migrate = timed_creations("migrating a new schema")
    print(
        f"goal < 1000 ms: clone median {statistics.median(clone):.0f} ms, "
        f"migrate median {statistics.median(migrate):.0f} ms"
    )


if __name__ == "__main__":
    main()
