# The daily roll-ups of every client summed (no tenant, no method): the admin's questions across every
# client read these.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('stats', '0003_monthly_month_index'),
        ('tenants', '0003_partner_allowance'),
    ]

    operations = [
        migrations.CreateModel(
            name='PlatformRollup',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(max_length=10)),
                ('currency', models.CharField(max_length=3)),
                ('day', models.DateField()),
                ('status', models.CharField(max_length=20)),
                ('count', models.BigIntegerField(default=0)),
                ('amount', models.BigIntegerField(default=0)),
                ('fee', models.BigIntegerField(default=0)),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('currency', 'day', 'kind', 'status'), name='stats_platform_key')],
            },
        ),
        # The days of the client roll-ups already kept (the same figures, summed over the clients).
        migrations.RunSQL(
            "INSERT INTO stats_platformrollup (kind, currency, day, status, count, amount, fee) "
            "SELECT r.kind, r.currency, r.day, r.status, sum(r.count), sum(r.amount), sum(r.fee) "
            "FROM stats_rollup r JOIN tenants_tenant t ON t.id = r.tenant_id AND t.kind = 'client' "
            "GROUP BY r.kind, r.currency, r.day, r.status",
            migrations.RunSQL.noop,
        ),
    ]
