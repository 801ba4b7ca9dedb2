from django.apps import AppConfig


class CompanyConfig(AppConfig):
    # Tenant schema: the company's own settings row and its logo (a file of the files app).
    name = "company"
    verbose_name = "Company settings"

    def ready(self) -> None:
        # webhooks' and other notices by e-mail go to the addresses the company chose, when it chose any
        from company.services import notification_addresses
        from notifications.mail import register_tenant_addresses

        register_tenant_addresses(notification_addresses)
