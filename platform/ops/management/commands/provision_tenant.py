"""Provision, suspend or reactivate a tenant from the command line (same service as the admin API)."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from backoffice import services
from core.errors import AppError
from tenants.models import Tenant, TenantStatus


class Command(BaseCommand):
    help = "Create a client or partner tenant with its first user; or --suspend / --reactivate one."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug")
        parser.add_argument("--name", default="")
        parser.add_argument("--kind", choices=["client", "partner"], default="client")
        parser.add_argument("--owner-email", default="")
        parser.add_argument("--owner-name", default="")
        parser.add_argument("--module", action="append", default=[])
        parser.add_argument("--toggle", action="append", default=[])
        parser.add_argument("--currency", action="append", default=[])
        parser.add_argument("--partner", default=None)
        parser.add_argument("--suspend", action="store_true")
        parser.add_argument("--reactivate", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        slug = options["slug"]
        try:
            if options["suspend"] or options["reactivate"]:
                tenant = Tenant.objects.filter(slug=slug).first()
                if tenant is None:
                    raise CommandError(f"no tenant {slug!r}")
                status = TenantStatus.SUSPENDED if options["suspend"] else TenantStatus.ACTIVE
                services.do_set_tenant_status(None, tenant, status)
                self.stdout.write(f"{slug}: {status}")
                return
            if not options["owner_email"] or not options["name"]:
                raise CommandError("--name and --owner-email are required to create a tenant")
            started = time.perf_counter()
            result = services.do_provision_tenant(
                None,
                slug=slug,
                name=options["name"],
                kind=options["kind"],
                owner_email=options["owner_email"],
                owner_name=options["owner_name"],
                modules=options["module"],
                feature_toggles=options["toggle"],
                currencies=options["currency"] or ["BRL"],
                partner_slug=options["partner"],
            )
        except AppError as exc:
            raise CommandError(f"{exc.code}: {exc.params}") from exc
        elapsed = (time.perf_counter() - started) * 1000
        self.stdout.write(f"Created {result.tenant.slug} ({result.tenant.kind}) in {elapsed:.0f} ms")
        self.stdout.write(f"Owner: {result.owner_email}")
        if result.initial_password:
            self.stdout.write(f"Initial password (shown once): {result.initial_password}")
