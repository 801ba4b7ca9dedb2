from django.apps import AppConfig


class StatementsConfig(AppConfig):
    # Public schema: statements read the public ledger; external adjustments of any client are proposed
    # and confirmed by platform staff and post to the same books.
    name = "statements"
    verbose_name = "Statements"
