"""Adds a nullable column to a tenant table (instant in PostgreSQL 11+: no table rewrite)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("payments", "__first__")]
    operations = [
        migrations.RunSQL(
            "ALTER TABLE payments_deposit ADD COLUMN bench_note text",
            reverse_sql="ALTER TABLE payments_deposit DROP COLUMN bench_note",
        )
    ]
