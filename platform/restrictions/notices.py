"""What restrictions tell people (notifications.kinds), registered when the app starts."""

from __future__ import annotations

from accounts.roles import Role
from notifications.kinds import register_kind
from notifications.models import NotificationType
from notifications.services import notify_members, notify_staff
from tenants.models import Tenant

PROPOSED = "restriction.proposed"
HIT = "restriction.hit"

KIND_WORDS: dict[str, dict[str, str]] = {
    "document": {"pt-BR": "CPF/CNPJ", "en": "CPF/CNPJ"},
    "pix_key": {"pt-BR": "chave PIX", "en": "PIX key"},
    "bank_account": {"pt-BR": "conta bancária", "en": "bank account"},
    "email": {"pt-BR": "e-mail", "en": "e-mail"},
    "phone": {"pt-BR": "telefone", "en": "phone"},
}
OPERATION_WORDS: dict[str, dict[str, str]] = {
    "deposit": {"pt-BR": "Um depósito", "en": "A deposit"},
    "payout": {"pt-BR": "Um saque", "en": "A payout"},
}
CLIENT_ADMINS = (Role.CLIENT, Role.CLIENT_USER_ADMIN)  # section 6: "Client and client_user_admin"


def register() -> None:
    register_alerts()
    register_kind(
        PROPOSED,
        type_id=NotificationType.WARNING,
        title={"pt-BR": "Restrição aguardando validação", "en": "Restriction waiting for validation"},
        content={
            "pt-BR": "{author} propôs restringir {kind} {value} ({scope}): valide ou rejeite.",
            "en": "{author} proposed to restrict {kind} {value} ({scope}): validate or reject it.",
        },
    )
    register_kind(
        HIT,
        type_id=NotificationType.WARNING,
        title={"pt-BR": "Operação recusada por restrição", "en": "Operation refused by a restriction"},
        content={
            "pt-BR": "{operation} foi recusado por uma restrição de {kind}.",
            "en": "{operation} was refused by a restriction on its {kind}.",
        },
    )


def _words(table: dict[str, dict[str, str]], key: str) -> dict[str, str]:
    return {**table[key], "_localized": "1"}


def proposed(*, author: str, kind: str, value: str, client: str | None) -> None:
    """Staff who validate (employees, in employee/valid-restrictions; admins, in admin/restrictions)."""
    scope = {"pt-BR": client or "toda a plataforma", "en": client or "whole platform", "_localized": "1"}
    params = {"author": author, "kind": _words(KIND_WORDS, kind), "value": value, "scope": scope}
    notify_staff(kind=PROPOSED, params=params, link="employee/valid-restrictions", roles=(Role.EMPLOYEE,))
    notify_staff(kind=PROPOSED, params=params, link="admin/restrictions", roles=(Role.ADMIN,))


def hit(tenant: Tenant, *, operation: str, kind: str) -> None:
    """The client's admins: one of their operations was refused (the restricted value is not repeated)."""
    link = "clients/payments" if operation == "deposit" else "clients/withdraws"
    notify_members(
        tenant,
        kind=HIT,
        params={"operation": _words(OPERATION_WORDS, operation), "kind": _words(KIND_WORDS, kind)},
        link=link,
        roles=CLIENT_ADMINS,
    )


ALERT_OPENED = "alert.opened"
RULE_WORDS: dict[str, dict[str, str]] = {
    "burst": {"pt-BR": "muitos depósitos de um documento em pouco tempo",
              "en": "many deposits from one document in a short time"},
    "night_pix": {"pt-BR": "PIX de pessoa física à noite acima de R$ 1.000",
                  "en": "a person's PIX at night over R$1,000"},
}  # fmt: skip


def register_alerts() -> None:
    register_kind(
        ALERT_OPENED,
        type_id=NotificationType.WARNING,
        title={"pt-BR": "Novo alerta de cliente", "en": "New customer alert"},
        content={"pt-BR": "{client}: {rule}.", "en": "{client}: {rule}."},
    )


def alert_opened(tenant: Tenant, *, rule: str) -> None:
    """Admins, who work the queue at admin/customers-alert."""
    notify_staff(
        kind=ALERT_OPENED,
        params={"client": tenant.name, "rule": _words(RULE_WORDS, rule)},
        link="admin/customers-alert",
    )
