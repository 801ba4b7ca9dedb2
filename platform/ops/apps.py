from django.apps import AppConfig


class OpsConfig(AppConfig):
    # The top floor: what an operator runs (the demo seed, tenant provisioning from the shell, the
    # OpenAPI export). It may import every app; no app imports it.
    name = "ops"
    verbose_name = "Operations"
