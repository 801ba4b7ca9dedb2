"""Payouts: create (funds reserved at once), change status (the ONE function that does), review,
submit to the bank, apply the bank's events, periodic jobs, and the scoped loader.

`transition_payout` checks the transition table (`payouts/transitions.py`) and writes the ledger
entry, the timeline event, the audit entry, the outbox event and the public index row in one
transaction. Ledger entries (keys `payout:{schema}:{public_id}:{step}`; A = amount, F = the payout's
fee from the fee-rate table, method `payout_pix` / `payout_ted`, fixed at creation):

    created            Dr tenant available A+F / Cr tenant held A+F    (no_overdraft on available)
    rejected, canceled Dr tenant held A+F      / Cr tenant available A+F (released, fee included)
    confirmed          Dr tenant held A+F      / Cr provider clearing A / Cr platform fee revenue F-C
                                                 / Cr partner commission C (C: the client's partner's
                                                   share of F, ledger.commission; 0 when unlinked)
    reversed           Dr provider clearing A  / Cr tenant available A (the money came back; the fee
                                                                        is kept: the payout was made)
    paid_to_client     no entry (a wallet withdraw's end, right after confirmed: see state_chain)
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import F, QuerySet, Sum
from django.db.models.functions import Coalesce
from django.utils import timezone
from django_tenants.utils import schema_context

from access.guard import check_route, principal_of
from access.policy import route_allowed
from access.scoped import visible_tenants
from accounts.models import Membership, User
from accounts.roles import Role
from bank_accounts import services as bank_accounts
from bank_accounts.models import OwnerKind
from bank_accounts.services import Beneficiary, BeneficiaryInput
from brazil.business_days import next_business_day
from company.services import approval_threshold
from compliance.services import auto_approve_limit
from core.dates import day_start
from core.errors import AppError, ForbiddenError, NotFoundError
from core.ids import new_public_id
from core.jobs import enqueue_on_commit
from core.periodic import Run, new_run, sweep
from core.text import search_text
from gateway import services as gateway
from gateway.models import PluginKind, TransactionIndex
from gateway.registry import get_registry
from kyc import services as kyc
from ledger import commission
from ledger import services as ledger
from ledger.models import AccountKind, LedgerAccount
from payments import fees
from payments.records import Entry, record_change
from payouts import notices
from payouts.models import Payout, PayoutEvent, PayoutKind, PayoutStatus, WithdrawMethod
from payouts.transitions import can_transition
from platform_settings import services as platform_settings
from plugin_api import PayoutRequest, PayoutState, PluginError, ProviderEvent, ProviderPayout
from restrictions.normalize import account_key, bank_code, pix_key_parties
from restrictions.services import Party, check_parties
from tenants.models import Tenant, TenantKind
from tenants.tenancy import current_schema, current_tenant

logger = logging.getLogger("cofre.payouts")

S = PayoutStatus
MAX_AMOUNT = 10**10 - 1  # centavos (R$ 99.999.999,99), the sandbox bank's limit too
KIND_ROUTES: dict[str, str] = {
    PayoutKind.STANDARD: "clients/withdraws",
    PayoutKind.MANUAL: "clients/manual-withdraws",
    PayoutKind.TRANSACTIONAL: "clients/transactional-withdraws",
    PayoutKind.WALLET: "client/wallet-withdraws",
}
CUSTOMER_ROUTE = "sacar"  # a customer's own withdrawals (kind standard, own bank accounts only)
KIND_TOGGLES: dict[str, str] = {
    PayoutKind.MANUAL: "manual_withdraws",
    PayoutKind.TRANSACTIONAL: "transactional_withdraws",
}
# PIX and TED are Brazilian rails: they move reais only.
METHOD_CURRENCIES: dict[str, frozenset[str]] = {
    WithdrawMethod.PIX: frozenset({"BRL"}),
    WithdrawMethod.TED: frozenset({"BRL"}),
}
STUCK_APPROVED_SECONDS = 120  # an approved payout not at the bank after this is submitted again
SYNC_PENDING_SECONDS = 600  # a pending payout with no news after this is asked about
_KEY_RE = re.compile(r"[\x21-\x7e]{1,100}")  # printable ASCII, no spaces


@dataclass(frozen=True)
class PayoutInput:
    amount: int
    currency: str
    method: str
    kind: str = PayoutKind.STANDARD
    bank_account_id: str = ""
    beneficiary: BeneficiaryInput | None = None
    description: str = ""
    extra: dict[str, str] = field(default_factory=dict)  # for the provider, as is (ProviderExtra)

    def fingerprint(self, *, creator_id: int | None, client: str) -> str:
        """SHA-256 of what the request asks for and who asks: a reused key must carry the same."""
        content = {**asdict(self), "creator": creator_id, "client": client}
        return hashlib.sha256(json.dumps(content, sort_keys=True, default=str).encode()).hexdigest()


# --------------------------------------------------------------------------------- who may do what
def is_customer(membership: Membership) -> bool:
    return membership.role == Role.CUSTOMER


def check_kind(membership: Membership, kind: str, *, write: bool) -> None:
    """A customer withdraws (standard) under sacar; anyone else needs the kind's own route."""
    if kind not in KIND_ROUTES:
        raise AppError("invalid_input", fields={"kind": "invalid_choice"})
    if is_customer(membership):
        if kind != PayoutKind.STANDARD:
            raise ForbiddenError
        check_route(membership, (CUSTOMER_ROUTE,), write=write)
        return
    check_route(membership, (KIND_ROUTES[kind],), write=write)


def visible_kinds(membership: Membership) -> list[str]:
    principal = principal_of(membership)
    if is_customer(membership):
        return [PayoutKind.STANDARD] if route_allowed(CUSTOMER_ROUTE, principal) else []
    return [kind for kind, route in KIND_ROUTES.items() if route_allowed(route, principal)]


def _check_kind_for_tenant(tenant: Tenant, kind: str) -> None:
    toggle = KIND_TOGGLES.get(kind)
    if toggle is not None and toggle not in tenant.feature_toggles:
        raise AppError("invalid_input", fields={"kind": "feature_disabled"})


# ---------------------------------------------------------------------------------------- creation
def _check_key(key: str | None) -> str:
    key = (key or "").strip()
    if not key:
        raise AppError("idempotency_key_required", status=400)
    if not _KEY_RE.fullmatch(key):
        raise AppError("invalid_input", fields={"Idempotency-Key": "invalid_format"})
    return key


def _replay(key: str, fingerprint: str) -> Payout | None:
    existing = Payout.objects.filter(idempotency_key=key).first()
    if existing is not None and existing.request_hash != fingerprint:
        raise AppError("idempotency_conflict", status=409)
    return existing


@dataclass(frozen=True)
class CheckedPayout:
    """A payout request validated by `check_payout`: what `do_create_payout` writes."""

    tenant: Tenant
    data: PayoutInput
    key: str  # the Idempotency-Key
    fingerprint: str
    staff: bool  # created by staff for the client `tenant`
    customer: bool  # a customer's own withdrawal (always reviewed)
    beneficiary: Beneficiary
    bank_account_id: int | None
    provider: str
    fee: int  # the platform's fee, held with the amount, revenue when confirmed
    auto_approve_up_to: int | None  # the client's threshold (None: every payout is reviewed)

    @property
    def auto_approved(self) -> bool:
        limit = self.auto_approve_up_to
        # Customers' withdrawals always wait for review (they draw on their own wallet, but the
        # client's staff still look at money leaving to a customer's account).
        return limit is not None and self.data.amount <= limit and not self.customer


def approval_limit(tenant: Tenant, currency: str) -> int | None:
    """Up to which amount a payout is approved when it is created: the platform's rule for the client
    (compliance), lowered by the company's own approval threshold (clients/config) when it set one.
    Above it the payout waits for review by a second person (maker-checker: not its creator).
    Read in the client's schema (the connection is in it when a payout is checked)."""
    platform_rule = auto_approve_limit(tenant, currency)
    own = approval_threshold(currency)
    if platform_rule is None or own is None:
        return platform_rule
    return min(platform_rule, own)


def check_payout(
    membership: Membership, data: PayoutInput, *, idempotency_key: str | None, tenant: Tenant | None = None
) -> CheckedPayout | Payout:
    """Validate a payout request: who may ask (the kind's route, a client's toggle), the key, amount,
    method and currency, the beneficiary, the provider, the fee and the review rule. Answers the payout
    already made when the key was seen with the same request (`idempotency_conflict` with another).
    Writes nothing."""
    staff = tenant is not None
    if tenant is None:
        tenant = membership.tenant
        if tenant.kind != TenantKind.CLIENT or tenant.schema_name != current_schema():
            raise NotFoundError
        check_kind(membership, data.kind, write=True)
    elif data.kind not in KIND_ROUTES:
        raise AppError("invalid_input", fields={"kind": "invalid_choice"})
    key = _check_key(idempotency_key)
    fingerprint = data.fingerprint(creator_id=membership.user_id, client=tenant.slug)
    existing = _replay(key, fingerprint)
    if existing is not None:
        return existing

    _check_kind_for_tenant(tenant, data.kind)
    kyc.check_payouts_allowed(tenant)
    if not 0 < data.amount <= MAX_AMOUNT:
        raise AppError("invalid_input", fields={"amount": "amount_out_of_range"})
    if data.method not in WithdrawMethod.values:
        raise AppError("invalid_input", fields={"method": "invalid_choice"})
    if data.currency not in tenant.currencies or data.currency not in METHOD_CURRENCIES[data.method]:
        raise AppError("invalid_input", fields={"currency": "currency_not_supported"})
    beneficiary, account_id = _beneficiary(membership, data, staff=staff)
    check_parties(tenant, beneficiary_parties(beneficiary), operation="payout")
    platform_settings.check_payout(
        platform_settings.current(), amount=data.amount, currency=data.currency, method=data.method,
        beneficiary_document=beneficiary.holder_document,
    )  # fmt: skip
    provider_code = gateway.provider_for(tenant, data.method)
    if data.method not in get_registry().provider(provider_code).payout_methods:
        raise AppError("invalid_input", fields={"method": "method_not_enabled"})
    fee = fees.compute_fee(
        data.amount, fees.rate_for(tenant, fees.payout_fee_method(data.method), data.currency)
    )
    return CheckedPayout(
        tenant=tenant, data=data, key=key, fingerprint=fingerprint, staff=staff,
        customer=not staff and is_customer(membership), beneficiary=beneficiary,
        bank_account_id=account_id, provider=provider_code, fee=fee,
        auto_approve_up_to=approval_limit(tenant, data.currency),
    )  # fmt: skip


def do_create_payout(membership: Membership, checked: CheckedPayout) -> tuple[Payout, bool]:
    """Write a checked payout and reserve its funds (amount + fee, no overdraft) in one transaction,
    approving it at once under the client's threshold. Returns (payout, created): a request with the
    same key that inserted first (at the same time) is answered instead."""
    data, beneficiary, tenant = checked.data, checked.beneficiary, checked.tenant
    try:
        with transaction.atomic():
            _check_daily_limit(tenant, data)
            payout = Payout.objects.create(
                public_id=new_public_id("pay"), kind=data.kind, method=data.method, amount=data.amount,
                fee=checked.fee, currency=data.currency, description=data.description.strip(),
                owner_user_id=membership.user_id if checked.customer else None,
                bank_account_id=checked.bank_account_id, beneficiary_name=beneficiary.holder_name,
                search_name=search_text(beneficiary.holder_name),
                beneficiary_document=beneficiary.holder_document, bank_ispb=beneficiary.bank_ispb,
                bank_compe=beneficiary.bank_compe, bank_name=beneficiary.bank_name,
                agency=beneficiary.agency, agency_digit=beneficiary.agency_digit,
                account=beneficiary.account, account_digit=beneficiary.account_digit,
                account_type=beneficiary.account_type, operation=beneficiary.operation,
                pix_key=beneficiary.pix_key, pix_key_type=beneficiary.pix_key_type,
                idempotency_key=checked.key, request_hash=checked.fingerprint,
                created_by_id=membership.user_id, provider=checked.provider,
                provider_extra=dict(data.extra),
            )  # fmt: skip
            record_change(
                tenant, payout, kind="payout", action="created", topic="created",
                payload=payout_event_payload(payout), entry=_reservation(payout, tenant),
                event=PayoutEvent(payout=payout, to_status=payout.status, source="api",
                                  actor_id=membership.user_id),
                index={"method": payout.method, "status": payout.status, "amount": payout.amount,
                       "fee": payout.fee, "currency": payout.currency, "name": payout.beneficiary_name,
                       "document": payout.beneficiary_document, "provider": checked.provider,
                       "created_at": payout.created_at, "payout_kind": payout.kind,
                       "bank_name": payout.bank_name, "destination": payout_destination(payout)},
                actor=membership.user,
                audit_data={"kind": payout.kind, "amount": payout.amount, "fee": payout.fee,
                            "staff": checked.staff},
            )  # fmt: skip
            if not checked.auto_approved:
                notices.review_waiting(tenant, payout)
            if checked.auto_approved:
                note = f"auto_approved:{checked.auto_approve_up_to}"  # a code: the frontend words it
                payout = transition_payout(payout, S.APPROVED, source="auto", approval="auto", note=note)
    except ledger.InsufficientFundsError as exc:
        if checked.customer:  # the customer's wallet holds less than amount + fee: a request error
            raise AppError("insufficient_funds", status=422) from exc
        raise
    except IntegrityError:
        # The same key sent at the same time: the other request inserted first and committed.
        winner = _replay(checked.key, checked.fingerprint)
        if winner is None:
            raise
        return winner, False
    return payout, True


def _check_daily_limit(tenant: Tenant, data: PayoutInput) -> None:
    """The platform's daily limit per client (platform_settings), counted under a transaction lock of
    the client's schema: two payouts at once cannot both take the last of the day's room."""
    settings = platform_settings.current()
    if settings.max_daily_payouts_per_client is None or data.currency != platform_settings.LIMIT_CURRENCY:
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [f"payout-daily:{tenant.schema_name}"])
    today = day_start(timezone.localdate())
    spent = (
        (
            Payout.objects.filter(created_at__gte=today, currency=data.currency)
            .exclude(status__in=(S.REJECTED, S.CANCELED))
            .aggregate(total=Sum("amount"))["total"]
        )
        or 0
    )
    platform_settings.check_daily(settings, amount=data.amount, currency=data.currency, spent_today=spent)


def create_payout(
    membership: Membership,
    data: PayoutInput,
    *,
    idempotency_key: str | None,
    tenant: Tenant | None = None,
) -> tuple[Payout, bool]:
    """Create a payout and reserve its funds in one transaction. Returns (payout, created).

    Members of a client create on their own host; staff (employee/admin) pass the client `tenant`
    and call this inside its schema. The same key with the same request answers the same payout
    (even when both arrive at once: the unique key makes the second insert wait for the first); the
    same key with another request is refused with `idempotency_conflict`.
    """
    checked = check_payout(membership, data, idempotency_key=idempotency_key, tenant=tenant)
    if isinstance(checked, Payout):
        return checked, False
    return do_create_payout(membership, checked)


def _beneficiary(membership: Membership, data: PayoutInput, *, staff: bool) -> tuple[Beneficiary, int | None]:
    wallet = data.kind == PayoutKind.WALLET
    if wallet and (not data.bank_account_id or data.beneficiary is not None):
        # A wallet withdraw takes the company's money to the company's own registered account only.
        raise AppError("wallet_own_account_only", status=400, fields={"bank_account_id": "required"})
    if bool(data.bank_account_id) == (data.beneficiary is not None):
        raise AppError("invalid_input", fields={"bank_account_id": "bank_account_or_beneficiary"})
    if data.bank_account_id:
        if staff:
            account = bank_accounts.company_bank_accounts().filter(public_id=data.bank_account_id).first()
            if account is None:
                raise NotFoundError
        else:
            account = bank_accounts.access_bank_account(membership, data.bank_account_id)
        if wallet and account.owner_kind != OwnerKind.COMPANY:
            raise NotFoundError
        beneficiary = bank_accounts.beneficiary_of(account)
        if data.method == WithdrawMethod.PIX and not beneficiary.pix_key:
            raise AppError("bank_account_invalid", fields={"pix_key": "required"})
        return beneficiary, account.pk
    if not staff and is_customer(membership):
        # Customers are paid to the accounts they registered (contas-bancarias) only.
        raise AppError("invalid_input", fields={"bank_account_id": "required"})
    assert data.beneficiary is not None
    beneficiary = bank_accounts.clean_beneficiary(
        data.beneficiary,
        require_account=data.method == WithdrawMethod.TED,
        require_pix=data.method == WithdrawMethod.PIX,
    )
    return beneficiary, None


def beneficiary_parties(beneficiary: Beneficiary) -> list[Party]:
    """Whom a payout pays, as restrictions name them: the holder's document, the PIX key (and the
    document, e-mail or phone it is), the bank account."""
    parties = [Party("document", beneficiary.holder_document, "beneficiary.holder_document")]
    if beneficiary.pix_key:
        parties += [
            Party(kind, value, "beneficiary.pix_key")
            for kind, value in pix_key_parties(beneficiary.pix_key, beneficiary.pix_key_type)
        ]
    bank = beneficiary.bank_compe or beneficiary.bank_ispb
    if bank and beneficiary.account:
        code = bank_code(bank) or bank
        account = f"{beneficiary.account}{beneficiary.account_digit}".upper()
        parties.append(
            Party("bank_account", account_key(code, beneficiary.agency, account), "beneficiary.account")
        )
    return parties


def source_account(payout: Payout, tenant: Tenant) -> LedgerAccount:
    """Where a payout's money comes from and returns to: a customer's own payout (sacar) draws on
    that customer's wallet; every other payout on the client's available balance."""
    if payout.owner_user_id is not None:
        return ledger.customer_account(tenant, payout.owner_user_id, payout.currency)
    return ledger.tenant_account(tenant, AccountKind.AVAILABLE, payout.currency)


def _reservation(payout: Payout, tenant: Tenant) -> Entry:
    """Hold amount + fee under the source account's row lock: refused when they exceed it."""
    available = source_account(payout, tenant)
    held = ledger.tenant_account(tenant, AccountKind.HELD, payout.currency)
    total = payout.amount + payout.fee
    return Entry(
        _entry_key(tenant, payout, "reserved"),
        "payout_reserved",
        [ledger.Line(available, total), ledger.Line(held, -total)],
        no_overdraft=[available],
    )


def _entry_key(tenant: Tenant, payout: Payout, step: str) -> str:
    return f"payout:{tenant.schema_name}:{payout.public_id}:{step}"


# ----------------------------------------------------------------------------- the status change
def transition_payout(
    payout: Payout,
    target: str,
    *,
    source: str,
    actor: User | None = None,
    approval: str = "",
    rejection_reason: str = "",
    provider_reference: str = "",
    provider_event_id: str = "",
    note: str = "",
) -> Payout:
    """The one way a payout changes status. Idempotent: moving to the current status is a no-op."""
    tenant = current_tenant()
    with transaction.atomic():
        locked = Payout.objects.select_for_update().get(pk=payout.pk)
        if provider_reference and not locked.provider_reference:
            locked.provider_reference = provider_reference
            if locked.status == target:
                locked.save(update_fields=["provider_reference", "updated_at"])
                gateway.index_upsert(
                    tenant, "payout", locked.public_id, provider_reference=provider_reference
                )
        if locked.status == target:
            return locked
        if not can_transition(locked.status, target):
            raise AppError("invalid_transition", status=409, current=locked.status, target=target)
        before = locked.status
        now = timezone.now()
        if target == S.APPROVED:
            locked.approved_at = now
            locked.approval = approval or "manual"
            locked.approved_by_id = actor.pk if actor is not None else None
        elif target == S.PENDING:
            locked.submitted_at = now
        elif target == S.CONFIRMED:
            locked.confirmed_at = now
        else:  # rejected, canceled, reversed, paid_to_client
            locked.finished_at = now
        if target == S.REJECTED:
            locked.rejection_reason = rejection_reason[:200]
        locked.status = target
        locked.save()
        record_change(
            tenant, locked, kind="payout", action="status_changed", topic=target,
            payload=payout_event_payload(locked), entry=_transition_entry(locked, tenant, target),
            event=PayoutEvent(payout=locked, from_status=before, to_status=target, source=source,
                              actor_id=actor.pk if actor is not None else None,
                              provider_event_id=provider_event_id, note=note[:200]),
            index={"status": target, "provider_reference": locked.provider_reference},
            actor=actor, audit_data={"from": before, "to": target, "source": source},
        )  # fmt: skip
        if target == S.APPROVED:
            from payouts.tasks import submit_payout as submit_actor

            enqueue_on_commit(submit_actor, locked.pk)
    return locked


def _transition_entry(payout: Payout, tenant: Tenant, target: str) -> Entry | None:
    amount, fee, currency = payout.amount, payout.fee, payout.currency
    held = ledger.tenant_account(tenant, AccountKind.HELD, currency)
    available = source_account(payout, tenant)
    if target in (S.REJECTED, S.CANCELED):  # nothing was paid: amount and fee are released
        step, kind = "released", "payout_released"
        lines = [(held, amount + fee), (available, -(amount + fee))]
    elif target == S.CONFIRMED:
        clearing = ledger.platform_account(AccountKind.PROVIDER_CLEARING, currency, provider=payout.provider)
        step, kind = "confirmed", "payout_confirmed"
        lines = [(held, amount + fee), (clearing, -amount)]
        # the fee: fee revenue and the client's partner's commission (ledger.commission)
        lines += [(line.account, line.amount) for line in commission.fee_lines(tenant, fee, currency)]
    elif target == S.REVERSED:  # the amount comes back; the fee stays revenue (the payout was made)
        clearing = ledger.platform_account(AccountKind.PROVIDER_CLEARING, currency, provider=payout.provider)
        step, kind, lines = "reversed", "payout_reversed", [(clearing, amount), (available, -amount)]
    else:  # approved, pending, paid_to_client: the money stays where it is
        return None
    return Entry(
        _entry_key(tenant, payout, step), kind, [ledger.Line(account, value) for account, value in lines]
    )


def payout_event_payload(payout: Payout) -> dict[str, Any]:
    return {
        "id": payout.public_id,
        "status": payout.status,
        "kind": payout.kind,
        "method": payout.method,
        "amount": payout.amount,
        "fee": payout.fee,
        "currency": payout.currency,
        "transaction_id": payout.provider_reference,
    }


def payout_destination(payout: Payout) -> str:
    """Where the money goes, for the index: "agency-d / account-d", or the PIX key without an account."""
    if not payout.account:
        return payout.pix_key[:100]

    def digit(value: str, dv: str) -> str:
        return f"{value}-{dv}" if dv else value

    agency, account = digit(payout.agency, payout.agency_digit), digit(payout.account, payout.account_digit)
    return f"{agency} / {account}"[:100]


# ------------------------------------------------------------------------------------ review
def approve_payout(membership: Membership, payout: Payout, note: str = "") -> Payout:
    """Compliance approval. Maker-checker: whoever created the payout cannot approve it."""
    if payout.created_by_id is not None and payout.created_by_id == membership.user_id:
        raise ForbiddenError("maker_checker")
    return transition_payout(
        payout, S.APPROVED, source="review", actor=membership.user, approval="manual", note=note
    )


def reject_payout(membership: Membership, payout: Payout, reason: str) -> Payout:
    reason = " ".join(reason.split())
    if not reason:
        raise AppError("reason_required", status=400, fields={"reason": "required"})
    return transition_payout(
        payout, S.REJECTED, source="review", actor=membership.user, rejection_reason=reason, note=reason
    )


def cancel_payout(membership: Membership, payout: Payout, reason: str = "") -> Payout:
    """The client cancels a payout still waiting for review; its funds are released."""
    check_kind(membership, payout.kind, write=True)
    with transaction.atomic():
        locked = Payout.objects.select_for_update().get(pk=payout.pk)
        if locked.status != S.WAITING:
            raise AppError("payout_not_cancelable", status=409, status_now=locked.status)
        return transition_payout(
            locked, S.CANCELED, source="api", actor=membership.user, note=" ".join(reason.split())
        )


# -------------------------------------------------------------------------------- at the bank
def payout_request(payout: Payout) -> PayoutRequest:
    return PayoutRequest(
        reference=payout.public_id,
        idempotency_key=payout.public_id,  # the bank is idempotent on it: a retry is the same payout
        amount=payout.amount,
        currency=payout.currency,
        method=payout.method,
        beneficiary_name=payout.beneficiary_name,
        beneficiary_document=payout.beneficiary_document,
        bank_ispb=payout.bank_ispb,
        bank_compe=payout.bank_compe,
        agency=payout.agency,
        account=payout.account,
        account_digit=payout.account_digit,
        account_type=payout.account_type,
        pix_key=payout.pix_key,
        description=payout.description,
        extra=dict(payout.provider_extra),
    )


def submit_payout(payout_id: int) -> str:
    """Send an approved payout to its bank (the dramatiq actor's body). Idempotent.

    The attempt is counted and committed before the call, the call is made outside any transaction
    (a bank is an outside party), and its answer is applied afterwards under the row lock. A
    TimeoutError is raised again so the job is retried with the same idempotency key; the bank then
    answers with the payout it already has, never a second one.
    """
    with transaction.atomic():
        payout = Payout.objects.select_for_update().filter(pk=payout_id).first()
        if payout is None or payout.status != S.APPROVED:
            return "skipped"
        payout.submission_attempts = F("submission_attempts") + 1
        payout.last_attempt_at = timezone.now()
        payout.save(update_fields=["submission_attempts", "last_attempt_at", "updated_at"])
        payout.refresh_from_db()
    provider = get_registry().provider(payout.provider)
    config = gateway.effective_config(PluginKind.PROVIDER, payout.provider, None)
    # Plugin API 1.2: a bank paid by file (the platform's configuration, or this client's own) takes the
    # payout in its next remittance (batch_files): it stays approved until then.
    if provider.batch_payouts and provider.pays_by_file(
        gateway.effective_config(PluginKind.PROVIDER, payout.provider, current_tenant())
    ):
        return "by_file"
    try:
        result: ProviderPayout = provider.submit_payout(payout_request(payout), config)
    except TimeoutError:
        Payout.objects.filter(pk=payout.pk).update(last_error="provider_timeout")
        logger.warning(
            "provider %s timed out on %s (attempt %d)", payout.provider, payout, payout.submission_attempts
        )
        raise
    except PluginError as exc:
        logger.warning("provider %s refused %s: %s", payout.provider, payout, exc.code)
        Payout.objects.filter(pk=payout.pk).update(last_error=exc.code[:120])
        # Refused by the bank: nothing was paid, the funds are released.
        return apply_payout_state(payout, PayoutState.FAILED, source="provider", note=exc.code)
    Payout.objects.filter(pk=payout.pk).update(last_error="")
    return apply_payout_state(
        payout,
        result.state,
        source="provider",
        provider_reference=result.provider_reference,
        note=result.reason,
    )


# What the bank says, as the chain of statuses that leads there (a later step implies the earlier:
# a payout reported confirmed was accepted; one reported reversed was confirmed first).
STATE_CHAINS: dict[str, tuple[str, ...]] = {
    PayoutState.PROCESSING: (S.PENDING,),
    PayoutState.CONFIRMED: (S.PENDING, S.CONFIRMED),
    PayoutState.FAILED: (S.CANCELED,),
    PayoutState.REVERSED: (S.PENDING, S.CONFIRMED, S.REVERSED),
}
POSTING_STEPS = frozenset({S.REJECTED, S.CANCELED, S.CONFIRMED, S.REVERSED})  # steps with a ledger entry


def state_chain(kind: str, state: str) -> tuple[str, ...] | None:
    """The chain of a payout of `kind`. A wallet withdraw goes to the client's own account: once the bank
    confirms it, the money has reached the client, so it goes on to paid_to_client in the same step."""
    chain = STATE_CHAINS.get(state)
    if chain is None or kind != PayoutKind.WALLET or S.CONFIRMED not in chain:
        return chain
    after = chain.index(S.CONFIRMED) + 1
    return (*chain[:after], S.PAID_TO_CLIENT, *chain[after:])


def apply_payout_state(
    payout: Payout,
    state: str,
    *,
    source: str,
    provider_reference: str = "",
    event_id: str = "",
    note: str = "",
) -> str:
    """Move the payout to what the bank reports, when the table allows; otherwise record and ignore.

    Safe out of order: a stale event (e.g. "processing" after "confirmed") changes nothing.
    """
    chain = state_chain(payout.kind, state)
    if chain is None:
        return "ignored_unknown_state"
    reported = STATE_CHAINS[state][-1]  # the bank's own word (a wallet withdraw's chain goes further)
    with transaction.atomic():
        locked = Payout.objects.select_for_update().get(pk=payout.pk)
        target = chain[-1]
        if locked.status == target:
            if provider_reference and not locked.provider_reference:
                transition_payout(locked, target, source=source, provider_reference=provider_reference)
            return "ignored_same_state"
        if locked.status in chain:
            steps = chain[chain.index(locked.status) + 1 :]
        elif can_transition(locked.status, chain[0]):
            steps = chain
        else:
            PayoutEvent.objects.create(
                payout=locked, from_status=locked.status, to_status=locked.status, source=source,
                provider_event_id=event_id, note=f"ignored: {state} after {locked.status}",
            )  # fmt: skip
            return "ignored_stale"
        if len(POSTING_STEPS.intersection(steps)) > 1:
            _lock_accounts(locked)
        for step in steps:
            locked = transition_payout(
                locked,
                step,
                source=source,
                provider_reference=provider_reference,
                provider_event_id=event_id,
                note=note if step == reported else f"implied by {state}",
            )
    return "applied"


def _lock_accounts(payout: Payout) -> None:
    """Lock every account the payout's entries touch, in id order, before posting several entries in
    one transaction (confirmed then reversed): each post locks its own accounts in id order, but two
    posts in a row would not, and could deadlock with a payout being created."""
    tenant = current_tenant()
    accounts = [
        source_account(payout, tenant),
        ledger.tenant_account(tenant, AccountKind.HELD, payout.currency),
        ledger.platform_account(AccountKind.PROVIDER_CLEARING, payout.currency, provider=payout.provider),
        *commission.fee_accounts(tenant, payout.currency),  # fee revenue and partners' commission
    ]
    list(LedgerAccount.objects.select_for_update().filter(pk__in=[a.pk for a in accounts]).order_by("pk"))


def apply_payout_event(provider_code: str, event: ProviderEvent) -> str:
    """A verified webhook event of kind "payout", in the payout's tenant schema (called by
    the inbox, gateway.webhooks, inside the inbox row's transaction)."""
    payout = Payout.objects.filter(public_id=event.reference).first()
    if payout is None or payout.provider != provider_code:
        return "unknown_reference"
    return apply_payout_state(
        payout,
        event.state,
        source="webhook",
        provider_reference=event.provider_reference,
        event_id=event.event_id,
        note=event.reason,
    )


# ----------------------------------------------------------------------------- periodic jobs
def resubmit_stuck(
    older_than_seconds: int = STUCK_APPROVED_SECONDS, now: datetime | None = None, run: Run | None = None
) -> int:
    """Send again the approved payouts not at the bank after a while (a lost message, a killed worker).

    Safe: the actor skips a payout no longer approved, and the bank is idempotent on the public id.
    """
    from payouts.tasks import submit_payout as submit_actor

    cutoff = (now or timezone.now()) - timedelta(seconds=older_than_seconds)
    stuck = (
        Payout.objects.filter(status=S.APPROVED)
        .annotate(last_try=Coalesce("last_attempt_at", "approved_at"))
        .filter(last_try__lt=cutoff)
        .only("pk")
    )
    count = 0
    for payout in sweep(stuck, (run or new_run("payouts")).step("resubmit"), "resubmit"):
        enqueue_on_commit(submit_actor, payout.pk)
        count += 1
    return count


def sync_pending(
    older_than_seconds: int = SYNC_PENDING_SECONDS, now: datetime | None = None, run: Run | None = None
) -> int:
    """Ask the bank about payouts still pending after a while (a webhook that never came); within the
    run's budget, going on from where the last run stopped (core.periodic.sweep)."""
    cutoff = (now or timezone.now()) - timedelta(seconds=older_than_seconds)
    registry = get_registry()
    count = 0
    pending = Payout.objects.filter(status=S.PENDING, submitted_at__lt=cutoff).exclude(provider_reference="")
    run = run or new_run("payouts")
    for payout in sweep(pending, run.step("sync"), "sync"):
        run.calls += 1
        config = gateway.effective_config(PluginKind.PROVIDER, payout.provider, None)
        try:
            result = registry.provider(payout.provider).fetch_payout(payout.provider_reference, config)
        except (TimeoutError, PluginError):
            continue
        if apply_payout_state(payout, result.state, source="sync", note=result.reason) == "applied":
            count += 1
    return count


# ------------------------------------------------------------------------------ scoped loading
@contextmanager
def access_payout(membership: Membership, public_id: str) -> Iterator[Payout]:
    """The one way to load a payout on a user's behalf; 404 when outside the user's scope.

    On a client's host: that tenant's payouts of the kinds the member may see (a customer: their
    own). Platform staff: a payout of a tenant they may see, found through the public index; the
    connection is in that tenant's schema while the block runs.
    """
    home = membership.tenant
    if home.kind == TenantKind.PLATFORM:
        row = (
            TransactionIndex.objects.filter(
                kind="payout", public_id=public_id, tenant__in=visible_tenants(membership)
            )
            .select_related("tenant")
            .first()
        )
        if row is None:
            raise NotFoundError
        with schema_context(row.tenant.schema_name):
            found = Payout.objects.filter(public_id=public_id).first()
            if found is None:
                raise NotFoundError
            yield found
        return
    if home.kind != TenantKind.CLIENT or home.schema_name != current_schema():
        raise NotFoundError
    found = own_payouts(membership).filter(public_id=public_id).first()
    if found is None:
        raise NotFoundError
    yield found


def own_payouts(membership: Membership) -> QuerySet[Payout]:
    """The payouts a client member may see: the kinds their routes show (a customer: their own)."""
    qs = Payout.objects.filter(kind__in=visible_kinds(membership))
    if is_customer(membership):
        qs = qs.filter(owner_user_id=membership.user_id)
    return qs


def compliance_queue(membership: Membership) -> QuerySet[TransactionIndex]:
    """Payouts waiting for review in every tenant the staff member may see (the public index)."""
    return TransactionIndex.objects.filter(
        kind="payout", status=S.WAITING, tenant__in=visible_tenants(membership)
    ).select_related("tenant")


# ------------------------------------------------------------------------------ customer wallets
WALLET_BILLET_DAYS = 3  # a wallet boleto is due three days after it is issued, on a business day


def wallet_billet_due(today: date | None = None) -> date:
    """The due date of a customer's wallet boleto (depositar): three days after `today` (São Paulo),
    moved to the next business day when that falls on a weekend or a national holiday (the same
    calendar, brazil.business_days, that settles the clients' charges)."""
    today = today or timezone.localdate()
    return next_business_day(today + timedelta(days=WALLET_BILLET_DAYS))
