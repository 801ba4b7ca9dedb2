# Hand-written: bank accounts and refunds become apps of their own (bank_accounts, refunds), keeping
# their tables (payouts_bankaccount, payouts_refund) and every row. State only: nothing in the
# database changes, so existing schemas (and the tenant template) migrate in an instant.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('bank_accounts', '0001_initial'),
        ('payouts', '0002_payout_fee_refund_provider'),
        ('refunds', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='payout',
                    name='bank_account',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='payouts', to='bank_accounts.bankaccount'),
                ),
                migrations.DeleteModel(name='BankAccount'),
                migrations.DeleteModel(name='Refund'),
            ],
            database_operations=[],
        ),
    ]
