"""Journal entries and postings are immutable: the database refuses UPDATE and DELETE."""

from django.db import migrations

FORWARD = """
CREATE OR REPLACE FUNCTION cofre_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'table % is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER journal_entry_immutable BEFORE UPDATE OR DELETE ON ledger_journalentry
    FOR EACH ROW EXECUTE FUNCTION cofre_refuse_change();
CREATE TRIGGER posting_immutable BEFORE UPDATE OR DELETE ON ledger_posting
    FOR EACH ROW EXECUTE FUNCTION cofre_refuse_change();
"""

BACKWARD = """
DROP TRIGGER IF EXISTS journal_entry_immutable ON ledger_journalentry;
DROP TRIGGER IF EXISTS posting_immutable ON ledger_posting;
"""


class Migration(migrations.Migration):
    dependencies = [("ledger", "0001_initial")]

    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
