"""Rebuild the statistics roll-ups of one client (or every one, and the platform's sums of them) from
its deposits and payouts."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from stats import rollups
from tenants.models import Tenant, TenantKind


class Command(BaseCommand):
    help = "Rebuild the statistics roll-ups from the source rows (one tenant by slug, or --all)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", nargs="?", default="")
        parser.add_argument("--all", action="store_true", help="every client tenant")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["all"]:
            tenants = list(Tenant.objects.filter(kind=TenantKind.CLIENT).order_by("slug"))
        elif options["slug"]:
            tenants = list(Tenant.objects.filter(slug=options["slug"]))
            if not tenants:
                raise CommandError(f"no tenant {options['slug']!r}")
        else:
            raise CommandError("name a tenant's slug or pass --all")
        for tenant in tenants:
            rows = rollups.rebuild(tenant)
            self.stdout.write(f"{tenant.slug}: {rows} roll-up rows")
        if options["all"]:  # every client recounted: the platform's sums of them too
            self.stdout.write(f"platform: {rollups.rebuild_platform()} roll-up rows")
