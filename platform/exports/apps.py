from django.apps import AppConfig


class ExportsConfig(AppConfig):
    name = "exports"
    verbose_name = "Exports"

    def ready(self) -> None:
        # The bell's texts; the clock ticks the sweep (stuck runs, expired files) in every client tenant.
        from core.periodic import register_periodic
        from exports import notices
        from exports.tasks import export_jobs

        register_periodic("exports", export_jobs, public=True)  # staff's exports live in public
        notices.register()
