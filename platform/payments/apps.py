from django.apps import AppConfig


class PaymentsConfig(AppConfig):
    name = "payments"

    def ready(self) -> None:
        # Provider events about charges come through the webhook inbox; the clock ticks the jobs.
        from core.periodic import register_periodic
        from gateway.webhooks import register_event_handler
        from payments.queries import rollup_source
        from payments.services import apply_charge_event
        from payments.tasks import tenant_jobs
        from stats.rollups import register_source

        register_event_handler("charge", index_kind="deposit", handler=apply_charge_event)
        register_periodic("deposits", tenant_jobs)
        register_source("deposit", rollup_source)
