# Hand-written: the Refund model moves here from `payouts` with its table (payouts_refund). State
# only: the table exists already (payouts 0001 and 0002 made it); payouts 0003 removes it from
# payouts' state.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('payments', '0002_name_tokens'),
        ('payouts', '0002_payout_fee_refund_provider'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Refund',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('public_id', models.CharField(max_length=32, unique=True)),
                        ('amount', models.BigIntegerField()),
                        ('currency', models.CharField(max_length=3)),
                        ('reason', models.CharField(max_length=200)),
                        ('status', models.CharField(choices=[('pending', 'Pending'), ('confirmed', 'Confirmed'), ('failed', 'Failed')], default='pending', max_length=10)),
                        ('from_pending', models.BigIntegerField(default=0)),
                        ('from_available', models.BigIntegerField(default=0)),
                        ('created_by_id', models.BigIntegerField(blank=True, null=True)),
                        ('provider', models.CharField(blank=True, max_length=40)),
                        ('provider_reference', models.CharField(blank=True, max_length=80)),
                        ('provider_extra', models.JSONField(blank=True, default=dict)),
                        ('submission_attempts', models.PositiveIntegerField(default=0)),
                        ('last_attempt_at', models.DateTimeField(blank=True, null=True)),
                        ('last_error', models.CharField(blank=True, max_length=120)),
                        ('failure_reason', models.CharField(blank=True, max_length=120)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                        ('confirmed_at', models.DateTimeField(blank=True, null=True)),
                        ('failed_at', models.DateTimeField(blank=True, null=True)),
                        ('deposit', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='refunds', to='payments.deposit')),
                    ],
                    options={
                        'db_table': 'payouts_refund',
                        'indexes': [
                            models.Index(fields=['created_at', 'id'], name='refund_created_idx'),
                            models.Index(fields=['status', 'created_at'], name='refund_status_idx'),
                        ],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
