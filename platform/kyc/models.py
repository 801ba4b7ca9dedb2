"""The KYC onboarding file of a client (one per client tenant): company data, legal representatives
and beneficial owners, the documents uploaded, and the staff's decision.

Status (kyc.services.TRANSITIONS is the table): draft -> pending (the client submits) ->
under_review (staff open the review) -> approved | rejected (with a reason); a rejected file is
edited and submitted again. An approved file whose periodic review date has come (the daily job) or
that staff reopen with a reason is `review_due`: the client updates it and submits it again.
"Expiring" is no status: an approved file whose periodic review date is near
(kyc.services.EXPIRING_WITHIN)."""

from __future__ import annotations

from django.db import models

from tenants.models import Tenant


class KycStatus(models.TextChoices):
    DRAFT = "draft", "Draft"
    PENDING = "pending", "Pending review"
    UNDER_REVIEW = "under_review", "Under review"
    APPROVED = "approved", "Approved"
    REJECTED = "rejected", "Rejected"
    REVIEW_DUE = "review_due", "Periodic review due"


class DocumentKind(models.TextChoices):
    ARTICLES = "articles", "Articles of association"
    ID = "id", "Identity document"
    PROOF_OF_ADDRESS = "proof_of_address", "Proof of address"
    OTHER = "other", "Other"


class KycFile(models.Model):
    tenant = models.OneToOneField(Tenant, on_delete=models.PROTECT, related_name="+")
    status = models.CharField(max_length=12, choices=KycStatus.choices, default=KycStatus.DRAFT)
    legal_name = models.CharField(max_length=200, blank=True)
    trade_name = models.CharField(max_length=200, blank=True)
    cnpj = models.CharField(max_length=14, blank=True)  # normalised (brazil.documents.validate_cnpj)
    # [{"role": "representative" | "owner", "name": str, "cpf": 11 digits, "share_bp": int}]:
    # the share in basis points (10000 = 100 %), 0 for a representative who owns nothing.
    people = models.JSONField(default=list)
    rejection_reason = models.TextField(blank=True)
    submitted_at = models.DateTimeField(null=True, blank=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by_id = models.BigIntegerField(null=True, blank=True)  # accounts.User id (staff)
    decided_by_email = models.CharField(max_length=254, blank=True)
    review_due_on = models.DateField(null=True, blank=True)  # the periodic review (approved files)
    # Reminders of the coming review sent since the approval (kyc.services.REMINDERS: 1 = 30 days,
    # 2 = 7 days): each is sent once.
    reminders_sent = models.PositiveSmallIntegerField(default=0)
    reopen_reason = models.TextField(blank=True)  # why staff reopened an approved file
    changed_at = models.DateTimeField()  # the last change of status: the queue's order
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [
            models.Index(fields=("status", "changed_at", "id"), name="kyc_queue"),
            models.Index(fields=("changed_at", "id"), name="kyc_changed"),
        ]

    def __str__(self) -> str:
        return f"KYC {self.tenant_id} ({self.status})"


class KycDocument(models.Model):
    """One uploaded document: its bytes are a stored file (files.StoredFile) of the client's schema,
    named here by its public id."""

    public_id = models.CharField(max_length=32, unique=True)
    kyc = models.ForeignKey(KycFile, on_delete=models.CASCADE, related_name="documents")
    kind = models.CharField(max_length=20, choices=DocumentKind.choices)
    name = models.CharField(max_length=200)
    content_type = models.CharField(max_length=100)
    size = models.BigIntegerField()
    stored_id = models.CharField(max_length=40)  # files.StoredFile.public_id in the tenant's schema
    uploaded_by_id = models.BigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("created_at", "id")

    def __str__(self) -> str:
        return self.public_id
