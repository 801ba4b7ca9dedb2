"""Issue the receipt codes of deposits and settlements paid before codes were written when a receipt
is issued (they were written when a receipt was first read): per tenant schema, into the public
gateway.ReceiptCode pointers."""

from django.db import connection, migrations


def backfill(apps, schema_editor):
    from payments import receipts
    from tenants.models import Tenant

    if connection.schema_name == "public":
        return
    tenant = Tenant.objects.filter(schema_name=connection.schema_name).first()
    if tenant is None:  # the template schema: no client, no deposits of one
        return
    receipts.backfill(tenant)


class Migration(migrations.Migration):
    dependencies = [
        ("payments", "0007_direct_deposits"),
        ("gateway", "0008_receipt_code"),
        ("tenants", "0002_partner_terms"),
    ]

    operations = [migrations.RunPython(backfill, migrations.RunPython.noop)]
