"""The platform's books: a double-entry ledger in the public schema.

Accounts belong to a tenant (available, pending, held), to one end customer of a tenant (its wallet,
code `tenant:{schema}:customer:{user_id}:{currency}`) or to the platform (fee revenue, provider
clearing per bank, partner commission). Journal entries are immutable (the database refuses UPDATE
and DELETE, migration 0002), each with a unique idempotency key; their postings sum to zero per
currency. Posting amounts are signed: debit positive, credit negative. An account's `balance` is a
snapshot of the sum of its postings, kept in the same transaction as every posting.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Func

from tenants.models import Tenant


class AccountKind(models.TextChoices):
    AVAILABLE = "available", "Available"  # tenant: money the client may withdraw (liability)
    PENDING = "pending", "Pending"  # tenant: confirmed, not yet settled (liability)
    HELD = "held", "Held"  # tenant: reserved by payouts in flight (liability)
    FEE_REVENUE = "fee_revenue", "Fee revenue"  # platform (revenue)
    PROVIDER_CLEARING = "provider_clearing", "Provider clearing"  # platform: what a bank holds for us (asset)
    PARTNER_COMMISSION = "partner_commission", "Partner commission"  # platform: owed to a partner (liability)
    CUSTOMER_WALLET = "customer_wallet", "Customer wallet"  # tenant: one end customer's own money (liability)
    # platform: the other side of external credits and debits made by staff (statements app): what the
    # platform put into clients' balances from outside the payment flows, net
    EXTERNAL_ADJUSTMENTS = "external_adjustments", "External adjustments"


# Accounts whose normal balance is a credit: shown to people as -(sum of postings).
CREDIT_NORMAL = frozenset(
    {AccountKind.AVAILABLE, AccountKind.PENDING, AccountKind.HELD, AccountKind.FEE_REVENUE,
     AccountKind.PARTNER_COMMISSION, AccountKind.CUSTOMER_WALLET}
)  # fmt: skip
TENANT_KINDS = frozenset({AccountKind.AVAILABLE, AccountKind.PENDING, AccountKind.HELD})
# Liabilities that never go below zero (checked by `check_invariants`).
NEVER_NEGATIVE = TENANT_KINDS | {AccountKind.CUSTOMER_WALLET}


class LedgerAccount(models.Model):
    code = models.CharField(max_length=120, unique=True)
    kind = models.CharField(max_length=24, choices=AccountKind.choices)
    currency = models.CharField(max_length=3)
    tenant = models.ForeignKey(Tenant, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    provider = models.CharField(max_length=40, blank=True)
    balance = models.BigIntegerField(default=0)  # snapshot: sum of postings (debit positive)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return self.code

    @property
    def display_balance(self) -> int:
        """The balance as a person reads it (credit-normal accounts flipped)."""
        return -self.balance if self.kind in CREDIT_NORMAL else self.balance


class JournalEntry(models.Model):
    idempotency_key = models.CharField(max_length=160, unique=True)
    kind = models.CharField(max_length=40)
    tenant = models.ForeignKey(Tenant, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    reference = models.CharField(max_length=64, blank=True, db_index=True)  # e.g. the deposit's public id
    memo = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("created_at", "id")

    def __str__(self) -> str:
        return self.idempotency_key


class ClockTimestamp(Func):
    """PostgreSQL's clock_timestamp(): the time the row is written (not the transaction's start)."""

    function = "clock_timestamp"
    template = "clock_timestamp()"
    output_field = models.DateTimeField()


class Posting(models.Model):
    """One line of an entry. `posted_at` and `balance_after` make an account's statement a walk of one
    index: both are written while the account's row is locked (`services.post`), so per account
    (posted_at, id) grows with every posting and `balance_after` (the account's sum of postings after
    this one, debit positive) is the running balance; the opening balance of any period is the
    `balance_after` of the last posting before it (one index probe at any depth)."""

    entry = models.ForeignKey(JournalEntry, on_delete=models.PROTECT, related_name="postings")
    account = models.ForeignKey(LedgerAccount, on_delete=models.PROTECT, related_name="postings")
    amount = models.BigIntegerField()  # centavos; debit positive, credit negative
    currency = models.CharField(max_length=3)
    posted_at = models.DateTimeField(db_default=ClockTimestamp())
    balance_after = models.BigIntegerField()

    class Meta:
        indexes = [
            models.Index(fields=("account", "entry"), name="posting_account_idx"),
            models.Index(fields=("account", "posted_at", "id"), name="posting_statement_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.account_id}:{self.amount}"
