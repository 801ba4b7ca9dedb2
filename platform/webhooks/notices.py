"""What webhooks tell people (notifications.kinds), registered when the app starts."""

from __future__ import annotations

from accounts.roles import Role
from notifications import mail
from notifications.kinds import register_kind
from notifications.models import NotificationType
from notifications.services import notify_members
from tenants.tenancy import current_tenant

ENDPOINT_PAUSED = "webhook.endpoint_paused"
ROUTE = "clients/webhooks"


def register() -> None:
    register_kind(
        ENDPOINT_PAUSED,
        type_id=NotificationType.WARNING,
        title={"pt-BR": "Webhook pausado", "en": "Webhook paused"},
        content={
            "pt-BR": "O endpoint {url} falhou {failures} vezes seguidas e foi pausado. Corrija-o e retome-o "
            "na tela Webhooks: os eventos pendentes serão reenviados em ordem.",
            "en": "The endpoint {url} failed {failures} times in a row and was paused. Fix it and resume it "
            "on the Webhooks screen: the pending events will be sent again in order.",
        },
    )
    mail.register_mail(
        ENDPOINT_PAUSED,
        subject={"pt-BR": "Cofre: webhook pausado ({tenant})", "en": "Cofre: webhook paused ({tenant})"},
        body={
            "pt-BR": "O endpoint de webhook {url} de {tenant} falhou {failures} vezes seguidas e foi pausado."
            "\n\nCorrija-o e retome-o na tela Webhooks do Cofre: os eventos pendentes serão reenviados em "
            "ordem.",
            "en": "The webhook endpoint {url} of {tenant} failed {failures} times in a row and was paused."
            "\n\nFix it and resume it on Cofre's Webhooks screen: the pending events will be sent again in "
            "order.",
        },
    )


def endpoint_paused(url: str, failures: int) -> None:
    """Tell the client's admins (who manage webhooks) that an endpoint paused itself."""
    tenant = current_tenant()
    notify_members(
        tenant, kind=ENDPOINT_PAUSED, params={"url": url[:120], "failures": failures}, link=ROUTE,
        roles=(Role.CLIENT, Role.CLIENT_USER_ADMIN),
    )  # fmt: skip
    # by e-mail too: the company's notification addresses, or else its owners
    mail.send_to_tenant(
        tenant, ENDPOINT_PAUSED, {"url": url[:200], "failures": failures, "tenant": tenant.name}
    )
