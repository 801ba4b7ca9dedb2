"""What exports tell their owner in the bell (notifications.kinds), registered when the app starts.
Spec section 8: 'File download successful' and 'Unable to generate report'."""

from __future__ import annotations

from access.guard import principal_of
from access.policy import route_allowed
from accounts.models import Membership
from exports import sources
from exports.models import Export
from notifications import mail
from notifications.kinds import register_kind
from notifications.models import NotificationType
from notifications.services import notify
from tenants.tenancy import current_schema

READY = "export.ready"
FAILED = "export.failed"
TYPES = {
    "payments": {"_localized": True, "pt-BR": "depósitos", "en": "deposits"},
    "payouts": {"_localized": True, "pt-BR": "saques", "en": "payouts"},
    "volume": {"_localized": True, "pt-BR": "volume por cliente", "en": "volume per client"},
    "partner_report": {"_localized": True, "pt-BR": "relatório dos clientes", "en": "clients report"},
}


def register() -> None:
    register_kind(
        READY,
        type_id=NotificationType.SUCCESS,
        title={"pt-BR": "Arquivo pronto para download", "en": "File download successful"},
        content={
            "pt-BR": "Exportação de {type}: {rows} linhas. Baixe na central de downloads.",
            "en": "Export of {type}: {rows} rows. Download it from the download center.",
        },
    )
    register_kind(
        FAILED,
        type_id=NotificationType.DANGER,
        title={"pt-BR": "Não foi possível gerar o relatório", "en": "Unable to generate report"},
        content={
            "pt-BR": "A exportação de {type} falhou. Tente novamente.",
            "en": "The export of {type} failed. Please try again.",
        },
    )
    mail.register_mail(
        READY,
        subject={
            "pt-BR": "Cofre: sua exportação de {type} está pronta",
            "en": "Cofre: your {type} export is ready",
        },
        body={
            "pt-BR": "Olá, {name}.\n\nSua exportação de {type} ({rows} linhas) está pronta. Baixe o arquivo "
            "na central de downloads do Cofre, em {tenant}.\n\nO arquivo expira em alguns dias.",
            "en": "Hello, {name}.\n\nYour {type} export ({rows} rows) is ready. Download the file from "
            "Cofre's download center, in {tenant}.\n\nThe file expires in a few days.",
        },
    )


def _notify(export: Export, kind: str) -> None:
    membership = (
        Membership.objects.filter(user_id=export.owner_id, tenant__schema_name=current_schema())
        .select_related("user", "tenant")
        .first()
    )
    if membership is None:
        return
    # the list the export came from, as this member sees it (a customer's payouts are on `sacar`)
    principal = principal_of(membership)
    link = next((r for r in sources.routes(membership, export.type) if route_allowed(r, principal)), "")
    notify(
        membership,
        kind=kind,
        params={"type": TYPES[export.type], "rows": export.rows, "export": export.public_id},
        link=link,
    )
    if kind == READY:  # the requester may have left the screen: the file waits in the download center
        mail.send_to_user(
            membership.user,
            READY,
            {
                "name": membership.user.name or membership.user.email,
                "type": TYPES[export.type],
                "rows": export.rows,
                "tenant": membership.tenant.name,
            },
        )


def ready(export: Export) -> None:
    _notify(export, READY)


def failed(export: Export) -> None:
    _notify(export, FAILED)
