"""Rebuilding a client's customers roll-up (customers.rollup) from its deposits: `manage.py
customers_backfill` and the demo seed (which dates its records in the past after record_change
counted them today)."""

from __future__ import annotations

from django_tenants.utils import schema_context

from customers import contacts, rollup
from customers.models import Customer, CustomerNote
from payments.models import Deposit
from payouts.models import Payout
from tenants.models import Tenant


def rebuild_customers(tenant: Tenant) -> int:
    """Every payer of the tenant's deposits recomputed, with its latest name and e-mail (in the
    caller's transaction). Returns how many customers."""
    with schema_context(tenant.schema_name):
        latest = Deposit.objects.order_by("payer_document", "-created_at").distinct("payer_document")
        payers = latest.values_list("payer_document", "payer_name", "payer_email")
        return rollup.rebuild(tenant.pk, payers.iterator())


def rebuild_contacts(tenant: Tenant) -> int:
    """The tenant's uses of e-mails and phones (employee/kyc-phones-emails) noted again from its
    deposits' payer e-mails and its payouts' PIX keys of kind e-mail or phone. Returns how many."""
    with schema_context(tenant.schema_name):
        uses = []
        for deposit in Deposit.objects.exclude(payer_email="").order_by("created_at", "id").iterator():
            uses += [(*found, deposit.created_at) for found in contacts.contacts_of("deposit", deposit)]
        keyed = Payout.objects.filter(pix_key_type__in=("email", "phone")).order_by("created_at", "id")
        for payout in keyed.iterator():
            uses += [(*found, payout.created_at) for found in contacts.contacts_of("payout", payout)]
        return contacts.rebuild_tenant(tenant, uses)


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
