from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from django.db.models.signals import post_delete, post_save

        from accounts import identity_cache
        from accounts.models import Membership, User
        from tenants.models import Domain, Tenant

        for model in (User, Membership, Tenant, Domain):
            post_save.connect(
                identity_cache.changed, sender=model, dispatch_uid=f"identity-{model.__name__}-save"
            )
            post_delete.connect(
                identity_cache.changed, sender=model, dispatch_uid=f"identity-{model.__name__}-delete"
            )
