from django.apps import AppConfig


class PayoutsConfig(AppConfig):
    name = "payouts"
    verbose_name = "Payouts"

    def ready(self) -> None:
        # Provider events about payouts come through the webhook inbox; the clock ticks the jobs.
        from core.periodic import register_periodic
        from gateway.webhooks import register_event_handler
        from payouts import notices
        from payouts.queries import rollup_source
        from payouts.services import apply_payout_event
        from payouts.tasks import payout_jobs
        from stats.rollups import register_source

        register_event_handler("payout", index_kind="payout", handler=apply_payout_event)
        register_periodic("payouts", payout_jobs)
        register_source("payout", rollup_source)
        notices.register()
