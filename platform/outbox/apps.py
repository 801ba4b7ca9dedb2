from django.apps import AppConfig


class OutboxConfig(AppConfig):
    # A public-schema app: one table that every tenant transaction writes through the search path
    # (`tenant, public`) and one query relays. Below core in the layers: it imports nothing of Cofre.
    name = "outbox"
    label = "outbox"
    verbose_name = "Job outbox"
