from django.apps import AppConfig


class ComplianceConfig(AppConfig):
    # Public schema: the rules answer across every client. The label is the one the app had when it
    # was nested in `payouts` (`payouts.compliance`): existing databases keep their migration history
    # and their table (payouts_compliance_compliancerule).
    name = "compliance"
    label = "payouts_compliance"
    verbose_name = "Payout compliance rules"
