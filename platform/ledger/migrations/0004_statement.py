"""Statements: each posting keeps when it was written and its account's running balance after it.

Existing postings are filled from their entry's time and a running sum per account in (created_at,
id) order; the immutability trigger is lifted for that one UPDATE only."""

from django.db import migrations, models

import ledger.models

BACKFILL = """
ALTER TABLE ledger_posting DISABLE TRIGGER posting_immutable;
UPDATE ledger_posting p SET posted_at = s.created_at, balance_after = s.running
FROM (
    SELECT p2.id, e.created_at,
           SUM(p2.amount) OVER (PARTITION BY p2.account_id ORDER BY e.created_at, p2.id) AS running
    FROM ledger_posting p2 JOIN ledger_journalentry e ON e.id = p2.entry_id
) s
WHERE s.id = p.id;
ALTER TABLE ledger_posting ENABLE TRIGGER posting_immutable;
"""


class Migration(migrations.Migration):
    dependencies = [("ledger", "0003_customer_wallet")]

    operations = [
        migrations.AlterField(
            model_name="ledgeraccount",
            name="kind",
            field=models.CharField(
                choices=[
                    ("available", "Available"),
                    ("pending", "Pending"),
                    ("held", "Held"),
                    ("fee_revenue", "Fee revenue"),
                    ("provider_clearing", "Provider clearing"),
                    ("partner_commission", "Partner commission"),
                    ("customer_wallet", "Customer wallet"),
                    ("external_adjustments", "External adjustments"),
                ],
                max_length=24,
            ),
        ),
        migrations.AddField(
            model_name="posting",
            name="posted_at",
            field=models.DateTimeField(db_default=ledger.models.ClockTimestamp()),
        ),
        migrations.AddField(
            model_name="posting",
            name="balance_after",
            field=models.BigIntegerField(default=0),
            preserve_default=False,
        ),
        migrations.RunSQL(BACKFILL, migrations.RunSQL.noop),
        migrations.AddIndex(
            model_name="posting",
            index=models.Index(fields=["account", "posted_at", "id"], name="posting_statement_idx"),
        ),
    ]
