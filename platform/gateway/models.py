"""The public side of payments: plugin configuration, provider routing, fee rates, the cross-tenant
transaction index and the webhook inbox. All in the public schema."""

from __future__ import annotations

from typing import Any

from django.db import models

from core.crypto import unseal_fields
from tenants.models import Tenant


class PluginKind(models.TextChoices):
    METHOD = "method", "Payment method"
    PROVIDER = "provider", "Bank provider"


class PluginConfig(models.Model):
    """A plugin's configuration for one tenant (or the platform default when tenant is null).

    `config` is validated by the plugin's own schema; write-only secrets are never returned by the API
    and are stored encrypted (`{"$encrypted": token}`, core.crypto): read the values with `values()`.
    """

    tenant = models.ForeignKey(Tenant, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=10, choices=PluginKind.choices)
    code = models.CharField(max_length=40)
    enabled = models.BooleanField(default=True)
    config = models.JSONField(default=dict, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=("tenant", "kind", "code"), name="uniq_plugin_config"),
            models.UniqueConstraint(
                fields=("kind", "code"), condition=models.Q(tenant__isnull=True), name="uniq_plugin_default"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind}:{self.code}@{self.tenant_id or 'platform'}"

    def values(self) -> dict[str, Any]:
        """The configuration with its secrets decrypted (SecretsUnreadableError if a key is missing)."""
        return unseal_fields(self.config)


class ProviderRoute(models.Model):
    """Which bank provider serves a payment method for a client (tenant null: the platform default)."""

    tenant = models.ForeignKey(Tenant, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    method = models.CharField(max_length=40)
    provider = models.CharField(max_length=40)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=("tenant", "method"), name="uniq_provider_route"),
            models.UniqueConstraint(
                fields=("method",),
                condition=models.Q(tenant__isnull=True),
                name="uniq_provider_route_default",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.method}->{self.provider}"


class FeeRate(models.Model):
    """Fee per client, method and currency: percentage (basis points) plus a fixed amount (centavos)."""

    tenant = models.ForeignKey(Tenant, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    method = models.CharField(max_length=40)
    currency = models.CharField(max_length=3)
    percent_bp = models.PositiveIntegerField(default=0)  # 199 = 1.99 %
    fixed = models.BigIntegerField(default=0)  # centavos

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=("tenant", "method", "currency"), name="uniq_fee_rate"),
            models.UniqueConstraint(
                fields=("method", "currency"),
                condition=models.Q(tenant__isnull=True),
                name="uniq_fee_rate_default",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.method}/{self.currency}: {self.percent_bp}bp + {self.fixed}"


class TransactionIndex(models.Model):
    """A slim row per deposit, payout and refund of every tenant, written in the same transaction as
    the tenant's own record: staff lists, cross-tenant reports and webhook routing read it."""

    tenant = models.ForeignKey(Tenant, on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=10)  # deposit | payout | refund
    public_id = models.CharField(max_length=32, unique=True)
    method = models.CharField(max_length=40)
    status = models.CharField(max_length=20)
    amount = models.BigIntegerField()
    fee = models.BigIntegerField(default=0)
    currency = models.CharField(max_length=3)
    name = models.CharField(max_length=200, blank=True)
    document = models.CharField(max_length=20, blank=True)
    provider = models.CharField(max_length=40, blank=True)
    provider_reference = models.CharField(max_length=80, blank=True)
    # Payouts only: the payout's kind (standard | manual | transactional | wallet) and where the money
    # goes (the bank's name; "agency / account", or the PIX key when there is no account).
    payout_kind = models.CharField(max_length=16, blank=True)
    bank_name = models.CharField(max_length=200, blank=True)
    destination = models.CharField(max_length=100, blank=True)
    # Deposits only: money sent to a client's PIX key with no charge (employee/direct_deposits); the key
    # it reached is in `destination`.
    direct = models.BooleanField(default=False)
    created_at = models.DateTimeField(db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [
            models.Index(
                fields=("payout_kind", "created_at", "id"),
                name="txindex_payout_kind_idx",
                condition=models.Q(kind="payout"),
            ),
            models.Index(fields=("created_at", "id"), name="txindex_created_idx"),
            # A partner's lists (backoffice.partner): one kind, newest first or by amount, across clients.
            models.Index(fields=("kind", "created_at", "id"), name="txindex_kind_created_idx"),
            models.Index(fields=("kind", "amount", "id"), name="txindex_kind_amount_idx"),
            models.Index(fields=("status", "created_at", "id"), name="txindex_status_idx"),
            models.Index(fields=("tenant", "created_at", "id"), name="txindex_tenant_idx"),
            models.Index(fields=("document",), name="txindex_document_idx"),
            # restrictions.alerts' burst rule: a document's recent deposits, read by time.
            models.Index(fields=("document", "created_at"), name="txindex_document_time_idx"),
            models.Index(fields=("provider", "provider_reference"), name="txindex_provider_ref_idx"),
            models.Index(
                fields=("created_at", "id"), name="txindex_direct_idx", condition=models.Q(direct=True)
            ),
        ]

    def __str__(self) -> str:
        return self.public_id


class WebhookEvent(models.Model):
    """The inbox of provider webhooks: one row per (provider, event id), so a duplicate has one effect."""

    provider = models.CharField(max_length=40)
    event_id = models.CharField(max_length=120)
    reference = models.CharField(max_length=80, blank=True)
    state = models.CharField(max_length=20, blank=True)
    occurred_at = models.DateTimeField(null=True)
    received_at = models.DateTimeField(auto_now_add=True)
    outcome = models.CharField(max_length=40, blank=True)  # applied | ignored_* | unknown_reference

    class Meta:
        constraints = [models.UniqueConstraint(fields=("provider", "event_id"), name="uniq_webhook_event")]

    def __str__(self) -> str:
        return f"{self.provider}:{self.event_id}"


class PixKeyDirectory(models.Model):
    """Which client a PIX key belongs to (the platform's own DICT): a key belongs to one client only, and a
    provider's "pix_credit" event finds its client here. Written in the same transaction as the client's
    own key row (direct_deposits.PixKey)."""

    key = models.CharField(max_length=77, unique=True)
    key_type = models.CharField(max_length=5)
    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="+")
    public_id = models.CharField(max_length=32, unique=True)  # the client's key row
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=("tenant",), name="pixkeydir_tenant_idx")]

    def __str__(self) -> str:
        return self.public_id


class ContactPoint(models.Model):
    """An e-mail or phone seen on money records of any client (a payer's e-mail, a payout's PIX key of
    kind e-mail or phone), with how many distinct CPF/CNPJ used it: employee/kyc-phones-emails flags
    the ones many documents share. Written with the record's creation (customers.contacts.observe)."""

    kind = models.CharField(max_length=5)  # email | phone
    value = models.CharField(max_length=254)  # e-mail lower-cased; phone in E.164
    documents = models.IntegerField(default=0)  # distinct documents that used it
    first_seen_at = models.DateTimeField()
    last_seen_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=("kind", "value"), name="contact_point_uniq")]
        indexes = [
            models.Index(fields=("documents", "id"), name="contact_point_documents_idx"),
            models.Index(fields=("last_seen_at", "id"), name="contact_point_seen_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.kind}:{self.value}"


class ContactUse(models.Model):
    """One document's use of a contact point at one client: how often, first and last seen."""

    contact = models.ForeignKey(ContactPoint, on_delete=models.CASCADE, related_name="uses")
    document = models.CharField(max_length=20)
    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="+")
    count = models.IntegerField(default=1)
    first_seen_at = models.DateTimeField()
    last_seen_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=("contact", "document", "tenant"), name="contact_use_uniq")
        ]
        indexes = [models.Index(fields=("document",), name="contact_use_document_idx")]

    def __str__(self) -> str:
        return f"{self.contact_id}:{self.document}"


class ReceiptCode(models.Model):
    """Where a receipt's authentication code leads (payments.receipts): the public verifier
    (GET /api/receipts/verify) finds the record by its code, then recomputes the code from the record
    itself; a row is only a pointer, never the proof. Written when a receipt is issued."""

    code = models.CharField(max_length=39, unique=True)  # 32 hex digits in groups of 4
    tenant = models.ForeignKey(Tenant, on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=10)  # deposit | settlement
    public_id = models.CharField(max_length=32)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.kind} {self.public_id}"
