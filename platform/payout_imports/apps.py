from django.apps import AppConfig


class PayoutImportsConfig(AppConfig):
    name = "payout_imports"
    verbose_name = "Payout imports"
