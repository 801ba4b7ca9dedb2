"""The sandbox bank's own books (public schema): it stands for an outside bank, so it keeps its own
state and Cofre learns about it only through the provider API and signed webhooks.

No card number is ever stored: a card token keeps brand, last four digits and expiry only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import models

if TYPE_CHECKING:
    from cofre_sandbox_bank.cards import CardSummary


class SandboxCharge(models.Model):
    """A charge the bank registered; `reference` is Cofre's id for it (one charge per reference)."""

    reference = models.CharField(max_length=64, unique=True)
    provider_reference = models.CharField(max_length=40, unique=True)
    method = models.CharField(max_length=40)
    amount = models.BigIntegerField()  # centavos
    currency = models.CharField(max_length=3)
    state = models.CharField(max_length=12, default="pending")  # a plugin_api.ChargeState value
    reason = models.CharField(max_length=64, blank=True)
    scenario = models.CharField(max_length=20)
    txid = models.CharField(max_length=35, blank=True)  # PIX: what the payment is matched on
    card_brand = models.CharField(max_length=20, blank=True)
    card_last4 = models.CharField(max_length=4, blank=True)
    paid_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.provider_reference} ({self.reference}: {self.state})"


class SandboxPayout(models.Model):
    """A payout the bank accepted; one per idempotency key, whatever the number of retries."""

    idempotency_key = models.CharField(max_length=100, unique=True)
    reference = models.CharField(max_length=64, db_index=True)
    provider_reference = models.CharField(max_length=40, unique=True)
    method = models.CharField(max_length=10)  # pix | ted
    amount = models.BigIntegerField()  # centavos
    currency = models.CharField(max_length=3)
    # SHA-256 of what the payout pays (amount, beneficiary, account): a key reused for another payout
    # is refused instead of silently answering with the first one.
    fingerprint = models.CharField(max_length=64)
    state = models.CharField(max_length=12, default="processing")  # a plugin_api.PayoutState value
    reason = models.CharField(max_length=64, blank=True)
    scenario = models.CharField(max_length=20)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.provider_reference} ({self.reference}: {self.state})"


class SandboxRefund(models.Model):
    """A refund of a paid charge the bank accepted; one per idempotency key, whatever the retries."""

    idempotency_key = models.CharField(max_length=100, unique=True)
    reference = models.CharField(max_length=64, db_index=True)  # Cofre's id for the refund
    charge = models.ForeignKey(SandboxCharge, on_delete=models.PROTECT, related_name="refunds")
    provider_reference = models.CharField(max_length=40, unique=True)
    amount = models.BigIntegerField()  # centavos
    currency = models.CharField(max_length=3)
    # SHA-256 of what the refund returns (reference, charge, amount): a reused key must carry the same.
    fingerprint = models.CharField(max_length=64)
    state = models.CharField(max_length=12, default="pending")  # a plugin_api.RefundState value
    reason = models.CharField(max_length=64, blank=True)
    scenario = models.CharField(max_length=20)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.provider_reference} ({self.reference}: {self.state})"


class SandboxCardToken(models.Model):
    """A tokenized card. The number is never stored: brand, last four digits, expiry, and the outcome
    the bank will give it (test cards decide it, as card networks' sandboxes do)."""

    class Outcome(models.TextChoices):
        APPROVE = "approve"
        DECLINE = "decline"

    token = models.CharField(max_length=40, unique=True)
    brand = models.CharField(max_length=20)
    last4 = models.CharField(max_length=4)
    exp_month = models.PositiveSmallIntegerField()
    exp_year = models.PositiveSmallIntegerField()
    outcome = models.CharField(max_length=10, choices=Outcome.choices, default=Outcome.APPROVE)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.brand} ****{self.last4}"

    @classmethod
    def issue(cls, card: CardSummary) -> SandboxCardToken:
        """Store a new token for a checked card (cards.check_card): summary only, never the number."""
        from cofre_sandbox_bank.cards import new_token

        return cls.objects.create(
            token=new_token(),
            brand=card.brand,
            last4=card.last4,
            exp_month=card.exp_month,
            exp_year=card.exp_year,
            outcome=cls.Outcome.DECLINE if card.declined else cls.Outcome.APPROVE,
        )


class SandboxWebhookDelivery(models.Model):
    """One webhook POST the bank owes Cofre, and its delivery log.

    The duplicate scenario has two rows with the same `event_id`; a row with `applies_state` moves the
    bank's own charge, payout or refund to the event's state when it is first sent (so `fetch_charge` and the
    webhook agree), a stale or repeated event does not.
    """

    event_id = models.CharField(max_length=40, db_index=True)
    kind = models.CharField(max_length=10)  # charge | payout | refund
    reference = models.CharField(max_length=64, db_index=True)
    payload = models.JSONField()
    url = models.CharField(max_length=500)
    signing_secret = models.CharField(max_length=200)  # the secret shared with this merchant
    applies_state = models.BooleanField(default=False)
    state_applied_at = models.DateTimeField(null=True, blank=True)
    due_at = models.DateTimeField()
    attempts = models.PositiveIntegerField(default=0)
    last_status = models.PositiveSmallIntegerField(null=True, blank=True)  # HTTP status of the last try
    last_error = models.CharField(max_length=200, blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("due_at", "id")

    def __str__(self) -> str:
        return f"{self.event_id} -> {self.url} ({self.attempts} attempts)"


class SandboxMedCase(models.Model):
    """A MED infraction the bank raised on one of its paid charges (on demand: POST /sandbox-bank/med),
    with the MED 2.0 tracking graph of the funds (up to 5 hops). One row per case, however many
    notices of it are sent."""

    case_reference = models.CharField(max_length=40, unique=True)
    charge = models.ForeignKey(SandboxCharge, on_delete=models.PROTECT, related_name="med_cases")
    amount = models.BigIntegerField()  # centavos disputed
    currency = models.CharField(max_length=3)
    reason = models.CharField(max_length=24)  # fraud | operational_failure
    state = models.CharField(max_length=12, default="open")  # a plugin_api.MedState value
    details = models.CharField(max_length=200, blank=True)
    hops = models.JSONField(default=list)  # [{depth, ispb, account, holder_document, amount}]
    reported_at = models.DateTimeField()
    # Test mode: how many reports of the decision the bank still answers with a timeout (as a bank that
    # is away would), so a test sees Cofre retry.
    decision_failures = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.case_reference} ({self.charge.reference}: {self.state})"


class SandboxMedDecision(models.Model):
    """The receiving institution's decision on a MED case, as reported to the bank (plugin API 1.2):
    one row per idempotency key; a repeated report only counts itself (`received`)."""

    idempotency_key = models.CharField(max_length=80, unique=True)
    case = models.ForeignKey(SandboxMedCase, on_delete=models.PROTECT, related_name="decisions")
    decision = models.CharField(max_length=10)  # accepted | rejected
    refunded_amount = models.BigIntegerField()
    currency = models.CharField(max_length=3)
    reason = models.TextField(blank=True)
    decided_at = models.DateTimeField()
    received = models.PositiveIntegerField(default=1)  # reports of this decision that arrived
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.case_id}: {self.decision}"


class SandboxPixKey(models.Model):
    """A PIX key a merchant registered at the bank (its DICT entry), with where the bank tells the
    merchant of money sent to it: the webhook URL and signing secret of its configuration then."""

    key = models.CharField(max_length=77, unique=True)
    key_type = models.CharField(max_length=5)  # cpf | cnpj | email | phone | evp
    reference = models.CharField(max_length=64)  # the merchant's id of the key
    url = models.CharField(max_length=500)
    signing_secret = models.CharField(max_length=200)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.key_type}:{self.reference}"


class SandboxPixCredit(models.Model):
    """Money someone sent to a registered key (test mode: POST /sandbox-bank/pix-credits)."""

    end_to_end_id = models.CharField(max_length=32, unique=True)
    key = models.CharField(max_length=77)
    amount = models.BigIntegerField()  # centavos
    currency = models.CharField(max_length=3, default="BRL")
    payer_name = models.CharField(max_length=200)
    payer_document = models.CharField(max_length=20)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.end_to_end_id
