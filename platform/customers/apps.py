from django.apps import AppConfig


class CustomersConfig(AppConfig):
    # Tenant schema: a client's customers (the roll-up of its payers), its notes and tags on them.
    name = "customers"
    verbose_name = "Customers"
