"""What payouts tell people (notifications.kinds), registered when the app starts."""

from __future__ import annotations

from notifications.kinds import format_money, register_kind
from notifications.models import NotificationType
from notifications.services import notify_staff
from payouts.models import Payout
from tenants.models import Tenant

REVIEW_WAITING = "payout.review_waiting"


def register() -> None:
    register_kind(
        REVIEW_WAITING,
        type_id=NotificationType.WARNING,
        title={"pt-BR": "Saque aguardando aprovação", "en": "Payout waiting for approval"},
        content={
            "pt-BR": "{client}: saque de {amount} para {beneficiary} aguarda análise em KYC > Saques.",
            "en": "{client}: a payout of {amount} to {beneficiary} waits for review in KYC > Withdrawals.",
        },
    )


def review_waiting(tenant: Tenant, payout: Payout) -> None:
    """Tell the admins (who approve payouts) that one waits in the compliance queue."""
    notify_staff(
        kind=REVIEW_WAITING,
        params={
            "client": tenant.name,
            "amount": format_money(payout.amount, payout.currency),
            "beneficiary": payout.beneficiary_name,
            "payout": payout.public_id,
        },
        link="admin/compliance",
    )
