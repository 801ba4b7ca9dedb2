from django.apps import AppConfig


class StatementsConfig(AppConfig):
    # Public schema: statements read the public ledger; external adjustments of any client are proposed
    # and confirmed by platform staff and post to the same books.
    name = "statements"
    verbose_name = "Statements"

    def ready(self) -> None:
        # The home's summary (stats, a lower layer) totals the confirmed external credits and debits.
        from statements.services import external_totals
        from stats.services import register_external

        register_external(external_totals)
