"""The payout's kind and destination on its index row (the staff wallet-withdraws list reads them).

Rows written before this migration are filled from each client schema's payouts (where the table
already exists; a schema migrated later has no payouts yet).
"""

from django.db import migrations, models

FILL = """
UPDATE public.gateway_transactionindex AS t
SET payout_kind = p.kind,
    bank_name = p.bank_name,
    destination = LEFT(
        CASE WHEN p.account <> '' THEN
            p.agency || CASE WHEN p.agency_digit <> '' THEN '-' || p.agency_digit ELSE '' END
            || ' / ' || p.account || CASE WHEN p.account_digit <> '' THEN '-' || p.account_digit ELSE '' END
        ELSE p.pix_key END,
        100)
FROM {table} AS p
WHERE t.kind = 'payout' AND t.public_id = p.public_id AND t.payout_kind = ''
"""


def fill_payout_rows(apps, schema_editor):
    Tenant = apps.get_model("tenants", "Tenant")
    connection = schema_editor.connection
    with connection.cursor() as cursor:
        for schema in Tenant.objects.filter(kind="client").values_list("schema_name", flat=True):
            table = f"{connection.ops.quote_name(schema)}.payouts_payout"
            cursor.execute("SELECT to_regclass(%s)", [table])
            if cursor.fetchone()[0] is not None:
                cursor.execute(FILL.format(table=table))


class Migration(migrations.Migration):
    dependencies = [
        ("gateway", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="transactionindex",
            name="payout_kind",
            field=models.CharField(blank=True, max_length=16),
        ),
        migrations.AddField(
            model_name="transactionindex",
            name="bank_name",
            field=models.CharField(blank=True, max_length=200),
        ),
        migrations.AddField(
            model_name="transactionindex",
            name="destination",
            field=models.CharField(blank=True, max_length=100),
        ),
        migrations.AddIndex(
            model_name="transactionindex",
            index=models.Index(
                condition=models.Q(("kind", "payout")),
                fields=["payout_kind", "created_at", "id"],
                name="txindex_payout_kind_idx",
            ),
        ),
        migrations.RunPython(fill_payout_rows, migrations.RunPython.noop),
    ]
