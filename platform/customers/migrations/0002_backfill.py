"""Backfill the customers of the deposits made before the roll-up existed (per tenant schema)."""

from django.db import connection, migrations


def backfill(apps, schema_editor):
    from customers import rollup

    if connection.schema_name == "public":
        return
    Tenant = apps.get_model("tenants", "Tenant")
    Deposit = apps.get_model("payments", "Deposit")
    tenant = Tenant.objects.filter(schema_name=connection.schema_name).first()
    if tenant is None:  # the public schema, the template schema: no client, no deposits of one
        return
    latest = Deposit.objects.order_by("payer_document", "-created_at").distinct("payer_document")
    rollup.rebuild(tenant.pk, latest.values_list("payer_document", "payer_name", "payer_email").iterator())


class Migration(migrations.Migration):
    dependencies = [
        ("customers", "0001_initial"),
        ("payments", "0006_customer_wallet"),
        ("gateway", "0005_partner_list_indexes"),
        ("tenants", "0001_initial"),
    ]

    operations = [migrations.RunPython(backfill, migrations.RunPython.noop)]
