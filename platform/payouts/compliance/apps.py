from django.apps import AppConfig


class PayoutComplianceConfig(AppConfig):
    # A public-schema app nested in `payouts` (a tenant app): the rules answer across every client.
    name = "payouts.compliance"
    label = "payouts_compliance"
    verbose_name = "Payout compliance rules"
