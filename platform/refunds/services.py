"""Refunds ("estornos") of paid deposits: full or partial, never above what was paid, made by the
deposit's provider (`BankProvider.submit_refund`).

Rules: only confirmed or paid-to-client deposits, and only when the deposit's provider refunds its
method (`refund_methods`); PIX only within 90 days of the payment (BCB: a receiver's devolução must be
asked within 90 days); the sum of refunds not failed never above the paid amount, checked under the
deposit's row lock (`Deposit.refunded_amount` counts pending and confirmed refunds). The fee is not
returned: the platform keeps it.

Lifecycle (`refunds/transitions.py` REFUND_TRANSITIONS): pending -> confirmed | failed. A refund is
created pending with its money reserved, submitted by a dramatiq actor enqueued on commit
(`submit_refund`, idempotent: the refund's public id is the bank's idempotency key), and confirmed or
failed by the provider's answer or webhook (through the webhook inbox: one effect per event; a stale
event changes nothing). The deposit becomes `refunded` when its confirmed refunds add up to the paid
amount.

Ledger (keys `refund:{schema}:{public_id}:{step}`), balanced at every step:
    reserved   Dr tenant pending   - the part of the deposit's net still unsettled (a confirmed deposit)
               Dr tenant available - the rest (a settled deposit: everything; else the fee part)
               Cr tenant held      (no_overdraft on the debited accounts: no double spend)
    confirmed  Dr tenant held / Cr platform provider clearing (the provider paid the payer back)
    released   Dr tenant held / Cr tenant pending + available (failed: the money is the client's again;
               pending gets back what the deposit's settlement will still move, the rest is available)
Settlement of a partly refunded deposit moves only what is left of its net (net minus
`refunded_amount`, payments.services._settlement), so pending never goes negative.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.db.models import F, QuerySet, Sum
from django.db.models.functions import Coalesce
from django.utils import timezone

from accounts.models import Membership, User
from core import idempotency
from core.errors import AppError, NotFoundError
from core.ids import new_public_id
from core.jobs import enqueue_on_commit
from core.periodic import Run, new_run, sweep
from gateway import services as gateway
from gateway.models import PluginKind
from gateway.registry import get_registry
from ledger import services as ledger
from ledger.models import AccountKind
from payments.models import Deposit, DepositEvent, DepositStatus, Method
from payments.records import Entry, record_change
from payments.services import transition_deposit
from plugin_api import PluginError, ProviderEvent, ProviderRefund, RefundRequest, RefundState
from refunds.models import Refund, RefundStatus
from refunds.transitions import can_transition_refund
from tenants.models import Tenant, TenantKind
from tenants.tenancy import current_schema, current_tenant

logger = logging.getLogger("cofre.refunds")

PIX_REFUND_WINDOW = timedelta(days=90)
REFUNDABLE = frozenset({DepositStatus.CONFIRMED, DepositStatus.PAID_TO_CLIENT})
STUCK_PENDING_SECONDS = 120  # a refund not at the bank after this is submitted again
SYNC_PENDING_SECONDS = 600  # a refund at the bank with no news after this is asked about
# What the provider reports -> the refund's status.
STATE_TO_STATUS = {
    RefundState.PENDING: RefundStatus.PENDING,
    RefundState.CONFIRMED: RefundStatus.CONFIRMED,
    RefundState.FAILED: RefundStatus.FAILED,
}


# Checks other apps add in their AppConfig.ready (a refund must not happen while ...): each is
# `check(deposit, med_case)`, called under the deposit's row lock, raising AppError to refuse.
# `med_case` is the public id of the MED case a refund is made for ("" for a normal refund).
RefundCheck = Callable[[Deposit, str], None]
_checks: dict[str, RefundCheck] = {}


def register_refund_check(name: str, check: RefundCheck) -> None:
    """Refuse refunds by `check` (registering a name again replaces it: `ready` may run twice)."""
    _checks[name] = check


@dataclass(frozen=True)
class RefundInput:
    amount: int
    reason: str
    extra: dict[str, str] = field(default_factory=dict)  # for the provider, as is (ProviderExtra)


def _check_provider_refunds(deposit: Deposit) -> None:
    if deposit.owner_user_id is not None:
        # A customer's wallet deposit: its money is the customer's (a wallet withdraw takes it out).
        raise AppError("refund_not_supported", status=409)
    try:
        provider = get_registry().provider(deposit.provider)
    except PluginError as exc:
        raise AppError("refund_not_supported", status=409) from exc
    if deposit.method not in provider.refund_methods:
        raise AppError("refund_not_supported", status=409)


def create_refund(membership: Membership, deposit: Deposit, data: RefundInput) -> Refund:
    """Refund part or all of `deposit` (loaded with payments.services.access_deposit): the refund is
    created pending with its money reserved, and sent to the provider once this commits."""
    return create_refund_once(membership, deposit, data, idempotency_key=None)[0]


def create_refund_once(
    membership: Membership,
    deposit: Deposit,
    data: RefundInput,
    *,
    idempotency_key: str | None,
    med_case: str = "",
) -> tuple[Refund, bool]:
    """`create_refund` honouring an optional Idempotency-Key: (refund, created). Requests with the
    same key on the same deposit meet under its row lock, so the second answers the first refund; the
    same key with another request (amount, reason, deposit) is `idempotency_conflict`.

    `med_case`: the refund a MED case calls for (med.services): the registered checks let it through
    and the 90-day window of a receiver's devolução does not apply (the MED has clocks of its own)."""
    key = idempotency.optional_key(idempotency_key)
    request_hash = (
        idempotency.fingerprint({**asdict(data), "deposit": deposit.pk, "creator": membership.user_id})
        if key
        else ""
    )
    try:
        return _create_refund(membership, deposit, data, key, request_hash, med_case=med_case)
    except IntegrityError:
        # the same key at the same time on another deposit: the other insert won
        winner = idempotency.replay(Refund.objects.all(), key, request_hash)
        if winner is None:
            raise
        return winner, False


def _create_refund(
    membership: Membership,
    deposit: Deposit,
    data: RefundInput,
    key: str | None,
    request_hash: str,
    *,
    med_case: str = "",
) -> tuple[Refund, bool]:
    reason = " ".join(data.reason.split())
    if not reason:
        raise AppError("reason_required", status=400, fields={"reason": "required"})
    if data.amount <= 0:
        raise AppError("invalid_input", fields={"amount": "amount_out_of_range"})
    tenant = current_tenant()
    with transaction.atomic():
        locked = Deposit.objects.select_for_update().get(pk=deposit.pk)
        existing = idempotency.replay(Refund.objects.all(), key, request_hash)
        if existing is not None:
            return existing, False
        if locked.status not in REFUNDABLE:
            raise AppError("refund_not_allowed", status=409, status_now=locked.status)
        for check in _checks.values():
            check(locked, med_case)
        now = timezone.now()
        if (
            not med_case
            and locked.method == Method.PIX
            and (locked.confirmed_at is None or now - locked.confirmed_at > PIX_REFUND_WINDOW)
        ):
            raise AppError("refund_window_closed", status=409, days=PIX_REFUND_WINDOW.days)
        _check_provider_refunds(locked)
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
            provider=locked.provider,
            provider_extra=dict(data.extra),
            idempotency_key=key,
            request_hash=request_hash,
        )
        locked.refunded_amount += refund.amount
        locked.save(update_fields=["refunded_amount", "updated_at"])
        record_change(
            tenant, refund, kind="refund", action="created", topic="created",
            payload=refund_event_payload(refund), entry=_reservation(refund, tenant),
            # the refund's timeline is its deposit's
            event=DepositEvent(deposit=locked, from_status=locked.status, to_status=locked.status,
                               source="user", actor_id=membership.user_id,
                               note=f"refund {refund.public_id} requested: {refund.amount}"),
            index={"method": locked.method, "status": refund.status, "amount": refund.amount,
                   "currency": refund.currency, "name": locked.payer_name,
                   "document": locked.payer_document, "provider": locked.provider,
                   "provider_reference": locked.provider_reference, "created_at": refund.created_at},
            actor=membership.user, audit_data={"deposit": locked.public_id, "amount": refund.amount},
        )  # fmt: skip
        from refunds.tasks import submit_refund as submit_actor

        enqueue_on_commit(submit_actor, refund.pk)
    return refund, True


def refund_event_payload(refund: Refund) -> dict[str, object]:
    return {
        "id": refund.public_id,
        "deposit": refund.deposit.public_id,
        "status": refund.status,
        "amount": refund.amount,
        "currency": refund.currency,
        "transaction_id": refund.provider_reference,
    }


# ----------------------------------------------------------------------------- the status change
def transition_refund(
    refund: Refund,
    target: str,
    *,
    source: str,
    actor: User | None = None,
    provider_reference: str = "",
    reason: str = "",
    note: str = "",
) -> Refund:
    """The one way a refund changes status: table, ledger, deposit, index, audit, outbox in one
    transaction. Idempotent: moving to the current status only records a new provider reference.

    Locks the deposit, then the refund (the order create_refund takes too), then the ledger accounts.
    """
    tenant = current_tenant()
    with transaction.atomic():
        deposit = Deposit.objects.select_for_update().get(pk=refund.deposit_id)
        locked = Refund.objects.select_for_update().select_related("deposit").get(pk=refund.pk)
        if provider_reference and not locked.provider_reference:
            locked.provider_reference = provider_reference
            if locked.status == target:
                locked.save(update_fields=["provider_reference", "updated_at"])
        if locked.status == target:
            return locked
        if not can_transition_refund(locked.status, target):
            raise AppError("invalid_transition", status=409, current=locked.status, target=target)
        before = locked.status
        now = timezone.now()
        entry = None
        if target == RefundStatus.CONFIRMED:
            entry = _confirmation(locked, tenant)
            locked.confirmed_at = now
            deposit_note = f"refund {locked.public_id} confirmed: {locked.amount}"
        elif target == RefundStatus.FAILED:
            entry = _release(locked, deposit, tenant)
            deposit.refunded_amount -= locked.amount
            deposit.save(update_fields=["refunded_amount", "updated_at"])
            locked.failed_at = now
            locked.failure_reason = reason[:120]
            deposit_note = f"refund {locked.public_id} failed ({reason or 'no reason'}): {locked.amount} back"
        else:
            deposit_note = ""
        locked.status = target
        locked.save()
        event = None
        if deposit_note:
            event = DepositEvent(
                deposit=deposit, from_status=deposit.status, to_status=deposit.status, source=source,
                actor_id=actor.pk if actor is not None else None, note=deposit_note[:200],
            )  # fmt: skip
        record_change(
            tenant, locked, kind="refund", action="status_changed", topic=target,
            payload=refund_event_payload(locked), entry=entry, event=event, index={"status": target},
            actor=actor, audit_data={"from": before, "to": target, "source": source, "note": note or reason},
        )  # fmt: skip
        if target == RefundStatus.CONFIRMED:
            paid = deposit.paid_amount or deposit.amount
            confirmed = (
                Refund.objects.filter(deposit=deposit, status=RefundStatus.CONFIRMED).aggregate(
                    total=Sum("amount")
                )["total"]
                or 0
            )
            if confirmed >= paid:
                transition_deposit(
                    deposit, DepositStatus.REFUNDED, source=source,
                    actor_id=actor.pk if actor is not None else None,
                    note=f"fully refunded ({locked.public_id})",
                )  # fmt: skip
    return locked


def _entry_key(tenant: Tenant, refund: Refund, step: str) -> str:
    return f"refund:{tenant.schema_name}:{refund.public_id}:{step}"


def _reservation(refund: Refund, tenant: Tenant) -> Entry:
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
    lines.append(ledger.Line(ledger.tenant_account(tenant, AccountKind.HELD, currency), -refund.amount))
    return Entry(
        _entry_key(tenant, refund, "reserved"),
        "refund_reserved",
        lines,
        memo=f"refund of {refund.deposit.public_id}",
        no_overdraft=debited,
    )


def _confirmation(refund: Refund, tenant: Tenant) -> Entry:
    currency = refund.currency
    clearing = ledger.platform_account(
        AccountKind.PROVIDER_CLEARING, currency, provider=refund.provider or refund.deposit.provider
    )
    return Entry(
        _entry_key(tenant, refund, "confirmed"),
        "refund_confirmed",
        [
            ledger.Line(ledger.tenant_account(tenant, AccountKind.HELD, currency), refund.amount),
            ledger.Line(clearing, -refund.amount),
        ],
        memo=f"refund of {refund.deposit.public_id}",
    )


def _release(refund: Refund, deposit: Deposit, tenant: Tenant) -> Entry:
    """The failed refund's money goes back to the client. While the deposit is unsettled, pending gets
    back what its settlement will still move (net minus the refunds left), so settlement and pending
    agree whatever the order of refunds and failures; the rest (all of it once settled) is available."""
    currency = refund.currency
    to_pending = 0
    if deposit.status == DepositStatus.CONFIRMED:
        net = (deposit.paid_amount or deposit.amount) - deposit.fee
        left_after = deposit.refunded_amount - refund.amount
        to_pending = max(0, net - left_after) - max(0, net - deposit.refunded_amount)
    to_available = refund.amount - to_pending
    lines = [ledger.Line(ledger.tenant_account(tenant, AccountKind.HELD, currency), refund.amount)]
    if to_pending:
        lines.append(ledger.Line(ledger.tenant_account(tenant, AccountKind.PENDING, currency), -to_pending))
    if to_available:
        lines.append(
            ledger.Line(ledger.tenant_account(tenant, AccountKind.AVAILABLE, currency), -to_available)
        )
    return Entry(
        _entry_key(tenant, refund, "released"),
        "refund_released",
        lines,
        memo=f"failed refund of {refund.deposit.public_id}",
    )


# -------------------------------------------------------------------------------- at the bank
def refund_request(refund: Refund) -> RefundRequest:
    deposit = refund.deposit
    return RefundRequest(
        reference=refund.public_id,
        idempotency_key=refund.public_id,  # the bank is idempotent on it: a retry is the same refund
        charge_reference=deposit.public_id,
        provider_charge_reference=deposit.provider_reference,
        amount=refund.amount,
        currency=refund.currency,
        method=deposit.method,
        reason=refund.reason,
        extra=dict(refund.provider_extra),
    )


def submit_refund(refund_id: int) -> str:
    """Send a pending refund to its provider (the dramatiq actor's body). Idempotent.

    Skips a refund no longer pending or already at the bank. The attempt is counted and committed
    before the call, the call is made outside any transaction, and its answer is applied afterwards
    under the row locks. A TimeoutError is raised again so the job is retried with the same
    idempotency key (the bank then answers the refund it already has); a refusal fails the refund,
    which gives its money back to the client.
    """
    with transaction.atomic():
        refund = Refund.objects.select_for_update().filter(pk=refund_id).first()
        if refund is None or refund.status != RefundStatus.PENDING or refund.provider_reference:
            return "skipped"
        refund.submission_attempts = F("submission_attempts") + 1
        refund.last_attempt_at = timezone.now()
        refund.save(update_fields=["submission_attempts", "last_attempt_at", "updated_at"])
    refund = Refund.objects.select_related("deposit").get(pk=refund_id)
    try:
        provider = get_registry().provider(refund.provider)
        config = gateway.effective_config(PluginKind.PROVIDER, refund.provider, None)
        result: ProviderRefund = provider.submit_refund(refund_request(refund), config)
    except TimeoutError:
        Refund.objects.filter(pk=refund.pk).update(last_error="provider_timeout")
        logger.warning(
            "provider %s timed out on %s (attempt %d)", refund.provider, refund, refund.submission_attempts
        )
        raise
    except PluginError as exc:
        logger.warning("provider %s refused %s: %s", refund.provider, refund, exc.code)
        Refund.objects.filter(pk=refund.pk).update(last_error=exc.code[:120])
        return apply_refund_state(refund, RefundState.FAILED, source="provider", reason=exc.code)
    Refund.objects.filter(pk=refund.pk).update(last_error="")
    return apply_refund_state(
        refund,
        result.state,
        source="provider",
        provider_reference=result.provider_reference,
        reason=result.reason,
    )


def apply_refund_state(
    refund: Refund,
    state: str,
    *,
    source: str,
    provider_reference: str = "",
    event_id: str = "",
    reason: str = "",
) -> str:
    """Move the refund to what the provider reports, when the table allows; otherwise ignore.

    Safe out of order: a stale event ("pending" after "confirmed") or a late answer changes nothing.
    """
    try:
        target = STATE_TO_STATUS[RefundState(state)]
    except ValueError:
        return "ignored_unknown_state"
    with transaction.atomic():
        Deposit.objects.select_for_update().filter(pk=refund.deposit_id).first()  # lock order
        locked = Refund.objects.select_for_update().get(pk=refund.pk)
        if locked.status == target:
            if provider_reference and not locked.provider_reference:
                transition_refund(locked, target, source=source, provider_reference=provider_reference)
                return "recorded"
            return "ignored_same_state"
        if not can_transition_refund(locked.status, target):
            logger.info("refund %s: ignored %s after %s (%s)", locked, state, locked.status, event_id)
            return "ignored_stale"
        transition_refund(
            locked,
            target,
            source=source,
            provider_reference=provider_reference,
            reason=reason,
            note=event_id,
        )
    return "applied"


def apply_refund_event(provider_code: str, event: ProviderEvent) -> str:
    """A verified webhook event of kind "refund", in the refund's tenant schema (called by
    the inbox, gateway.webhooks, inside the inbox row's transaction)."""
    refund = Refund.objects.filter(public_id=event.reference).first()
    if refund is None or refund.provider != provider_code:
        return "unknown_reference"
    return apply_refund_state(
        refund,
        event.state,
        source="webhook",
        provider_reference=event.provider_reference,
        event_id=event.event_id,
        reason=event.reason,
    )


# ----------------------------------------------------------------------------- periodic jobs
def resubmit_stuck(
    older_than_seconds: int = STUCK_PENDING_SECONDS, now: datetime | None = None, run: Run | None = None
) -> int:
    """Send again the pending refunds not at the bank after a while (a lost message, a killed worker).

    Safe: the actor skips a refund no longer pending, and the bank is idempotent on the public id.
    """
    from refunds.tasks import submit_refund as submit_actor

    cutoff = (now or timezone.now()) - timedelta(seconds=older_than_seconds)
    stuck = (
        Refund.objects.filter(status=RefundStatus.PENDING, provider_reference="")
        .annotate(last_try=Coalesce("last_attempt_at", "created_at"))
        .filter(last_try__lt=cutoff)
        .only("pk")
    )
    count = 0
    for refund in sweep(stuck, (run or new_run("refunds")).step("resubmit"), "resubmit"):
        enqueue_on_commit(submit_actor, refund.pk)
        count += 1
    return count


def sync_pending(
    older_than_seconds: int = SYNC_PENDING_SECONDS, now: datetime | None = None, run: Run | None = None
) -> int:
    """Ask the bank about refunds still pending after a while (a webhook that never came); within the
    run's budget, going on from where the last run stopped (core.periodic.sweep)."""
    cutoff = (now or timezone.now()) - timedelta(seconds=older_than_seconds)
    registry = get_registry()
    count = 0
    waiting = (
        Refund.objects.filter(status=RefundStatus.PENDING)
        .exclude(provider_reference="")
        .annotate(last_try=Coalesce("last_attempt_at", "created_at"))
        .filter(last_try__lt=cutoff)
    )
    run = run or new_run("refunds")
    for refund in sweep(waiting, run.step("sync"), "sync"):
        run.calls += 1
        try:
            config = gateway.effective_config(PluginKind.PROVIDER, refund.provider, None)
            result = registry.provider(refund.provider).fetch_refund(refund.provider_reference, config)
        except (TimeoutError, PluginError):
            continue
        if apply_refund_state(refund, result.state, source="sync", reason=result.reason) == "applied":
            count += 1
    return count


# ------------------------------------------------------------------------------ scoped loading
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
