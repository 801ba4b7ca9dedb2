from django.apps import AppConfig


class DirectDepositsConfig(AppConfig):
    # Tenant schema: the client's PIX keys (each also in the public directory, gateway.PixKeyDirectory).
    # Money sent to a key with no charge becomes a deposit of payments (`direct`): builds on payments.
    name = "direct_deposits"
    verbose_name = "Direct deposits (PIX keys)"

    def ready(self) -> None:
        # Provider events of money sent to a key come through the webhook inbox, found by the key.
        from direct_deposits.services import apply_pix_credit
        from gateway.webhooks import PIX_KEY, register_event_handler

        register_event_handler("pix_credit", index_kind=PIX_KEY, handler=apply_pix_credit)
