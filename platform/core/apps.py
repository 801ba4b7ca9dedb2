from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Core"

    def ready(self) -> None:
        # The broker must exist before any actor is declared (actors bind to the global broker).
        from core import broker

        broker.configure()
        from core import replica  # noqa: F401  (tracks the primary's writes when a replica is configured)

        # Stored create answers (Idempotency-Key) expire: staff's creates are kept in public.
        from core.periodic import register_periodic
        from core.tasks import idempotency_jobs

        register_periodic("idempotency", idempotency_jobs, public=True)
