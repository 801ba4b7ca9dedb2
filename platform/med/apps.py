from django.apps import AppConfig


class MedConfig(AppConfig):
    # Public schema: the MED desk answers across clients (employee/meds). A case names its client's
    # tenant and deposit; its money moves in the public ledger, its refunds in the client's schema.
    name = "med"
    verbose_name = "MED cases (Mecanismo Especial de Devolução)"

    def ready(self) -> None:
        # Provider notices come through the webhook inbox (kind "med", about a deposit); a normal refund
        # of a deposit with a case not closed is refused; the clock ticks the desk's job per client.
        from core.periodic import register_periodic
        from gateway.webhooks import register_event_handler
        from med import notices
        from med.services import apply_med_event, refuse_refund_while_open
        from med.tasks import med_jobs
        from refunds.services import register_refund_check

        notices.register()
        register_event_handler("med", index_kind="deposit", handler=apply_med_event)
        register_refund_check("med", refuse_refund_while_open)
        register_periodic("med", med_jobs)
