"""Files kept for a tenant (exports, imports, KYC documents, logos, batch files): one row per file in
the schema of the tenant it belongs to (the platform's own in the public schema); the bytes live in
the `cofre_files` storage under a key that starts with that schema."""

from __future__ import annotations

from django.db import models

# The one file of this category in a client's schema is its logo (company.services keeps one; the
# receipts say whether there is one).
LOGO_CATEGORY = "logo"


class StoredFile(models.Model):
    public_id = models.CharField(max_length=40, unique=True)
    category = models.CharField(max_length=32)  # e.g. "export", "payout_import", "kyc", "logo"
    name = models.CharField(max_length=200)  # the name a download suggests (sanitised)
    content_type = models.CharField(max_length=100)
    size = models.BigIntegerField()
    sha256 = models.CharField(max_length=64)
    storage_key = models.CharField(max_length=300, unique=True)
    owner_id = models.BigIntegerField(null=True, blank=True)  # accounts.User id of who made/uploaded it
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(null=True, blank=True)  # deleted by purge_expired after this

    class Meta:
        indexes = [
            models.Index(fields=("category", "owner_id", "-created_at"), name="file_cat_owner_idx"),
            models.Index(fields=("expires_at",), name="file_expires_idx"),
        ]

    def __str__(self) -> str:
        return self.public_id
