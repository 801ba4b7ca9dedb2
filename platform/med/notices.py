"""Notifications of the MED desk (both languages, money in the reader's notation)."""

from __future__ import annotations

from accounts.roles import Role
from med.models import MedCase
from notifications.kinds import format_money, register_kind
from notifications.models import NotificationType
from notifications.services import notify_members, notify_staff

OPENED_STAFF = "med.opened"
OPENED_CLIENT = "med.opened_client"
DECIDED_CLIENT = "med.decided_client"
COMPLETED_CLIENT = "med.completed_client"
DEADLINE = "med.deadline"
CLIENT_ADMINS = (Role.CLIENT, Role.CLIENT_USER_ADMIN)
STAFF_LINK = "employee/meds"
CLIENT_LINK = "clients/refunds"

DECISIONS = {
    "refunding": {"pt-BR": "aceita: o valor será devolvido ao pagador",
                  "en": "accepted: the amount is refunded to the payer"},
    "rejected": {"pt-BR": "rejeitada: o bloqueio foi liberado", "en": "rejected: the block was lifted"},
}  # fmt: skip
LEVELS = {
    "h48": {"pt-BR": "vence em menos de 48 horas", "en": "is due in less than 48 hours"},
    "h24": {"pt-BR": "vence em menos de 24 horas", "en": "is due in less than 24 hours"},
    "h6": {"pt-BR": "vence em menos de 6 horas", "en": "is due in less than 6 hours"},
    "overdue": {"pt-BR": "está vencido", "en": "is overdue"},
}  # fmt: skip


def register() -> None:
    register_kind(
        OPENED_STAFF,
        type_id=NotificationType.WARNING,
        title={"pt-BR": "Novo caso MED", "en": "New MED case"},
        content={
            "pt-BR": "{client}: MED de {amount} no depósito {deposit} ({held} bloqueado). "
            "Analise em até 7 dias.",
            "en": "{client}: MED of {amount} on deposit {deposit} ({held} blocked). Analyse within 7 days.",
        },
    )
    register_kind(
        OPENED_CLIENT,
        type_id=NotificationType.WARNING,
        title={"pt-BR": "Valor bloqueado por MED", "en": "Amount blocked by a MED"},
        content={
            "pt-BR": "O banco do pagador contestou o depósito {deposit} (MED): "
            "{held} de {amount} foi bloqueado no seu saldo.",
            "en": "The payer's bank contested deposit {deposit} (MED): "
            "{held} of {amount} was blocked in your balance.",
        },
    )
    register_kind(
        DECIDED_CLIENT,
        title={"pt-BR": "Caso MED analisado", "en": "MED case analysed"},
        content={
            "pt-BR": "A contestação do depósito {deposit} ({amount}) foi {decision}.",
            "en": "The contest of deposit {deposit} ({amount}) was {decision}.",
        },
    )
    register_kind(
        COMPLETED_CLIENT,
        type_id=NotificationType.SUCCESS,
        title={"pt-BR": "Devolução MED concluída", "en": "MED refund completed"},
        content={
            "pt-BR": "{amount} do depósito {deposit} foi devolvido ao pagador.",
            "en": "{amount} of deposit {deposit} was refunded to the payer.",
        },
    )
    register_kind(
        DEADLINE,
        type_id=NotificationType.DANGER,
        title={"pt-BR": "Prazo de caso MED", "en": "MED case deadline"},
        content={
            "pt-BR": "O caso MED {case} de {client} ({amount}) {level}.",
            "en": "MED case {case} of {client} ({amount}) {level}.",
        },
    )


def _staff(kind: str, params: dict[str, object]) -> None:
    notify_staff(kind=kind, params=params, link=STAFF_LINK, roles=(Role.EMPLOYEE, Role.ADMIN))


def opened(case: MedCase) -> None:
    money = {
        "amount": format_money(case.amount, case.currency),
        "held": format_money(case.held_amount, case.currency),
    }
    _staff(OPENED_STAFF, {"client": case.tenant.name, "deposit": case.deposit_id, **money})
    notify_members(case.tenant, kind=OPENED_CLIENT, params={"deposit": case.deposit_id, **money},
                   link=CLIENT_LINK, roles=CLIENT_ADMINS)  # fmt: skip


def decided(case: MedCase) -> None:
    decision = DECISIONS.get(case.status, DECISIONS["rejected"])
    notify_members(
        case.tenant, kind=DECIDED_CLIENT, link=CLIENT_LINK, roles=CLIENT_ADMINS,
        params={"deposit": case.deposit_id, "amount": format_money(case.amount, case.currency),
                "decision": {**decision, "_localized": "1"}},
    )  # fmt: skip


def completed(case: MedCase) -> None:
    notify_members(
        case.tenant, kind=COMPLETED_CLIENT, link=CLIENT_LINK, roles=CLIENT_ADMINS,
        params={"deposit": case.deposit_id, "amount": format_money(case.refund_confirmed, case.currency)},
    )  # fmt: skip


def deadline(case: MedCase, level: str) -> None:
    _staff(DEADLINE, {"case": case.public_id, "client": case.tenant.name,
                      "amount": format_money(case.amount, case.currency),
                      "level": {**LEVELS[level], "_localized": "1"}})  # fmt: skip
