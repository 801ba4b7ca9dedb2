"""Post balanced journal entries; read balances. The only code that writes to the books.

Concurrency: the accounts of an entry are locked (SELECT ... FOR UPDATE, in id order so two entries
never deadlock) before the balance checks and snapshot updates; the idempotency key is unique, so the
same entry posted twice (a retried job, a duplicated webhook) has one effect.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import F, Sum

from core.errors import AppError
from ledger.models import (
    CREDIT_NORMAL,
    NEVER_NEGATIVE,
    TENANT_KINDS,
    AccountKind,
    JournalEntry,
    LedgerAccount,
    Posting,
)
from tenants.models import Tenant


class LedgerError(AppError):
    """A posting the books refuse (unbalanced, mixed currencies)."""

    status = 500


class InsufficientFundsError(AppError):
    status = 409

    def __init__(self) -> None:
        super().__init__("insufficient_funds")


@dataclass(frozen=True)
class Line:
    account: LedgerAccount
    amount: int  # debit positive, credit negative


def tenant_account(tenant: Tenant, kind: str, currency: str) -> LedgerAccount:
    if kind not in TENANT_KINDS:
        raise ValueError(f"{kind} is not a tenant account kind")
    return _account(f"tenant:{tenant.schema_name}:{kind}:{currency}", kind, currency, tenant=tenant)


def customer_account(tenant: Tenant, user_id: int, currency: str) -> LedgerAccount:
    """The wallet of one end customer (a user with role customer) of `tenant`, per currency."""
    return _account(
        f"tenant:{tenant.schema_name}:customer:{user_id}:{currency}",
        AccountKind.CUSTOMER_WALLET,
        currency,
        tenant=tenant,
    )


def customer_balances(tenant: Tenant, user_id: int, currencies: Iterable[str]) -> dict[str, int]:
    """Per currency, the customer's wallet balance as a person reads it (0 without an account)."""
    codes = {f"tenant:{tenant.schema_name}:customer:{user_id}:{c}": c for c in currencies}
    found = {a.code: a.display_balance for a in LedgerAccount.objects.filter(code__in=list(codes))}
    return {currency: found.get(code, 0) for code, currency in sorted(codes.items(), key=lambda i: i[1])}


def platform_account(
    kind: str, currency: str, *, provider: str = "", partner: Tenant | None = None
) -> LedgerAccount:
    if kind in TENANT_KINDS:
        raise ValueError(f"{kind} is a tenant account kind")
    owner = provider or (partner.schema_name if partner is not None else "")
    code = f"platform:{kind}:{owner + ':' if owner else ''}{currency}"
    return _account(code, kind, currency, tenant=partner, provider=provider)


def _account(
    code: str, kind: str, currency: str, *, tenant: Tenant | None = None, provider: str = ""
) -> LedgerAccount:
    found = LedgerAccount.objects.filter(code=code).first()
    if found is not None:
        return found
    try:
        with transaction.atomic():
            return LedgerAccount.objects.create(
                code=code, kind=kind, currency=currency, tenant=tenant, provider=provider
            )
    except IntegrityError:  # created concurrently
        return LedgerAccount.objects.get(code=code)


def post(
    idempotency_key: str,
    kind: str,
    lines: Sequence[Line],
    *,
    tenant: Tenant | None = None,
    reference: str = "",
    memo: str = "",
    no_overdraft: Iterable[LedgerAccount] = (),
) -> JournalEntry:
    """Post one balanced entry atomically (or return the entry already posted under this key).

    `no_overdraft` lists credit-normal accounts that must not go below zero as a person reads them
    (e.g. a tenant's available balance when a payout reserves funds): checked under the row lock.
    """
    if not lines or any(line.amount == 0 for line in lines):
        raise LedgerError("ledger_invalid_entry")
    totals: dict[str, int] = defaultdict(int)
    for line in lines:
        totals[line.account.currency] += line.amount
    if any(total != 0 for total in totals.values()):
        raise LedgerError("ledger_unbalanced")
    guarded = {account.pk for account in no_overdraft}
    with transaction.atomic():
        existing = JournalEntry.objects.filter(idempotency_key=idempotency_key).first()
        if existing is not None:
            return existing
        ids = sorted({line.account.pk for line in lines})
        locked = {
            a.pk: a for a in LedgerAccount.objects.select_for_update().filter(pk__in=ids).order_by("pk")
        }
        deltas: dict[int, int] = defaultdict(int)
        for line in lines:
            deltas[line.account.pk] += line.amount
        for account_id in guarded:
            account = locked[account_id]
            after = account.balance + deltas[account_id]
            shown = -after if account.kind in CREDIT_NORMAL else after
            if shown < 0:
                raise InsufficientFundsError
        try:
            with transaction.atomic():
                entry = JournalEntry.objects.create(
                    idempotency_key=idempotency_key, kind=kind, tenant=tenant, reference=reference, memo=memo
                )
        except IntegrityError:  # the same key posted concurrently: that one won
            return JournalEntry.objects.get(idempotency_key=idempotency_key)
        running = {pk: account.balance for pk, account in locked.items()}
        postings = []
        for line in lines:
            running[line.account.pk] += line.amount
            postings.append(
                Posting(
                    entry=entry,
                    account=locked[line.account.pk],
                    amount=line.amount,
                    currency=line.account.currency,
                    balance_after=running[line.account.pk],
                )
            )
        Posting.objects.bulk_create(postings)
        for account_id, delta in deltas.items():
            LedgerAccount.objects.filter(pk=account_id).update(balance=F("balance") + delta)
    return entry


@dataclass(frozen=True)
class Balance:
    currency: str
    available: int
    pending: int
    held: int


def tenant_balances(tenant: Tenant, currencies: Iterable[str]) -> list[Balance]:
    """Per currency, as a person reads it: available (withdrawable), pending (not settled), held."""
    snapshot = {
        (a.kind, a.currency): a.display_balance
        for a in LedgerAccount.objects.filter(tenant=tenant, kind__in=list(TENANT_KINDS))
    }
    return [
        Balance(
            currency=currency,
            available=snapshot.get((AccountKind.AVAILABLE, currency), 0),
            pending=snapshot.get((AccountKind.PENDING, currency), 0),
            held=snapshot.get((AccountKind.HELD, currency), 0),
        )
        for currency in sorted(set(currencies))
    ]


@dataclass(frozen=True)
class InvariantReport:
    unbalanced_entries: list[str]
    snapshot_mismatches: list[str]
    negative_balances: list[str]

    @property
    def ok(self) -> bool:
        return not (self.unbalanced_entries or self.snapshot_mismatches or self.negative_balances)


def check_invariants() -> InvariantReport:
    """Every entry sums to zero per currency; every snapshot equals its postings and its last running
    balance; no liability below zero."""
    unbalanced = [
        f"{row['entry__idempotency_key']} {row['currency']} {row['total']}"
        for row in Posting.objects.values("entry__idempotency_key", "currency")
        .annotate(total=Sum("amount"))
        .exclude(total=0)
    ]
    sums = dict(
        Posting.objects.values_list("account").annotate(total=Sum("amount")).values_list("account", "total")
    )
    # The running balance of each account's last posting (statements read it) equals the snapshot.
    last_running = dict(
        Posting.objects.order_by("account_id", "-posted_at", "-id")
        .distinct("account_id")
        .values_list("account_id", "balance_after")
    )
    mismatches = []
    negatives = []
    for account in LedgerAccount.objects.all():
        running = last_running.get(account.pk, account.balance)
        if running != account.balance:
            mismatches.append(f"{account.code}: snapshot {account.balance} != last running balance {running}")
        if account.balance != sums.get(account.pk, 0):
            mismatches.append(
                f"{account.code}: snapshot {account.balance} != postings {sums.get(account.pk, 0)}"
            )
        if account.kind in NEVER_NEGATIVE and account.display_balance < 0:
            negatives.append(f"{account.code}: {account.display_balance}")
    return InvariantReport(unbalanced, mismatches, negatives)
