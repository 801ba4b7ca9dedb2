"""Deposits: create, change status (the ONE function that does), apply provider events, periodic jobs.

`transition_deposit` checks the transition table, writes the ledger entry, the timeline event, the
audit entry, the outbox event and the public index row in one database transaction.
"""

from __future__ import annotations

import logging
import re
from dataclasses import asdict, dataclass, field
from datetime import date, datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import Membership
from accounts.roles import Role
from brazil import address
from brazil.address import AddressError
from brazil.documents import validate_document
from brazil.errors import DocumentError
from core import idempotency
from core.errors import AppError, NotFoundError
from core.ids import new_public_id
from core.periodic import Run, keyset, new_run, periodic_run
from core.text import search_text
from gateway import services as gateway
from gateway.models import PluginKind
from gateway.registry import get_registry
from ledger import commission
from ledger import services as ledger
from ledger.models import AccountKind, LedgerAccount
from payments import fees, polling, receipts, settlement, settlements
from payments.models import (
    MAX_WORD,
    OPEN_DUE,
    OPEN_EXPIRING,
    OPEN_POLLED,
    TO_SETTLE,
    Deposit,
    DepositEvent,
    DepositNameToken,
    DepositStatus,
    NameWord,
    Settlement,
)
from payments.records import Entry, record_change
from payments.transitions import can_transition
from plugin_api import (
    ChargeArtifacts,
    ChargeRequest,
    ChargeState,
    Payer,
    PayerDocument,
    PluginError,
    ProviderCharge,
    ProviderEvent,
)
from restrictions.alerts import observe_deposit
from restrictions.services import Party, check_parties
from tenants.models import Tenant, TenantKind
from tenants.tenancy import current_schema, current_tenant

logger = logging.getLogger("cofre.payments")

MAX_AMOUNT = 10**10 - 1  # the boleto's 10-digit amount field bounds every method


NAME_WORD_RE = re.compile(r"[a-z0-9]+")


def name_words(name: str) -> list[str]:
    """The distinct words of a name as search indexes them: lower case, no accents, letters and
    digits only, at most MAX_WORD characters (the same split as migration 0002's backfill)."""
    return sorted({word[:MAX_WORD] for word in NAME_WORD_RE.findall(search_text(name))})


def index_name(deposit: Deposit) -> None:
    """The deposit's name words for name search (payments.queries.name_page), in the caller's
    transaction: the vocabulary first (a word another transaction adds at the same time is kept once),
    then one token row per word."""
    words = name_words(deposit.payer_name)
    NameWord.objects.bulk_create([NameWord(word=w) for w in words], ignore_conflicts=True)
    DepositNameToken.objects.bulk_create(
        [DepositNameToken(word=w, created_at=deposit.created_at, deposit=deposit) for w in words]
    )


@dataclass(frozen=True)
class DepositInput:
    method: str
    amount: int
    currency: str
    payer: Payer
    description: str = ""
    due_date: date | None = None
    expires_in_seconds: int | None = None
    card_token: str = ""
    extra: dict[str, str] = field(default_factory=dict)


def provider_name(code: str) -> str:
    """The display name of the bank provider `code` (e.g. "Banco Sandbox"); the code itself when the
    provider is not installed any more, so an old deposit still names something."""
    provider = get_registry().providers.get(code) if code else None
    return provider.name if provider is not None else code


def _tenant(membership: Membership) -> Tenant:
    tenant = membership.tenant
    if tenant.kind != TenantKind.CLIENT:
        raise AppError("forbidden", status=403)
    return tenant


def _plugin_field_error(exc: PluginError) -> AppError:
    return AppError("invalid_input", fields={exc.field or "request": exc.code})


def charge_request(deposit: Deposit, tenant: Tenant) -> ChargeRequest:
    return ChargeRequest(
        reference=deposit.public_id,
        method=deposit.method,
        amount=deposit.amount,
        currency=deposit.currency,
        payer=Payer(
            name=deposit.payer_name,
            document=deposit.payer_document,
            email=deposit.payer_email,
            street=deposit.street,
            number=deposit.number,
            complement=deposit.complement,
            neighborhood=deposit.neighborhood,
            city=deposit.city,
            state=deposit.state,
            zipcode=deposit.zipcode,
        ),
        description=deposit.description,
        due_date=deposit.due_date,
        expires_in_seconds=int((deposit.expires_at - deposit.created_at).total_seconds())
        if deposit.expires_at and deposit.created_at
        else None,
        card_token=deposit.card_token,
        merchant_name=tenant.name,
        merchant_city="Sao Paulo",
        extra=dict(deposit.provider_extra),
    )


@dataclass(frozen=True)
class CheckedDeposit:
    """A deposit request validated by `check_deposit`: what `do_create_deposit` writes."""

    tenant: Tenant
    request: ChargeRequest  # normalised payer (document, zipcode, state), reference = its public id
    artifacts: ChargeArtifacts  # what the payer needs, prepared by the method plugin
    provider: str


def check_deposit(membership: Membership, data: DepositInput) -> CheckedDeposit:
    """Validate a deposit request (tenant, currency, amount, payer, method and its provider, the
    method plugin's own rules) and prepare its artifacts. Writes nothing."""
    tenant = _tenant(membership)
    if data.currency not in tenant.currencies:
        raise AppError("invalid_input", fields={"currency": "currency_not_enabled"})
    if not 0 < data.amount <= MAX_AMOUNT:
        raise AppError("invalid_input", fields={"amount": "amount_out_of_range"})
    try:
        document = validate_document(data.payer.document)
    except DocumentError as exc:
        raise AppError("invalid_input", fields={"payer.document": exc.code}) from exc
    registry = get_registry()
    try:
        method = registry.method(data.method)
    except PluginError as exc:
        raise AppError("invalid_input", fields={"method": "unknown_method"}) from exc
    if not gateway.is_enabled(PluginKind.METHOD, data.method, tenant):
        raise AppError("invalid_input", fields={"method": "method_not_enabled"})
    if data.currency not in method.currencies:
        # The method is there but does not take this currency (a boleto is in reais): say so on the
        # currency, not "method not enabled".
        raise AppError(
            "currency_not_accepted",
            currency=data.currency,
            fields={"currency": "currency_not_accepted"},
        )
    provider_code = gateway.provider_for(tenant, data.method)
    if data.method not in registry.provider(provider_code).methods:
        raise AppError("invalid_input", fields={"method": "method_not_enabled"})
    payer = Payer(**{**data.payer.__dict__, "document": document.value, **_checked_address(data.payer)})
    # A payer under a restriction in force (platform-wide or this client's) is refused: every path that
    # creates a deposit (dashboard, API key, imports) comes through here.
    check_parties(
        tenant,
        [Party("document", document.value, "payer.document"),
         Party("email", payer.email.strip().lower(), "payer.email")],
        operation="deposit",
    )  # fmt: skip
    request = ChargeRequest(
        reference=new_public_id("dep"),
        method=data.method,
        amount=data.amount,
        currency=data.currency,
        payer=payer,
        description=data.description,
        due_date=data.due_date,
        expires_in_seconds=data.expires_in_seconds,
        card_token=data.card_token,
        merchant_name=tenant.name,
        merchant_city="Sao Paulo",
        extra=data.extra,
    )
    method_config = gateway.effective_config(PluginKind.METHOD, data.method, tenant)
    try:
        method.validate(request, method_config)
        artifacts = method.prepare(request, method_config)
    except PluginError as exc:
        raise _plugin_field_error(exc) from exc
    return CheckedDeposit(tenant, request, artifacts, provider_code)


def _checked_address(payer: Payer) -> dict[str, str]:
    """Zipcode and state: optional for most methods, but never stored malformed."""
    try:
        zipcode = address.normalize_zipcode(payer.zipcode) if payer.zipcode.strip() else ""
    except AddressError as exc:
        raise AppError("invalid_input", fields={"payer.zipcode": exc.code}) from exc
    try:
        state = address.normalize_state(payer.state) if payer.state.strip() else ""
    except AddressError as exc:
        raise AppError("invalid_input", fields={"payer.state": exc.code}) from exc
    return {"zipcode": zipcode, "state": state}


def do_create_deposit(
    membership: Membership,
    checked: CheckedDeposit,
    *,
    idempotency_key: str | None = None,
    request_hash: str = "",
) -> Deposit:
    """Write a checked deposit (waiting) with its timeline, name tokens, index row, audit and outbox
    entries in one transaction."""
    request, payer = checked.request, checked.request.payer
    with transaction.atomic():
        deposit = Deposit.objects.create(
            public_id=request.reference, method=request.method, amount=request.amount,
            currency=request.currency, description=request.description, payer_name=payer.name.strip(),
            search_name=search_text(payer.name), payer_document=payer.document, payer_email=payer.email,
            street=payer.street, number=payer.number, complement=payer.complement,
            neighborhood=payer.neighborhood, city=payer.city, state=payer.state.upper(),
            zipcode=payer.zipcode, due_date=request.due_date, card_token=request.card_token,
            provider=checked.provider, provider_extra=dict(request.extra), created_by_id=membership.user_id,
            idempotency_key=idempotency_key, request_hash=request_hash,
            owner_user_id=membership.user_id if membership.role == Role.CUSTOMER else None,
            **_artifact_fields(checked.artifacts),
        )  # fmt: skip
        index_name(deposit)
        record_change(
            checked.tenant, deposit, kind="deposit", action="created", topic="created",
            payload=deposit_event_payload(deposit),
            event=DepositEvent(deposit=deposit, to_status=deposit.status, source="api",
                               actor_id=membership.user_id),
            index={"method": deposit.method, "status": deposit.status, "amount": deposit.amount,
                   "currency": deposit.currency, "name": deposit.payer_name,
                   "document": deposit.payer_document, "provider": checked.provider,
                   "created_at": deposit.created_at},
            actor=membership.user, audit_data={"method": deposit.method},
        )  # fmt: skip
        observe_deposit(
            checked.tenant, reference=deposit.public_id, document=deposit.payer_document,
            amount=deposit.amount, currency=deposit.currency, method=deposit.method,
            created_at=deposit.created_at,
        )  # fmt: skip
    return deposit


def create_deposit(membership: Membership, data: DepositInput) -> Deposit:
    """Check, write, then register the charge with its provider (outside the transaction)."""
    return create_deposit_once(membership, data, idempotency_key=None)[0]


def create_deposit_once(
    membership: Membership, data: DepositInput, *, idempotency_key: str | None
) -> tuple[Deposit, bool]:
    """`create_deposit` honouring an optional Idempotency-Key: (deposit, created). The same key with
    the same request answers the deposit already made (also when both arrive at once: the unique key
    makes the second insert fail and answer the first); with another request, `idempotency_conflict`."""
    key = idempotency.optional_key(idempotency_key)
    request_hash = idempotency.fingerprint({**asdict(data), "creator": membership.user_id}) if key else ""
    existing = idempotency.replay(Deposit.objects.all(), key, request_hash)
    if existing is not None:
        return existing, False
    checked = check_deposit(membership, data)
    try:
        deposit = do_create_deposit(membership, checked, idempotency_key=key, request_hash=request_hash)
    except IntegrityError:
        winner = idempotency.replay(Deposit.objects.all(), key, request_hash)
        if winner is None:
            raise
        return winner, False
    register_charge(deposit.pk)
    deposit.refresh_from_db()
    return deposit, True


def _artifact_fields(artifacts: ChargeArtifacts) -> dict[str, Any]:
    return {
        "barcode": artifacts.barcode,
        "typed_line": artifacts.typed_line,
        "brcode": artifacts.brcode,
        "txid": artifacts.txid,
        "expires_at": artifacts.expires_at,
        "card_brand": artifacts.card_brand,
        "card_last4": artifacts.card_last4,
        "wire_instructions": dict(artifacts.wire_instructions),
    }


def register_charge(deposit_id: int, *, attempts: int = 2) -> None:
    """Register a deposit's charge with its provider (idempotent on the deposit's public id).

    Called synchronously after creation; if the provider cannot be reached the deposit stays waiting
    and the `register_charges` job retries it.
    """
    deposit = Deposit.objects.get(pk=deposit_id)
    if deposit.provider_reference:
        return
    tenant = current_tenant()
    registry = get_registry()
    provider = registry.provider(deposit.provider)
    config = gateway.effective_config(PluginKind.PROVIDER, deposit.provider, None)
    request = charge_request(deposit, tenant)
    artifacts = ChargeArtifacts(barcode=deposit.barcode, typed_line=deposit.typed_line, brcode=deposit.brcode,
                                txid=deposit.txid, expires_at=deposit.expires_at)  # fmt: skip
    charge: ProviderCharge | None = None
    for attempt in range(attempts):
        try:
            charge = provider.create_charge(request, artifacts, config)
            break
        except TimeoutError:
            logger.warning(
                "provider %s timed out registering %s (attempt %d)", deposit.provider, deposit, attempt + 1
            )
        except PluginError as exc:
            logger.warning("provider %s refused %s: %s", deposit.provider, deposit, exc.code)
            transition_deposit(deposit, DepositStatus.CANCELED, source="provider", note=exc.code)
            return
        except Exception:  # an outside system failing in any other way: the deposit is already saved
            logger.exception(
                "provider %s failed registering %s; the sync job retries", deposit.provider, deposit
            )
            return
    if charge is None:
        return
    with transaction.atomic():
        locked = Deposit.objects.select_for_update().get(pk=deposit.pk)
        locked.provider_reference = charge.provider_reference
        if charge.artifacts is not None:
            for name, value in _artifact_fields(charge.artifacts).items():
                if value:
                    setattr(locked, name, value)
        locked.save()
        gateway.index_upsert(
            tenant, "deposit", locked.public_id, provider_reference=charge.provider_reference
        )
    apply_charge_state(locked, charge.state, source="provider", paid_amount=charge.paid_amount)


STATE_TO_STATUS = {
    ChargeState.PENDING: DepositStatus.PENDING,
    ChargeState.CONFIRMED: DepositStatus.CONFIRMED,
    ChargeState.FAILED: DepositStatus.CANCELED,
    ChargeState.CANCELED: DepositStatus.CANCELED,
    ChargeState.EXPIRED: DepositStatus.EXPIRED,
}


def apply_charge_state(
    deposit: Deposit,
    state: str,
    *,
    source: str,
    paid_amount: int | None = None,
    event_id: str = "",
    note: str = "",
) -> str:
    """Move the deposit to what the provider reports, when the table allows; otherwise record and ignore."""
    target = STATE_TO_STATUS.get(ChargeState(state))
    if target is None:
        return "ignored_unknown_state"
    if deposit.status == target:
        return "ignored_same_state"
    if (
        target == DepositStatus.PENDING
        and deposit.status == DepositStatus.WAITING
        and source in ("provider", "sync")
    ):
        # A charge the provider answers "pending" for (at registration, or when the sync job asks about
        # an unpaid one) is just open: only a pending *event* means a payment was seen.
        return "ignored_initial_pending"
    if not can_transition(deposit.status, target):
        DepositEvent.objects.create(
            deposit=deposit, from_status=deposit.status, to_status=deposit.status, source=source,
            provider_event_id=event_id, note=f"ignored: {state} after {deposit.status}",
        )  # fmt: skip
        return "ignored_stale"
    transition_deposit(
        deposit, target, source=source, paid_amount=paid_amount, provider_event_id=event_id, note=note
    )
    return "applied"


def transition_deposit(
    deposit: Deposit,
    target: str,
    *,
    source: str,
    actor_id: int | None = None,
    paid_amount: int | None = None,
    provider_event_id: str = "",
    note: str = "",
) -> Deposit:
    """The one way a deposit changes status. Idempotent: moving to the current status is a no-op."""
    tenant = current_tenant()
    with transaction.atomic():
        locked = Deposit.objects.select_for_update().get(pk=deposit.pk)
        if locked.status == target:
            return locked
        if not can_transition(locked.status, target):
            raise AppError("invalid_transition", status=409, current=locked.status, target=target)
        before = locked.status
        now = timezone.now()
        entry = None
        if target == DepositStatus.CONFIRMED:
            entry = _confirmation(locked, tenant, paid_amount)
            locked.confirmed_at = now
            # A customer's wallet deposit is credited to the wallet at once: nothing to settle.
            if locked.owner_user_id is None:
                locked.settle_on = settlement.settle_on(locked.method, now)
        elif target == DepositStatus.PAID_TO_CLIENT:
            entry = _settlement(locked, tenant)
            locked.settled_at = now
            # today's settlement of its method and currency counts it, with what reached available
            locked.settlement_id = settlements.add(locked, _settled_net(locked))
        elif target == DepositStatus.REFUNDED and locked.refunded_amount < (
            locked.paid_amount or locked.amount
        ):
            raise AppError("invalid_transition", status=409, current=locked.status, target=target)
        locked.status = target
        locked.save()
        record_change(
            tenant, locked, kind="deposit", action="status_changed", topic=target,
            payload=deposit_event_payload(locked), entry=entry,
            event=DepositEvent(deposit=locked, from_status=before, to_status=target, source=source,
                               actor_id=actor_id, provider_event_id=provider_event_id, note=note[:200]),
            index={"status": target, "fee": locked.fee},
            audit_data={"from": before, "to": target, "source": source, "actor_id": actor_id},
        )  # fmt: skip
        # The receipt is issued with the money: its code points at the record from now on.
        if target == DepositStatus.CONFIRMED:
            receipts.issue_deposit(tenant, locked)
        elif target == DepositStatus.PAID_TO_CLIENT and locked.settlement_id is not None:
            receipts.issue_settlement(tenant, Settlement.objects.get(pk=locked.settlement_id))
    return locked


def _credited_account(deposit: Deposit, tenant: Tenant) -> LedgerAccount:
    """A client's charge is credited to its pending balance; a customer's wallet deposit (depositar)
    to that customer's wallet, the client's balance untouched."""
    if deposit.owner_user_id is not None:
        return ledger.customer_account(tenant, deposit.owner_user_id, deposit.currency)
    return ledger.tenant_account(tenant, AccountKind.PENDING, deposit.currency)


def _confirmation(deposit: Deposit, tenant: Tenant, paid_amount: int | None) -> Entry:
    """Fix the deposit's paid amount and fee; the entry: Dr provider clearing / Cr pending (or the
    customer's wallet) + fee revenue (+ the client's partner's commission, ledger.commission)."""
    gross = paid_amount if paid_amount and paid_amount > 0 else deposit.amount
    fee = fees.compute_fee(gross, fees.rate_for(tenant, deposit.method, deposit.currency))
    deposit.paid_amount = gross
    deposit.fee = fee
    lines = [
        ledger.Line(
            ledger.platform_account(
                AccountKind.PROVIDER_CLEARING, deposit.currency, provider=deposit.provider
            ),
            gross,
        ),
        ledger.Line(_credited_account(deposit, tenant), -(gross - fee)),
    ]
    lines += commission.fee_lines(tenant, fee, deposit.currency)
    if gross - fee == 0:
        lines = [line for line in lines if line.amount != 0]
    return Entry(f"deposit:{tenant.schema_name}:{deposit.public_id}:confirmed", "deposit_confirmed", lines)


def _settled_net(deposit: Deposit) -> int:
    """What settling `deposit` moves from pending to available: a refund before settlement took its
    money out of pending first (refunds.services), so the rest."""
    return max(0, (deposit.paid_amount or deposit.amount) - deposit.fee - deposit.refunded_amount)


def _settlement(deposit: Deposit, tenant: Tenant) -> Entry | None:
    net = _settled_net(deposit)
    if net == 0:
        return None
    return Entry(
        f"deposit:{tenant.schema_name}:{deposit.public_id}:settled",
        "deposit_settled",
        [
            ledger.Line(ledger.tenant_account(tenant, AccountKind.PENDING, deposit.currency), net),
            ledger.Line(ledger.tenant_account(tenant, AccountKind.AVAILABLE, deposit.currency), -net),
        ],
    )


def deposit_event_payload(deposit: Deposit) -> dict[str, Any]:
    return {
        "id": deposit.public_id,
        "status": deposit.status,
        "method": deposit.method,
        "amount": deposit.amount,
        "currency": deposit.currency,
        "fee": deposit.fee,
    }


# ------------------------------------------------------------------------------------ webhooks
def apply_charge_event(provider_code: str, event: ProviderEvent) -> str:
    """A verified webhook event of kind "charge", in the deposit's tenant schema (the inbox,
    gateway.webhooks, calls it inside the inbox row's transaction)."""
    deposit = Deposit.objects.filter(public_id=event.reference).first()
    if deposit is None or deposit.provider != provider_code:
        return "unknown_reference"
    return apply_charge_state(
        deposit, event.state, source="webhook", paid_amount=event.amount,
        event_id=event.event_id, note=event.reason,
    )  # fmt: skip


# ------------------------------------------------------------------------- direct deposits
@dataclass(frozen=True)
class DirectCredit:
    """Money sent to one of the client's PIX keys with no charge, as the bank reported it."""

    provider: str
    key: str
    end_to_end_id: str
    amount: int
    currency: str
    payer_name: str
    payer_document: str
    event_id: str = ""


def receive_direct_deposit(credit: DirectCredit) -> tuple[Deposit, bool]:
    """A direct deposit (method pix, `direct`): created and confirmed at once through the same path as
    any deposit (record_change, then transition_deposit: the client's fee, the ledger entry, the
    settlement date), in the current tenant's schema and the caller's transaction. Idempotent on the
    end-to-end id: the same credit reported again answers the deposit already made, `False`."""
    tenant = current_tenant()
    existing = Deposit.objects.filter(
        direct=True, provider=credit.provider, provider_reference=credit.end_to_end_id
    ).first()
    if existing is not None:
        return existing, False
    try:
        document = validate_document(credit.payer_document).value
    except DocumentError:
        document = credit.payer_document.strip()[:20]  # as the bank sent it: the money is here anyway
    name = " ".join(credit.payer_name.split())[:200] or "-"
    with transaction.atomic():
        deposit = Deposit.objects.create(
            public_id=new_public_id("dep"), method="pix", amount=credit.amount, currency=credit.currency,
            payer_name=name, search_name=search_text(name), payer_document=document,
            provider=credit.provider, provider_reference=credit.end_to_end_id, direct=True,
            pix_key=credit.key, next_poll_at=None, description="",
        )  # fmt: skip
        index_name(deposit)
        record_change(
            tenant, deposit, kind="deposit", action="created", topic="created",
            payload=deposit_event_payload(deposit),
            event=DepositEvent(deposit=deposit, to_status=deposit.status, source="webhook",
                               provider_event_id=credit.event_id, note="pix_credit"),
            index={"method": deposit.method, "status": deposit.status, "amount": deposit.amount,
                   "currency": deposit.currency, "name": deposit.payer_name,
                   "document": deposit.payer_document, "provider": credit.provider,
                   "provider_reference": credit.end_to_end_id, "direct": True,
                   "destination": credit.key[:100], "created_at": deposit.created_at},
            audit_data={"method": deposit.method, "direct": True},
        )  # fmt: skip
        observe_deposit(
            tenant, reference=deposit.public_id, document=deposit.payer_document,
            amount=deposit.amount, currency=deposit.currency, method=deposit.method,
            created_at=deposit.created_at,
        )  # fmt: skip
        deposit = transition_deposit(
            deposit, DepositStatus.CONFIRMED, source="webhook", paid_amount=credit.amount,
            provider_event_id=credit.event_id, note="pix_credit",
        )  # fmt: skip
    return deposit, True


# ------------------------------------------------------------------------------ periodic jobs
# Each reads its rows by keyset within the run's budget (core.periodic); the rows it handles leave
# its query (expired, settled, or polled later), so the next run goes on where this one stopped.
def expire_overdue(now: datetime | None = None, run: Run | None = None) -> int:
    """Mark charges whose due date (billet) or expiry (PIX) has passed. Runs in a tenant schema."""
    now = now or timezone.now()
    run = run or new_run("deposits")
    today = timezone.localdate(now)
    count = 0
    for overdue, order in (
        (Deposit.objects.filter(OPEN_DUE, due_date__lt=today), ("due_date", "id")),
        (Deposit.objects.filter(OPEN_EXPIRING, expires_at__lt=now), ("expires_at", "id")),
    ):
        fields = overdue.only("pk", "status", "due_date", "expires_at")
        for deposit in keyset(fields, run.step("expire"), order):
            transition_deposit(deposit, DepositStatus.EXPIRED, source="job", note="overdue")
            count += 1
    run.changed += count
    return count


def settle_due(today: date | None = None, run: Run | None = None) -> int:
    """Move confirmed deposits whose settlement date has come to paid-to-client."""
    today = today or timezone.localdate()
    run = run or new_run("deposits")
    due = Deposit.objects.filter(TO_SETTLE, settle_on__lte=today).only("pk", "status", "settle_on")
    count = 0
    for deposit in keyset(due, run.step("settle"), ("settle_on", "id")):
        transition_deposit(deposit, DepositStatus.PAID_TO_CLIENT, source="job", note="settlement")
        count += 1
    run.changed += count
    return count


def sync_stuck(now: datetime | None = None, run: Run | None = None) -> int:
    """Ask providers about the open charges whose poll is due (payments.polling: backs off with age,
    stops at the charge's cutoff); register the ones never registered. Webhooks are the normal path."""
    now = now or timezone.now()
    run = run or new_run("deposits")
    registry = get_registry()
    count = 0
    due = Deposit.objects.filter(OPEN_POLLED, next_poll_at__lte=now)
    for deposit in keyset(due, run.step("sync"), ("next_poll_at", "id")):
        until = polling.poll_until(deposit.method, deposit.created_at, deposit.due_date, deposit.expires_at)
        # the next poll first: a failing provider (or this worker dying) never keeps the row at the head
        following = polling.next_poll(deposit.created_at, until, now)
        Deposit.objects.filter(pk=deposit.pk).update(next_poll_at=following)
        if not polling.worth_asking(until, now):
            continue
        run.calls += 1
        if not deposit.provider_reference:
            register_charge(deposit.pk)
            count += 1
            continue
        provider = registry.provider(deposit.provider)
        config = gateway.effective_config(PluginKind.PROVIDER, deposit.provider, None)
        try:
            charge = provider.fetch_charge(deposit.provider_reference, config)
        except (TimeoutError, PluginError):
            continue
        if (
            apply_charge_state(deposit, charge.state, source="sync", paid_amount=charge.paid_amount)
            == "applied"
        ):
            count += 1
    run.changed += count
    return count


def deposit_jobs() -> Run | None:
    """One run of the deposits' periodic job in the current tenant, under its lease (None: another
    run holds it): expiry, settlement, provider sync, each within the run's budget."""
    with periodic_run("deposits") as run:
        if run is None:
            return None
        expire_overdue(run=run)
        settle_due(run=run)
        sync_stuck(run=run)
        return run


def payer_document(deposit: Deposit) -> PayerDocument | None:
    """The method plugin's document for the payer (printable boleto, PIX QR code), if it has one."""
    tenant = current_tenant()
    method = get_registry().method(deposit.method)
    config = gateway.effective_config(PluginKind.METHOD, deposit.method, tenant)
    artifacts = ChargeArtifacts(
        barcode=deposit.barcode, typed_line=deposit.typed_line, brcode=deposit.brcode, txid=deposit.txid,
        expires_at=deposit.expires_at, card_brand=deposit.card_brand, card_last4=deposit.card_last4,
        wire_instructions=dict(deposit.wire_instructions),
    )  # fmt: skip
    return method.payer_document(charge_request(deposit, tenant), artifacts, config)


def access_deposit(membership: Membership, public_id: str) -> Deposit:
    """The one way to load a deposit on a user's behalf: this host's tenant only, else 404."""
    if membership.tenant.kind != TenantKind.CLIENT or membership.tenant.schema_name != current_schema():
        raise NotFoundError
    found = Deposit.objects.filter(public_id=public_id).first()
    if found is None:
        raise NotFoundError
    return found
