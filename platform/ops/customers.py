"""Rebuilding a client's customers roll-up (customers.rollup) from its deposits: `manage.py
customers_backfill` and the demo seed (which dates its records in the past after record_change
counted them today)."""

from __future__ import annotations

from django_tenants.utils import schema_context

from customers import rollup
from customers.models import Customer, CustomerNote
from payments.models import Deposit
from tenants.models import Tenant


def rebuild_customers(tenant: Tenant) -> int:
    """Every payer of the tenant's deposits recomputed, with its latest name and e-mail (in the
    caller's transaction). Returns how many customers."""
    with schema_context(tenant.schema_name):
        latest = Deposit.objects.order_by("payer_document", "-created_at").distinct("payer_document")
        payers = latest.values_list("payer_document", "payer_name", "payer_email")
        return rollup.rebuild(tenant.pk, payers.iterator())


DEMO_TAGS = ("vip", "atacado")
DEMO_NOTE = "Cliente desde a abertura da loja; prefere receber o boleto por e-mail."


def seed_demo_customer(tenant: Tenant, document: str, author_email: str) -> None:
    """A customer of the demo with tags and a note (client/crm is not all empty rows)."""
    with schema_context(tenant.schema_name):
        customer = Customer.objects.filter(document=document).first()
        if customer is None or customer.notes.exists():
            return
        customer.tags = list(DEMO_TAGS)
        customer.save(update_fields=["tags", "updated_at"])
        CustomerNote.objects.create(customer=customer, text=DEMO_NOTE, author_email=author_email)
