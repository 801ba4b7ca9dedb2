"""Refunds ("estornos") of paid deposits: full or partial, never above what was paid.

Rules: only confirmed or paid-to-client deposits; PIX only within 90 days of the payment (BCB: a
receiver's devolução must be asked within 90 days); the sum of refunds never above the paid amount,
checked under the deposit's row lock. The fee is not returned: the platform keeps it.

Ledger (one entry per refund, key `refund:{schema}:{public_id}:confirmed`):
    Dr tenant pending   - the part of the deposit's net still unsettled (a confirmed deposit)
    Dr tenant available - the rest (a settled deposit: everything; else the fee part)
    Cr platform provider clearing (the provider pays the payer back)
with no_overdraft on the debited tenant accounts. Settlement of a partly refunded deposit then moves
only what is left of its net (payments.services._post_settlement subtracts `refunded_amount`).

The sandbox bank has no refund call, so a refund is confirmed at once (pending -> confirmed in the
same transaction); `failed` exists for providers that will answer asynchronously.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from accounts.models import Membership, User
from audit import services as audit
from core.errors import AppError, NotFoundError
from core.tenancy import current_schema
from gateway import services as gateway
from ledger import services as ledger
from ledger.models import AccountKind
from payments.ids import new_public_id
from payments.models import Deposit, DepositEvent, DepositStatus, Method, OutboxEvent
from payments.services import transition_deposit
from payouts.models import Refund, RefundStatus
from payouts.transitions import can_transition_refund
from tenants.models import Tenant, TenantKind

PIX_REFUND_WINDOW = timedelta(days=90)
REFUNDABLE = frozenset({DepositStatus.CONFIRMED, DepositStatus.PAID_TO_CLIENT})


@dataclass(frozen=True)
class RefundInput:
    amount: int
    reason: str


def create_refund(membership: Membership, deposit: Deposit, data: RefundInput) -> Refund:
    """Refund part or all of `deposit` (loaded with payments.services.access_deposit)."""
    reason = " ".join(data.reason.split())
    if not reason:
        raise AppError("reason_required", status=400, fields={"reason": "required"})
    if data.amount <= 0:
        raise AppError("invalid_input", fields={"amount": "amount_out_of_range"})
    tenant = Tenant.objects.get(schema_name=current_schema())
    with transaction.atomic():
        locked = Deposit.objects.select_for_update().get(pk=deposit.pk)
        if locked.status not in REFUNDABLE:
            raise AppError("refund_not_allowed", status=409, status_now=locked.status)
        now = timezone.now()
        if locked.method == Method.PIX and (
            locked.confirmed_at is None or now - locked.confirmed_at > PIX_REFUND_WINDOW
        ):
            raise AppError("refund_window_closed", status=409, days=PIX_REFUND_WINDOW.days)
        paid = locked.paid_amount or locked.amount
        refundable = paid - locked.refunded_amount
        if data.amount > refundable:
            raise AppError("refund_exceeds_amount", status=409, fields={"amount": f"max:{refundable}"})
        unsettled_net = 0
        if locked.status == DepositStatus.CONFIRMED:
            unsettled_net = max(0, paid - locked.fee - locked.refunded_amount)
        from_pending = min(data.amount, unsettled_net)
        refund = Refund.objects.create(
            public_id=new_public_id("ref"),
            deposit=locked,
            amount=data.amount,
            currency=locked.currency,
            reason=reason[:200],
            from_pending=from_pending,
            from_available=data.amount - from_pending,
            created_by_id=membership.user_id,
        )
        gateway.index_upsert(
            tenant,
            "refund",
            refund.public_id,
            method=locked.method,
            status=refund.status,
            amount=refund.amount,
            currency=refund.currency,
            name=locked.payer_name,
            document=locked.payer_document,
            provider=locked.provider,
            provider_reference=locked.provider_reference,
            created_at=refund.created_at,
        )
        audit.record(
            "refund.created",
            actor=membership.user,
            target=refund,
            data={"deposit": locked.public_id, "amount": refund.amount},
        )
        # No provider refund call exists yet (the sandbox has none): the refund is confirmed at once.
        refund = transition_refund(refund, RefundStatus.CONFIRMED, actor=membership.user)
        locked.refunded_amount += refund.amount
        locked.save(update_fields=["refunded_amount", "updated_at"])
        DepositEvent.objects.create(
            deposit=locked, from_status=locked.status, to_status=locked.status, source="user",
            actor_id=membership.user_id, note=f"refund {refund.public_id}: {refund.amount}",
        )  # fmt: skip
        if locked.refunded_amount >= paid:
            transition_deposit(
                locked, DepositStatus.REFUNDED, source="user", actor_id=membership.user_id,
                note=f"fully refunded ({refund.public_id})",
            )  # fmt: skip
    return refund


def transition_refund(refund: Refund, target: str, *, actor: User | None = None, note: str = "") -> Refund:
    """The one way a refund changes status: table, ledger, index, audit, outbox in one transaction."""
    tenant = Tenant.objects.get(schema_name=current_schema())
    with transaction.atomic():
        locked = Refund.objects.select_for_update().select_related("deposit").get(pk=refund.pk)
        if locked.status == target:
            return locked
        if not can_transition_refund(locked.status, target):
            raise AppError("invalid_transition", status=409, current=locked.status, target=target)
        before = locked.status
        if target == RefundStatus.CONFIRMED:
            _post_refund(locked, tenant)
            locked.confirmed_at = timezone.now()
        locked.status = target
        locked.save()
        gateway.index_upsert(tenant, "refund", locked.public_id, status=target)
        audit.record(
            "refund.status_changed",
            actor=actor,
            target=locked,
            data={"from": before, "to": target, "note": note},
        )
        OutboxEvent.objects.create(
            topic=f"refund.{target}",
            payload={
                "id": locked.public_id,
                "deposit": locked.deposit.public_id,
                "status": target,
                "amount": locked.amount,
                "currency": locked.currency,
            },
        )
    return locked


def _post_refund(refund: Refund, tenant: Tenant) -> None:
    currency = refund.currency
    lines = []
    debited = []
    for kind, amount in (
        (AccountKind.PENDING, refund.from_pending),
        (AccountKind.AVAILABLE, refund.from_available),
    ):
        if amount:
            account = ledger.tenant_account(tenant, kind, currency)
            lines.append(ledger.Line(account, amount))
            debited.append(account)
    clearing = ledger.platform_account(
        AccountKind.PROVIDER_CLEARING, currency, provider=refund.deposit.provider
    )
    lines.append(ledger.Line(clearing, -refund.amount))
    ledger.post(
        f"refund:{tenant.schema_name}:{refund.public_id}:confirmed",
        "refund_confirmed",
        lines,
        tenant=tenant,
        reference=refund.public_id,
        memo=f"refund of {refund.deposit.public_id}",
        no_overdraft=debited,
    )


def _client_here(membership: Membership) -> None:
    if membership.tenant.kind != TenantKind.CLIENT or membership.tenant.schema_name != current_schema():
        raise NotFoundError


def list_refunds(membership: Membership) -> QuerySet[Refund]:
    _client_here(membership)
    return Refund.objects.select_related("deposit")


def access_refund(membership: Membership, public_id: str) -> Refund:
    """The one way to load a refund on a user's behalf: this host's tenant only, else 404."""
    _client_here(membership)
    found = Refund.objects.select_related("deposit").filter(public_id=public_id).first()
    if found is None:
        raise NotFoundError
    return found
