"""`manage.py customers_backfill`: recompute every client's customers (client/crm) from its deposits and
the public transaction index. Safe to run at any time: each customer is recomputed, not incremented."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from ops.customers import rebuild_contacts, rebuild_customers
from tenants.models import Tenant, TenantKind


class Command(BaseCommand):
    help = "Recompute the customers roll-up (client/crm) and the e-mail and phone index of every client."

    def handle(self, *args: Any, **options: Any) -> None:
        for tenant in Tenant.objects.filter(kind=TenantKind.CLIENT).order_by("slug"):
            with transaction.atomic():
                count = rebuild_customers(tenant)
                uses = rebuild_contacts(tenant)
            self.stdout.write(f"{tenant.slug}: {count} customer(s), {uses} use(s) of e-mails and phones")
