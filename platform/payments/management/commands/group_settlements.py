"""Group the settled deposits of one client (or every one) into settlements, from the deposits and
the ledger: for a database from before settlements existed (new settlements are kept as they happen)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django_tenants.utils import schema_context

from payments import receipts, settlements
from tenants.models import Tenant, TenantKind


class Command(BaseCommand):
    help = "Rebuild the settlements from the settled deposits (one tenant by slug, or --all)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", nargs="?", default="")
        parser.add_argument("--all", action="store_true", help="every client tenant")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["all"]:
            tenants = list(Tenant.objects.filter(kind=TenantKind.CLIENT).order_by("slug"))
        elif options["slug"]:
            tenants = list(Tenant.objects.filter(slug=options["slug"], kind=TenantKind.CLIENT))
            if not tenants:
                raise CommandError(f"no client tenant {options['slug']!r}")
        else:
            raise CommandError("name a tenant's slug or pass --all")
        for tenant in tenants:
            with schema_context(tenant.schema_name):
                count = settlements.regroup(tenant)
                receipts.backfill(tenant)  # the regrouped settlements' receipts
            self.stdout.write(f"{tenant.slug}: {count} settlements")
