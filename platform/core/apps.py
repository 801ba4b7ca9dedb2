from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Core"

    def ready(self) -> None:
        # The broker must exist before any actor is declared (actors bind to the global broker).
        from core import broker

        broker.configure()
