from django.apps import AppConfig


class BankAccountsConfig(AppConfig):
    # Tenant schema. The model came from `payouts` (migration payouts 0003 hands it over): its table
    # keeps the name payouts_bankaccount.
    name = "bank_accounts"
    verbose_name = "Bank accounts"
