from django.apps import AppConfig


class SandboxBankConfig(AppConfig):
    name = "cofre_sandbox_bank"
    label = "sandbox_bank"
    verbose_name = "Sandbox bank"
