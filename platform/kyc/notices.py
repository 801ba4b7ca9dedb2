"""Notifications of KYC onboarding (both languages): staff hear of a file submitted, the client's
managers of every step of the review (the bell)."""

from __future__ import annotations

from accounts.roles import Role
from kyc.models import KycFile, KycStatus
from notifications.kinds import register_kind
from notifications.models import NotificationType
from notifications.services import notify_members, notify_staff

SUBMITTED_STAFF = "kyc.submitted"
UNDER_REVIEW_CLIENT = "kyc.under_review"
APPROVED_CLIENT = "kyc.approved"
REJECTED_CLIENT = "kyc.rejected"
CLIENT_MANAGERS = (Role.CLIENT, Role.CLIENT_USER_ADMIN)
STAFF_LINK = "admin/customers-kyc"
CLIENT_LINK = "client/kyc"


def register() -> None:
    register_kind(
        SUBMITTED_STAFF,
        title={"pt-BR": "Cadastro KYC enviado", "en": "KYC file submitted"},
        content={
            "pt-BR": "{client} enviou o cadastro KYC para análise.",
            "en": "{client} submitted its KYC file for review.",
        },
    )
    register_kind(
        UNDER_REVIEW_CLIENT,
        title={"pt-BR": "Cadastro KYC em análise", "en": "KYC file under review"},
        content={
            "pt-BR": "A equipe começou a analisar o seu cadastro KYC.",
            "en": "Our team started reviewing your KYC file.",
        },
    )
    register_kind(
        APPROVED_CLIENT,
        type_id=NotificationType.SUCCESS,
        title={"pt-BR": "Cadastro KYC aprovado", "en": "KYC file approved"},
        content={
            "pt-BR": "O seu cadastro KYC foi aprovado. Próxima revisão: {review_due_on}.",
            "en": "Your KYC file was approved. Next review: {review_due_on}.",
        },
    )
    register_kind(
        REJECTED_CLIENT,
        type_id=NotificationType.DANGER,
        title={"pt-BR": "Cadastro KYC rejeitado", "en": "KYC file rejected"},
        content={
            "pt-BR": "O seu cadastro KYC foi rejeitado: {reason}. Corrija-o e envie novamente.",
            "en": "Your KYC file was rejected: {reason}. Correct it and submit it again.",
        },
    )


def submitted(kyc: KycFile) -> None:
    notify_staff(kind=SUBMITTED_STAFF, params={"client": kyc.tenant.name}, link=STAFF_LINK)


def decided(kyc: KycFile) -> None:
    if kyc.status == KycStatus.UNDER_REVIEW:
        kind, params = UNDER_REVIEW_CLIENT, {}
    elif kyc.status == KycStatus.APPROVED:
        due = kyc.review_due_on
        when = (
            {"pt-BR": due.strftime("%d/%m/%Y"), "en": due.strftime("%m/%d/%Y"), "_localized": "1"}
            if due
            else "—"
        )
        kind, params = APPROVED_CLIENT, {"review_due_on": when}
    else:
        kind, params = REJECTED_CLIENT, {"reason": kyc.rejection_reason}
    notify_members(kyc.tenant, kind=kind, params=params, link=CLIENT_LINK, roles=CLIENT_MANAGERS)
