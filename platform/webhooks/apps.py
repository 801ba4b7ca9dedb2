from django.apps import AppConfig


class WebhooksConfig(AppConfig):
    name = "webhooks"
    verbose_name = "Webhooks to merchants"

    def ready(self) -> None:
        from core.periodic import register_periodic
        from webhooks import notices
        from webhooks.tasks import webhook_jobs

        notices.register()
        register_periodic("webhooks", webhook_jobs)
