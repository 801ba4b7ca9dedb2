"""The merchant's own money records, in the tenant schema: deposits, their timeline, the outbox."""

from __future__ import annotations

from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVector
from django.db import models
from django.db.models import Q

from payments.polling import first_poll_at

MAX_WORD = 60  # longer words in a payer name are indexed by their first 60 characters


class DepositStatus(models.TextChoices):
    WAITING = "waiting", "Waiting"  # created, waiting for the payer ("waiting/open")
    PENDING = "pending", "Pending"  # payment seen, not yet confirmed by the bank
    CONFIRMED = "confirmed", "Confirmed"  # paid ("confirmed/success"): money in pending balance
    PAID_TO_CLIENT = "paid_to_client", "Paid to client"  # settled: money in available balance
    CANCELED = "canceled", "Canceled"
    EXPIRED = "expired", "Expired"  # "overdue/expired"
    REFUNDED = "refunded", "Refunded"


class Method(models.TextChoices):
    BILLET = "billet", "Billet"
    PIX = "pix", "PIX"
    CARD = "card", "Credit card"
    WIRE = "wire", "Bank transfer"


OPEN_STATUSES = [DepositStatus.WAITING.value, DepositStatus.PENDING.value]
OPEN_POLLED = Q(status__in=OPEN_STATUSES, next_poll_at__isnull=False)
OPEN_DUE = Q(status__in=OPEN_STATUSES, due_date__isnull=False)
OPEN_EXPIRING = Q(status__in=OPEN_STATUSES, expires_at__isnull=False)
TO_SETTLE = Q(status=DepositStatus.CONFIRMED.value, settle_on__isnull=False)


class Settlement(models.Model):
    """Money moved from pending to available: one row per São Paulo day, method and currency (the
    tenant's schema is the client), kept in the same transaction as each deposit's `deposit_settled`
    entry (payments.settlements.add). `net` is what reached available: the sum of those entries."""

    public_id = models.CharField(max_length=32, unique=True)
    day = models.DateField()
    method = models.CharField(max_length=20)
    currency = models.CharField(max_length=3)
    count = models.IntegerField(default=0)
    gross = models.BigIntegerField(default=0)  # centavos paid
    fee = models.BigIntegerField(default=0)
    net = models.BigIntegerField(default=0)  # centavos credited to available
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=("day", "method", "currency"), name="settlement_key_uniq")
        ]
        indexes = [models.Index(fields=("day", "id"), name="settlement_day_idx")]

    def __str__(self) -> str:
        return self.public_id


class Deposit(models.Model):
    public_id = models.CharField(max_length=32, unique=True)
    method = models.CharField(max_length=20)
    status = models.CharField(max_length=20, choices=DepositStatus.choices, default=DepositStatus.WAITING)
    amount = models.BigIntegerField()  # centavos
    currency = models.CharField(max_length=3)
    fee = models.BigIntegerField(default=0)  # centavos, fixed when confirmed
    paid_amount = models.BigIntegerField(null=True, blank=True)
    refunded_amount = models.BigIntegerField(default=0)
    description = models.CharField(max_length=200, blank=True)
    # payer (section 3: name, document, address)
    payer_name = models.CharField(max_length=200)
    search_name = models.CharField(max_length=200, blank=True)  # lower case, accents stripped
    payer_document = models.CharField(max_length=20)
    payer_email = models.CharField(max_length=254, blank=True)
    street = models.CharField(max_length=200, blank=True)
    number = models.CharField(max_length=20, blank=True)
    complement = models.CharField(max_length=100, blank=True)
    neighborhood = models.CharField(max_length=100, blank=True)
    city = models.CharField(max_length=100, blank=True)
    state = models.CharField(max_length=2, blank=True)
    zipcode = models.CharField(max_length=8, blank=True)
    # method artifacts
    due_date = models.DateField(null=True, blank=True)
    barcode = models.CharField(max_length=44, blank=True)
    typed_line = models.CharField(max_length=47, blank=True)
    brcode = models.TextField(blank=True)
    txid = models.CharField(max_length=35, blank=True)
    expires_at = models.DateTimeField(null=True, blank=True)
    card_brand = models.CharField(max_length=20, blank=True)
    card_last4 = models.CharField(max_length=4, blank=True)
    wire_instructions = models.JSONField(default=dict, blank=True)
    # provider
    provider = models.CharField(max_length=40, blank=True)
    provider_reference = models.CharField(max_length=80, blank=True)
    card_token = models.CharField(max_length=80, blank=True)  # the provider's token, never a card number
    provider_extra = models.JSONField(default=dict, blank=True)  # e.g. the sandbox scenario
    # Idempotency-Key of the create call (core.idempotency): null when none was sent
    idempotency_key = models.CharField(max_length=100, null=True, blank=True, unique=True)
    request_hash = models.CharField(max_length=64, blank=True)
    # lifecycle
    created_by_id = models.BigIntegerField(null=True, blank=True)
    owner_user_id = models.BigIntegerField(null=True, blank=True)  # a customer's wallet deposit (depositar)
    # A direct deposit (clients/direct_deposits): money sent to one of the client's PIX keys with no charge
    # before; `pix_key` is the key it reached, `provider_reference` the end-to-end id.
    direct = models.BooleanField(default=False)
    pix_key = models.CharField(max_length=77, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    settle_on = models.DateField(null=True, blank=True)
    settled_at = models.DateTimeField(null=True, blank=True)
    settlement = models.ForeignKey(
        Settlement, null=True, blank=True, on_delete=models.PROTECT, related_name="deposits"
    )
    # when the sync job asks the provider next (payments.polling); empty: never again
    next_poll_at = models.DateTimeField(null=True, blank=True, default=first_poll_at)

    class Meta:
        indexes = [
            models.Index(fields=("created_at", "id"), name="deposit_created_idx"),
            models.Index(fields=("status", "created_at", "id"), name="deposit_status_idx"),
            models.Index(fields=("payer_document", "created_at"), name="deposit_document_idx"),
            models.Index(fields=("provider_reference",), name="deposit_provider_ref_idx"),
            models.Index(fields=("status", "settle_on"), name="deposit_settle_idx"),
            GinIndex(SearchVector("search_name", config="simple"), name="deposit_name_fts_idx"),
            # what the periodic jobs read, by keyset (payments.services, periodic jobs): only open or
            # confirmed rows are in them, so they stay small however many deposits a tenant has
            models.Index(fields=("next_poll_at", "id"), name="deposit_poll_idx", condition=OPEN_POLLED),
            models.Index(fields=("due_date", "id"), name="deposit_open_due_idx", condition=OPEN_DUE),
            models.Index(
                fields=("expires_at", "id"), name="deposit_open_expiry_idx", condition=OPEN_EXPIRING
            ),
            models.Index(fields=("settle_on", "id"), name="deposit_to_settle_idx", condition=TO_SETTLE),
            models.Index(fields=("created_at", "id"), name="deposit_direct_idx", condition=Q(direct=True)),
        ]
        constraints = [
            # the bank's notice of one credit, however often it comes, is one deposit
            models.UniqueConstraint(
                fields=("provider", "provider_reference"),
                condition=Q(direct=True),
                name="deposit_direct_e2e_uniq",
            )
        ]

    def __str__(self) -> str:
        return self.public_id

    @property
    def net(self) -> int:
        return self.amount - self.fee


class DepositNameToken(models.Model):
    """One row per distinct word of a deposit's payer name, keyed (word, created_at, deposit).

    Name search reads the deposits whose name has a word starting with the term, newest first: for
    each matching word the primary key yields its deposits already in created_at order, and the
    words' streams are merged (UNION ALL -> Merge Append), so a page of 50 costs ~50 index entries
    whether the word is rare or common. A GIN full-text index cannot return rows in order (a common
    word collected every match and sorted them) and walking the created_at index looking for a rare
    word read the whole table (see ARCHITECTURE.md, "Name search"). Written with the deposit, in the
    same transaction; names never change.
    """

    pk = models.CompositePrimaryKey("word", "created_at", "deposit")
    word = models.CharField(max_length=MAX_WORD)
    created_at = models.DateTimeField()
    deposit = models.ForeignKey(Deposit, on_delete=models.CASCADE, db_index=False, related_name="+")

    def __str__(self) -> str:
        return self.word


class NameWord(models.Model):
    """Every word seen in a payer name (the vocabulary): a prefix is expanded to its words here, through
    the primary key's pattern index, before the token streams are read."""

    word = models.CharField(max_length=MAX_WORD, primary_key=True)

    def __str__(self) -> str:
        return self.word


class DepositEvent(models.Model):
    """The deposit's timeline: every status change and provider event, in order."""

    deposit = models.ForeignKey(Deposit, on_delete=models.CASCADE, related_name="events")
    at = models.DateTimeField(auto_now_add=True)
    from_status = models.CharField(max_length=20, blank=True)
    to_status = models.CharField(max_length=20)
    source = models.CharField(max_length=20)  # api | webhook | job | user
    actor_id = models.BigIntegerField(null=True, blank=True)
    provider_event_id = models.CharField(max_length=120, blank=True)
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ("at", "id")

    def __str__(self) -> str:
        return f"{self.deposit_id}: {self.from_status}->{self.to_status}"


class OutboxEvent(models.Model):
    """Events for the merchant's integrations, written in the same transaction as the change."""

    topic = models.CharField(max_length=60)
    payload = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)
    dispatched_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("id",)

    def __str__(self) -> str:
        return self.topic
