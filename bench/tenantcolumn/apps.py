from django.apps import AppConfig


class TenantColumnConfig(AppConfig):
    """Benchmark only (COFRE_BENCH_COLUMN=1): one tenant migration that adds a column to every tenant,
    for `make bench-tenants-1000` to time a real migration across a thousand schemas."""

    name = "bench.tenantcolumn"
    label = "bench_tenantcolumn"
