from django.apps import AppConfig


class RefundsConfig(AppConfig):
    # Tenant schema. Refunds of deposits build on payments. The model came from `payouts` (migration
    # payouts 0003 hands it over): its table keeps the name payouts_refund.
    name = "refunds"
    verbose_name = "Refunds of deposits"

    def ready(self) -> None:
        # Provider events about refunds come through the webhook inbox; the clock ticks the jobs.
        from core.periodic import register_periodic
        from gateway.webhooks import register_event_handler
        from refunds.services import apply_refund_event
        from refunds.tasks import refund_jobs

        register_event_handler("refund", index_kind="refund", handler=apply_refund_event)
        register_periodic("refunds", refund_jobs)
