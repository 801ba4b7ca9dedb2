# Hand-written: the BankAccount model moves here from `payouts` with its table (payouts_bankaccount).
# State only: the table exists already (payouts 0001 created it); payouts 0003 removes it from
# payouts' state after pointing Payout.bank_account here.

from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('payouts', '0002_payout_fee_refund_provider'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='BankAccount',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('public_id', models.CharField(max_length=32, unique=True)),
                        ('owner_kind', models.CharField(choices=[('company', 'The client company'), ('customer', 'A customer user')], max_length=10)),
                        ('owner_user_id', models.BigIntegerField(blank=True, null=True)),
                        ('holder_name', models.CharField(max_length=200)),
                        ('holder_document', models.CharField(max_length=14)),
                        ('bank_ispb', models.CharField(max_length=8)),
                        ('bank_compe', models.CharField(blank=True, max_length=3)),
                        ('bank_name', models.CharField(max_length=200)),
                        ('agency', models.CharField(max_length=5)),
                        ('agency_digit', models.CharField(blank=True, max_length=1)),
                        ('account', models.CharField(max_length=20)),
                        ('account_digit', models.CharField(max_length=2)),
                        ('account_type', models.CharField(choices=[('checking', 'Checking'), ('savings', 'Savings'), ('payment', 'Payment account')], max_length=10)),
                        ('operation', models.CharField(blank=True, max_length=3)),
                        ('pix_key', models.CharField(blank=True, max_length=77)),
                        ('pix_key_type', models.CharField(blank=True, max_length=5)),
                        ('is_active', models.BooleanField(default=True)),
                        ('created_by_id', models.BigIntegerField(blank=True, null=True)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('deleted_at', models.DateTimeField(blank=True, null=True)),
                    ],
                    options={
                        'db_table': 'payouts_bankaccount',
                        'indexes': [models.Index(fields=['owner_kind', 'owner_user_id', 'is_active'], name='bankacct_owner_idx')],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
