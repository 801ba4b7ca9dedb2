from django.apps import AppConfig


class RestrictionsConfig(AppConfig):
    # Public schema: one list answers for every client (scope platform) or one of them (scope client);
    # the alerts its rules open (restrictions.alerts) answer across clients too.
    name = "restrictions"
    verbose_name = "Restrictions"

    def ready(self) -> None:
        from restrictions import notices

        notices.register()
