"""`manage.py customers_backfill`: recompute every client's customers (client/crm) from its deposits and
the public transaction index. Safe to run at any time: each customer is recomputed, not incremented."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction
from django_tenants.utils import schema_context

from customers import rollup
from payments.models import Deposit
from tenants.models import Tenant, TenantKind


class Command(BaseCommand):
    help = "Recompute the customers roll-up (client/crm) of every client from its deposits."

    def handle(self, *args: Any, **options: Any) -> None:
        for tenant in Tenant.objects.filter(kind=TenantKind.CLIENT).order_by("slug"):
            with schema_context(tenant.schema_name), transaction.atomic():
                latest = Deposit.objects.order_by("payer_document", "-created_at").distinct("payer_document")
                payers = latest.values_list("payer_document", "payer_name", "payer_email")
                count = rollup.rebuild(tenant.pk, payers.iterator())
            self.stdout.write(f"{tenant.slug}: {count} customer(s)")
