"""Compliance rules for payouts (public schema): how much a client may pay out without review."""
