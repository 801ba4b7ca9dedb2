"""Notifications of the MED desk (both languages, money in the reader's notation): staff hear of a new
case and of its deadlines, the client's managers of the block, the decision and the refund."""

from __future__ import annotations

from accounts.roles import Role
from med.models import MedCase
from notifications.kinds import format_money
from notifications.models import NotificationType
from notifications.notifier import Kind, Notifier, in_words

OPENED_STAFF = "med.opened"
OPENED_CLIENT = "med.opened_client"
DECIDED_CLIENT = "med.decided_client"
COMPLETED_CLIENT = "med.completed_client"
DEADLINE = "med.deadline"

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

NOTIFIER = Notifier(
    staff_link="employee/meds",
    client_link="clients/meds",
    # The desk is the employees' (section 6: employee/meds); an admin's notice would link to a page
    # the admin may not open.
    staff_roles=(Role.EMPLOYEE,),
    kinds=(
        Kind(
            OPENED_STAFF,
            type_id=NotificationType.WARNING,
            title={"pt-BR": "Novo caso MED", "en": "New MED case"},
            content={
                "pt-BR": "{client}: MED de {amount} no depósito {deposit} ({held} bloqueado). "
                "Analise em até 7 dias.",
                "en": "{client}: MED of {amount} on deposit {deposit} ({held} blocked). "
                "Analyse within 7 days.",
            },
        ),
        Kind(
            OPENED_CLIENT,
            type_id=NotificationType.WARNING,
            title={"pt-BR": "Valor bloqueado por MED", "en": "Amount blocked by a MED"},
            content={
                "pt-BR": "O banco do pagador contestou o depósito {deposit} (MED): "
                "{held} de {amount} foi bloqueado no seu saldo.",
                "en": "The payer's bank contested deposit {deposit} (MED): "
                "{held} of {amount} was blocked in your balance.",
            },
        ),
        Kind(
            DECIDED_CLIENT,
            title={"pt-BR": "Caso MED analisado", "en": "MED case analysed"},
            content={
                "pt-BR": "A contestação do depósito {deposit} ({amount}) foi {decision}.",
                "en": "The contest of deposit {deposit} ({amount}) was {decision}.",
            },
        ),
        Kind(
            COMPLETED_CLIENT,
            type_id=NotificationType.SUCCESS,
            title={"pt-BR": "Devolução MED concluída", "en": "MED refund completed"},
            content={
                "pt-BR": "{amount} do depósito {deposit} foi devolvido ao pagador.",
                "en": "{amount} of deposit {deposit} was refunded to the payer.",
            },
        ),
        Kind(
            DEADLINE,
            type_id=NotificationType.DANGER,
            title={"pt-BR": "Prazo de caso MED", "en": "MED case deadline"},
            content={
                "pt-BR": "O caso MED {case} de {client} ({amount}) {level}.",
                "en": "MED case {case} of {client} ({amount}) {level}.",
            },
        ),
    ),
)
register = NOTIFIER.register


def opened(case: MedCase) -> None:
    amount = format_money(case.amount, case.currency)
    held = format_money(case.held_amount, case.currency)
    NOTIFIER.staff(OPENED_STAFF, client=case.tenant.name, deposit=case.deposit_id, amount=amount, held=held)
    NOTIFIER.client(case.tenant, OPENED_CLIENT, deposit=case.deposit_id, amount=amount, held=held)


def decided(case: MedCase) -> None:
    decision = DECISIONS.get(case.status, DECISIONS["rejected"])
    NOTIFIER.client(case.tenant, DECIDED_CLIENT, deposit=case.deposit_id,
                    amount=format_money(case.amount, case.currency), decision=in_words(decision))  # fmt: skip


def completed(case: MedCase) -> None:
    NOTIFIER.client(case.tenant, COMPLETED_CLIENT, deposit=case.deposit_id,
                    amount=format_money(case.refund_confirmed, case.currency))  # fmt: skip


def deadline(case: MedCase, level: str) -> None:
    amount = format_money(case.amount, case.currency)
    NOTIFIER.staff(DEADLINE, case=case.public_id, client=case.tenant.name, amount=amount,
                   level=in_words(LEVELS[level]))  # fmt: skip
