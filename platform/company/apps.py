from django.apps import AppConfig


class CompanyConfig(AppConfig):
    # Tenant schema: the company's own settings row and its logo (a file of the files app).
    name = "company"
    verbose_name = "Company settings"
