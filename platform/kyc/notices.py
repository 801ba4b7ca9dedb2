"""Notifications of KYC onboarding (both languages): staff hear of a file submitted or due for its
periodic review, the client's managers of every step of the review, of the reminders before the
review date (30 and 7 days) and of a file reopened (the bell)."""

from __future__ import annotations

from kyc.models import KycFile, KycStatus
from notifications.models import NotificationType
from notifications.notifier import Kind, Notifier, local_date

SUBMITTED_STAFF = "kyc.submitted"
UNDER_REVIEW_CLIENT = "kyc.under_review"
APPROVED_CLIENT = "kyc.approved"
REJECTED_CLIENT = "kyc.rejected"
REVIEW_DUE_CLIENT = "kyc.review_due"
REVIEW_DUE_STAFF = "kyc.review_due_staff"
REMINDER_CLIENT = "kyc.review_reminder"
REOPENED_CLIENT = "kyc.reopened"

NOTIFIER = Notifier(
    staff_link="admin/customers-kyc",
    client_link="client/kyc",
    kinds=(
        Kind(
            SUBMITTED_STAFF,
            title={"pt-BR": "Cadastro KYC enviado", "en": "KYC file submitted"},
            content={
                "pt-BR": "{client} enviou o cadastro KYC para análise.",
                "en": "{client} submitted its KYC file for review.",
            },
        ),
        Kind(
            UNDER_REVIEW_CLIENT,
            title={"pt-BR": "Cadastro KYC em análise", "en": "KYC file under review"},
            content={
                "pt-BR": "A equipe começou a analisar o seu cadastro KYC.",
                "en": "Our team started reviewing your KYC file.",
            },
        ),
        Kind(
            APPROVED_CLIENT,
            type_id=NotificationType.SUCCESS,
            title={"pt-BR": "Cadastro KYC aprovado", "en": "KYC file approved"},
            content={
                "pt-BR": "O seu cadastro KYC foi aprovado. Próxima revisão: {review_due_on}.",
                "en": "Your KYC file was approved. Next review: {review_due_on}.",
            },
        ),
        Kind(
            REJECTED_CLIENT,
            type_id=NotificationType.DANGER,
            title={"pt-BR": "Cadastro KYC rejeitado", "en": "KYC file rejected"},
            content={
                "pt-BR": "O seu cadastro KYC foi rejeitado: {reason}. Corrija-o e envie novamente.",
                "en": "Your KYC file was rejected: {reason}. Correct it and submit it again.",
            },
        ),
        Kind(
            REVIEW_DUE_CLIENT,
            type_id=NotificationType.WARNING,
            title={"pt-BR": "Revisão do cadastro KYC", "en": "KYC file review"},
            content={
                "pt-BR": "Chegou a revisão periódica do seu cadastro KYC: atualize os dados e os documentos "
                "e envie novamente.",
                "en": "Your KYC file is due for its periodic review: update the data and the documents "
                "and submit it again.",
            },
        ),
        Kind(
            REVIEW_DUE_STAFF,
            title={"pt-BR": "Revisão KYC vencida", "en": "KYC review due"},
            content={
                "pt-BR": "O cadastro KYC de {client} chegou à revisão periódica ({review_due_on}).",
                "en": "The KYC file of {client} is due for its periodic review ({review_due_on}).",
            },
        ),
        Kind(
            REMINDER_CLIENT,
            title={"pt-BR": "Revisão do KYC se aproxima", "en": "KYC review coming up"},
            content={
                "pt-BR": "A revisão periódica do seu cadastro KYC será em {review_due_on} ({days} dias).",
                "en": "The periodic review of your KYC file is on {review_due_on} ({days} days).",
            },
        ),
        Kind(
            REOPENED_CLIENT,
            type_id=NotificationType.WARNING,
            title={"pt-BR": "Cadastro KYC reaberto", "en": "KYC file reopened"},
            content={
                "pt-BR": "A equipe reabriu o seu cadastro KYC: {reason}. Atualize-o e envie novamente.",
                "en": "Our team reopened your KYC file: {reason}. Update it and submit it again.",
            },
        ),
    ),
)
register = NOTIFIER.register


def submitted(kyc: KycFile) -> None:
    NOTIFIER.staff(SUBMITTED_STAFF, client=kyc.tenant.name)


def decided(kyc: KycFile) -> None:
    if kyc.status == KycStatus.UNDER_REVIEW:
        NOTIFIER.client(kyc.tenant, UNDER_REVIEW_CLIENT)
    elif kyc.status == KycStatus.APPROVED:
        NOTIFIER.client(kyc.tenant, APPROVED_CLIENT, review_due_on=local_date(kyc.review_due_on))
    else:
        NOTIFIER.client(kyc.tenant, REJECTED_CLIENT, reason=kyc.rejection_reason)


def review_due(kyc: KycFile) -> None:
    NOTIFIER.client(kyc.tenant, REVIEW_DUE_CLIENT)
    NOTIFIER.staff(REVIEW_DUE_STAFF, client=kyc.tenant.name, review_due_on=local_date(kyc.review_due_on))


def reminder(kyc: KycFile, days: int) -> None:
    NOTIFIER.client(kyc.tenant, REMINDER_CLIENT, review_due_on=local_date(kyc.review_due_on), days=days)


def reopened(kyc: KycFile, reason: str) -> None:
    NOTIFIER.client(kyc.tenant, REOPENED_CLIENT, reason=reason)
