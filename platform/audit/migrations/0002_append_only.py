"""The database itself refuses to change or delete audit entries (in every schema the app lives in)."""

from django.db import migrations

FORWARD = """
CREATE OR REPLACE FUNCTION cofre_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'table % is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER audit_entry_append_only
    BEFORE UPDATE OR DELETE ON audit_auditentry
    FOR EACH ROW EXECUTE FUNCTION cofre_refuse_change();
"""

BACKWARD = "DROP TRIGGER IF EXISTS audit_entry_append_only ON audit_auditentry;"


class Migration(migrations.Migration):
    dependencies = [("audit", "0001_initial")]

    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
